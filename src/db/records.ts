// What the store reads and writes, as plain typed records (camelCase, JSON columns parsed).
import { DEFAULT_LOCALE, type Locale, isLocale } from '../i18n/index.js';
import type { Action, GameState, RuleOptions, RuleSetId, Side } from '../engine/index.js';
import type { DiceSecret } from '../engine/keyedDice.js';

export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
export type GameStatus = 'active' | 'finished';
export type EndReason = 'won' | 'resigned' | 'timeout';
/** Why a game was closed without a winner: its channel is gone, or its message could never be posted. */
export type ClosedReason = 'channel-gone' | 'not-posted';

export interface ChallengeRecord {
  id: number;
  guildId: string;
  channelId: string;
  messageId: string | null;
  challengerId: string;
  opponentId: string;
  ruleset: RuleSetId;
  options: RuleOptions;
  status: ChallengeStatus;
  createdAt: number;
  expiresAt: number;
  resolvedAt: number | null;
  gameId: number | null;
  /** The status its message shows (null: not yet shown). */
  shownStatus: ChallengeStatus | null;
  /** The language its message is in (the server's when it was made). */
  locale: Locale;
}

export type NewChallenge = Pick<
  ChallengeRecord,
  'guildId' | 'channelId' | 'challengerId' | 'opponentId' | 'ruleset' | 'options' | 'createdAt' | 'expiresAt' | 'locale'
>;

export interface GameRecord {
  id: number;
  guildId: string;
  channelId: string;
  messageId: string | null;
  ruleset: RuleSetId;
  options: RuleOptions;
  /** The old seeded generator's 32-bit seed, for games stored before verifiable dice (0 with keyed dice). */
  seed: number;
  /**
   * Keyed dice's secret (src/engine/keyedDice.ts), from which the throws, the seats and the
   * computer's choices follow; null: the game throws from `seed`, as games did before. It prints as
   * `[dice secret]`: only its `hex()` shows it, once the game is over.
   */
  diceSecret: DiceSecret | null;
  state: GameState;
  version: number;
  status: GameStatus;
  seats: Record<Side, string>;
  toActId: string | null;
  botStrength: string | null;
  rated: boolean;
  turnDeadline: number | null;
  createdAt: number;
  finishedAt: number | null;
  winnerSide: Side | null;
  endReason: EndReason | null;
  score: number | null;
  /** The version its message shows (null: not yet shown). */
  shownVersion: number | null;
  closedReason: ClosedReason | null;
  /** The game's own thread, where its board is; null: the board is in `channelId`. */
  threadId: string | null;
  /** The message in `channelId` that points to the game in its thread (the challenge it started from). */
  lobbyMessageId: string | null;
  /** The status the lobby message shows (null: not yet shown). */
  lobbyShown: GameStatus | null;
  /** When the finished game's thread is to be archived (ms), or null. */
  archiveAt: number | null;
  /** The language its messages and pictures are in (the server's when it started). */
  locale: Locale;
}

export type NewGame = Pick<
  GameRecord,
  | 'guildId'
  | 'channelId'
  | 'messageId'
  | 'lobbyMessageId'
  | 'ruleset'
  | 'options'
  | 'seed'
  | 'diceSecret'
  | 'state'
  | 'seats'
  | 'toActId'
  | 'botStrength'
  | 'rated'
  | 'locale'
  | 'turnDeadline'
  | 'createdAt'
>;

/** A game's next state, written only if the stored version is still `expectedVersion`. */
export interface GameUpdate {
  expectedVersion: number;
  state: GameState;
  toActId: string | null;
  turnDeadline: number | null;
}

export interface GameEnd {
  expectedVersion: number;
  /** The final state (unchanged by a resignation or a timeout). */
  state: GameState;
  finishedAt: number;
  winnerSide: Side;
  endReason: EndReason;
  score: number | null;
  /** When its thread (if it has one) is to be archived. */
  archiveAt: number | null;
}

export interface LoggedAction {
  gameId: number;
  seq: number;
  userId: string;
  action: Action;
  throwValue: number | null;
  at: number;
}

export interface RatingRecord {
  guildId: string;
  /** Leaderboard season (1, 2, ...): ratings start again each season. */
  season: number;
  userId: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  updatedAt: number;
}

export interface RatingChangeRecord {
  guildId: string;
  season: number;
  userId: string;
  gameId: number;
  before: number;
  after: number;
  rd: number;
  at: number;
}

/** A stored language this version no longer has reads as English rather than failing. */
export const storedLocale = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

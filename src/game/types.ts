// The game service's plain inputs and results (no discord.js types): what src/commands sees.
import type { Locale, MessageKey, Params, Text, UserText } from '../i18n/index.js';
import type { ChallengeStatus, EndReason } from '../db/records.js';
import type { Action, GameState, RuleOptions, RuleSetId, Side } from '../engine/index.js';
import { type Result, err } from '../lib/result.js';
import type { BoardView, RenderedBoard } from '../render/index.js';
import type { ErrorCode } from './errors.js';

export { ok } from '../lib/result.js';

/** A person as the chat shows them: the name they go by where it is shown (src/db/names.ts). */
export interface Player {
  id: string;
  name: UserText;
}

/**
 * A person as an interaction shows them, for the service to record: their display name (shown
 * outside servers and in other servers) and, in a server, their nickname there (null: none).
 */
export interface SeenPlayer {
  id: string;
  name: string;
  nickname?: string | null;
}

/** Someone the service has stored already, known by id alone: nothing new to record. */
export interface KnownPlayer {
  id: string;
  name?: never;
}

/** A refusal: what kind, and the sentence the player sees (privately), said in their language by the adapter. */
export interface ServiceError {
  code: ErrorCode;
  message: Text;
}

/** Every service call answers with a value; expected user errors are never thrown. */
export type Outcome<T> = Result<T, ServiceError>;

export const fail = (code: ErrorCode, key: MessageKey, params?: Params): Outcome<never> =>
  err({ code, message: params ? { key, params } : { key } });

// ---- rendering (the renderer's contract, src/render/index.ts) ---------------------------

export type { BoardView, RenderedBoard } from '../render/index.js';

export type BoardRenderer = (state: GameState, view: BoardView) => Promise<RenderedBoard>;

export type { ReplayJob, ReplayOutput, ReplayRenderer } from './replayJob.js';

// ---- views ----------------------------------------------------------------------------

/** One button: its label and the action it sends back. */
export interface Choice {
  label: string;
  action: Action;
}

export interface RatingChange {
  userId: string;
  before: number;
  after: number;
}

export interface GameResult {
  winner: Player;
  loser: Player;
  score: number | null;
  reason: EndReason;
  /** Present for rated games only (not against the bot). Rounded to whole points. */
  ratings?: RatingChange[];
}

export interface GameView {
  gameId: number;
  /** The stale-click guard: a button carries gameId + version. */
  version: number;
  status: 'active' | 'finished';
  guildId: string;
  /** The language the game is shown in to the channel (its board, picture and results). */
  locale: Locale;
  ruleset: RuleSetId;
  options: RuleOptions;
  players: Record<Side, Player>;
  state: GameState;
  /** Who must act now; null once finished. */
  toAct: Player | null;
  /** True when the bot is to act: call `botStep(gameId)` (after a short pause) to play it. */
  botToAct: boolean;
  /** What just happened, with player names. */
  description: string;
  /** The buttons for `toAct` in button order; empty when the bot acts or the game is over. */
  choices: Choice[];
  board: RenderedBoard;
  result?: GameResult;
  /** When `toAct` forfeits by timeout (ms since epoch), or null. */
  turnDeadline: number | null;
  /** The channel the board's message is in: the game's own thread when it has one. */
  channelId: string;
  /** The board's message (null until posted). */
  messageId: string | null;
  /** The channel the game was started in (its thread's parent). */
  homeChannelId: string;
  threadId: string | null;
  /** In `homeChannelId`: the message the thread was started from, pointing to the game. */
  lobbyMessageId: string | null;
  /** What the board shows of its dice; null for a game from before verifiable dice. */
  dice: DiceShown | null;
}

/**
 * Keyed dice as a board shows them: the commitment (SHA-256 of the secret, 64 hex digits) from
 * the start, and the secret itself only once the game is over.
 */
export interface DiceShown {
  commitment: string;
  /** Null while the game is on. */
  secret: string | null;
}

/** Where a game is shown in the chat. */
export type GamePlacement = Pick<GameView, 'channelId' | 'messageId' | 'homeChannelId' | 'threadId' | 'lobbyMessageId'>;

export interface ChallengeView {
  challengeId: number;
  guildId: string;
  channelId: string;
  messageId: string | null;
  challenger: Player;
  opponent: Player;
  ruleset: RuleSetId;
  options: RuleOptions;
  status: ChallengeStatus;
  expiresAt: number;
  /** The game it started, once accepted. */
  gameId: number | null;
  /** The language its message is in. */
  locale: Locale;
}

/** What `challenge` made: a challenge to answer, or (against the bot) a game already started. */
export type ChallengeMade = { kind: 'challenge'; challenge: ChallengeView } | { kind: 'game'; game: GameView };

/** What `sweep` applied: each carries its channel and message ids so the chat can be updated. */
export interface SweepReport {
  expiredChallenges: ChallengeView[];
  timedOutGames: GameView[];
  /** Threads of games finished a while ago, to archive now. */
  threadsToArchive: string[];
}

/** A game to offer for /senet replay: its id and how the list names it. */
export interface GameChoiceEntry {
  gameId: number;
  label: string;
}

/** What the chat does not show yet (ids), found at start-up to catch up after a crash. */
export interface OutOfSync {
  /** Games whose message shows an older version (or none yet), finished ones included. */
  gamesBehind: number[];
  /** Games whose lobby message (pointing to their thread) shows an older status. */
  lobbiesBehind: number[];
  /** Answered or expired challenges whose message still shows an older status. */
  challengesBehind: number[];
  /** Active games and pending challenges whose message was never posted. */
  unpostedGames: number[];
  unpostedChallenges: number[];
}

// ---- standings --------------------------------------------------------------------------

export interface LeaderboardEntry {
  rank: number;
  player: Player;
  /** Guild-wide Glicko-2 rating, rounded; null if the player has no rating. */
  rating: number | null;
  games: number;
  wins: number;
  losses: number;
  /** Fewer than PROVISIONAL_GAMES rated games: listed after established players. */
  provisional: boolean;
}

export interface RulesetRecord {
  ruleset: RuleSetId;
  games: number;
  wins: number;
  losses: number;
  /** wins / games, 0..1. */
  winRate: number;
}

/** A player's figures as the asker may see them: from the games the asker could see (src/game/visibility.ts). */
export interface PlayerStats {
  player: Player;
  /** The guild's current leaderboard season: rating, provisional, seasonRecord and ratingHistory are its. */
  season: number;
  /**
   * Only `total` may be shown (someone else's stats outside servers): the other figures are empty,
   * and no rating or season is to be shown.
   */
  totalsOnly: boolean;
  /** The guild rating this season after the latest rated game seen (rounded), null before any. */
  rating: number | null;
  provisional: boolean;
  /** Rated games this season. */
  seasonRecord: Omit<RulesetRecord, 'ruleset'>;
  /** Every finished game in the guild, all seasons (against people and the bot). */
  total: Omit<RulesetRecord, 'ruleset'>;
  byRuleset: RulesetRecord[];
  vsBot: Omit<RulesetRecord, 'ruleset'>;
  /** The run of equal results ending with the latest game; null before any game. */
  streak: { result: 'won' | 'lost'; length: number } | null;
  ratingHistory: { gameId: number; before: number; after: number; at: number }[];
}

export interface HistoryEntry {
  gameId: number;
  opponent: Player;
  vsBot: boolean;
  ruleset: RuleSetId;
  result: 'won' | 'lost';
  reason: EndReason;
  score: number | null;
  rated: boolean;
  finishedAt: number;
}

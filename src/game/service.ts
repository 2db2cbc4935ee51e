// The game service: who may do what, in plain data (src/commands adapts it to Discord). Every
// call answers with an Outcome and never throws for a player's mistake; calls that return a
// board are async because drawing is. Each change is one IMMEDIATE transaction: read, check,
// apply through the engine, write the state with version + 1 and append to the log (and, when a
// rated game ends, the ratings). The work is split by concern:
//   challenges.ts  challenge, accept, decline, withdraw
//   play.ts        act (a click), botStep (the computer's action), resign
//   deadlines.ts   sweep: expiries and timeouts now due
//   reminders.ts   turn reminders due, their messages to delete, players' choice to get them
//   sync.ts        what the chat shows, what is behind or unposted, taking back what cannot be shown
//   lifecycle.ts   a game created, moved on, ended (inside the caller's transaction)
//   playerRecords.ts  leaderboard, stats, history; core.ts  what they all share
//   replays.ts     replays and reviews of stored games (read-only)
//
// Error codes: 'not-found' (no such game/challenge), 'finished' (game over, challenge already
// answered or expired), 'forbidden' (not your game/challenge), 'stale' (the button's version is
// old), 'not-your-turn', 'invalid' (bad input, illegal action, self-challenge, several games to
// resign and none named), 'busy' (the database stayed locked past busy_timeout), 'limit' (a
// server's limits: its channel list, live games per player, open challenges, a challenge between
// the pair already open, the decline cooldown; see limits.ts).
import { type Database, openDatabase } from '../db/connection.js';
import { type AnswerToken, AnswerTokenStore } from '../db/answerTokenStore.js';
import type { ClosedReason } from '../db/records.js';
import type { GameStore } from '../db/gameStore.js';
import { ONE_SHARD, type ShardScope, isShard } from '../db/shards.js';
import { type RuleSetId, type Variant, defaultOptions, newGame } from '../engine/index.js';
import {
  type AcceptInput,
  type ChallengeAnswer,
  type ChallengeInput,
  type RematchInput,
  accept,
  challenge,
  decline,
  rematch,
  withdraw,
} from './challenges.js';
import { chooseAction } from '../ai/index.js';
import { type AdminInput, changeSettings, showSettings } from './admin.js';
import { type SeasonClosed, newSeason, seasonAsked } from './seasons.js';
import type { SettingsChange, SettingsView } from './settings.js';
import { type BotChooser, DEFAULT_CONFIG, ServiceCore, type ServiceConfig } from './core.js';
import { sweep } from './deadlines.js';
import { type ActInput, type ResignInput, act, botStep, resign } from './play.js';
import { leaderboard, playerHistory, playerStats } from './playerRecords.js';
import {
  type MessageRef,
  type ReminderDue,
  claimDueReminders,
  recordReminder,
  reminderDeleted,
  reminderDeletions,
  remindersOn,
  setReminders,
} from './reminders.js';
import { type ChoicesInput, type ReplayInput, type ReplayView, gamesHere, recentGames, replay } from './replays.js';
import {
  type BoardRenderer,
  type ChallengeMade,
  type ChallengeView,
  type GameChoiceEntry,
  type GamePlacement,
  type GameView,
  type HistoryEntry,
  type LeaderboardEntry,
  type OutOfSync,
  type Outcome,
  type PlayerStats,
  type RenderedBoard,
  type ReplayRenderer,
  type SweepReport,
  fail,
  ok,
} from './types.js';
import {
  type BoardStanding,
  type ShownMarker,
  boardStanding,
  challengeView,
  markShown,
  outOfSync,
  placeGame,
  takeBack,
} from './sync.js';
import type { ServerSettings } from './settings.js';
import { verifyGames, type VerifyReport } from './verify.js';
import { statusDescription } from './views.js';

export type {
  AnswerToken,
  AcceptInput,
  ActInput,
  AdminInput,
  SeasonClosed,
  SettingsChange,
  SettingsView,
  ChallengeAnswer,
  ChallengeInput,
  MessageRef,
  RematchInput,
  ReminderDue,
  ReplayInput,
  ReplayView,
  ResignInput,
  ServiceConfig,
  ShardScope,
};
export { DEFAULT_CONFIG, ONE_SHARD, isShard };

/**
 * Where the games live: a database file the service opens (checked and migrated), or one already
 * opened so (the bot opens it before logging in, to stop at once on a damaged file).
 */
export type ServiceDatabase = { dbPath: string } | { db: Database };

export type ServiceOptions = ServiceDatabase & ServiceSettings;

export interface ServiceSettings {
  /** The bot's own user id: challenging it starts a game against the AI at once. */
  botUserId: string;
  now?: () => number;
  /** A 32-bit seed per new game (throws, seats and the bot's choices all derive from it). */
  newSeed?: () => number;
  config?: Partial<ServiceConfig>;
  /** How long a write waits for another process's transaction before answering 'busy' (default 5 s), when the service opens the file. */
  busyTimeoutMs?: number;
  /** The board renderer; default the real one (injectable so benchmarks can time the service without it). */
  renderBoard?: BoardRenderer;
  /** Draws replays and reviews; default on this thread (the bot injects its worker thread). */
  renderReplay?: ReplayRenderer;
  /** The computer player; default the AI on this thread (the bot passes one that searches on a worker). */
  chooseAction?: BotChooser;
  /**
   * The shard this process holds (default: one process for every server). Its deadlines,
   * reminders, catch-up and the bot's pending turns are only those of its servers (src/db/shards.ts).
   */
  shard?: ShardScope;
}

const randomSeed = (): number => (Math.random() * 0x1_0000_0000) | 0;

/**
 * The default renderer, loaded on first use: when the bot draws on worker threads it injects its
 * pool instead, and the main thread then never loads the canvas library and fonts.
 */
const renderOnThisThread: BoardRenderer = async (state, view) =>
  (await import('../render/index.js')).renderBoard(state, view);

/** The default replay renderer, loaded on first use like the board's. */
const replayOnThisThread: ReplayRenderer = async (job) => {
  const { modelChance, produceReplay } = await import('./replayJob.js');
  const output = produceReplay(job, modelChance);
  if (!output.ok) throw new Error(`replay of game ${job.gameId}: ${output.error}`);
  return output.value;
};
/** The default computer player: the AI on this thread (the bot passes one that searches on a worker). */
const chooseOnThisThread: BotChooser = (state, strength, seed) => Promise.resolve(chooseAction(state, strength, seed));

export function openService(options: ServiceOptions): GameService {
  const busy = options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs };
  const db = 'db' in options ? options.db : openDatabase(options.dbPath, busy);
  const core = new ServiceCore(db, {
    botUserId: options.botUserId,
    now: options.now ?? Date.now,
    newSeed: options.newSeed ?? randomSeed,
    config: { ...DEFAULT_CONFIG, ...options.config },
    render: options.renderBoard ?? renderOnThisThread,
    renderReplay: options.renderReplay ?? replayOnThisThread,
    choose: options.chooseAction ?? chooseOnThisThread,
    shard: options.shard ?? ONE_SHARD,
  });
  return new GameService(core);
}

export class GameService {
  private readonly startBoards = new Map<RuleSetId, Promise<RenderedBoard>>();
  private readonly answerTokens: AnswerTokenStore;

  constructor(private readonly core: ServiceCore) {
    this.answerTokens = new AnswerTokenStore(core.db);
  }

  /** Keeps the token of an interaction that answered a message the bot's own token cannot edit (stamped now). */
  rememberAnswer(answer: Omit<AnswerToken, 'issuedAt'>): void {
    this.answerTokens.remember({ ...answer, issuedAt: this.core.now() });
  }

  /** The latest interaction token that answered a message, or undefined when the bot's token edits it. */
  answerToken(messageId: string): AnswerToken | undefined {
    return this.answerTokens.latest(messageId);
  }

  /** Write transactions so far, and their waits for another process's (see GameStore.lockWaits). */
  lockWaits(): Readonly<GameStore['lockWaits']> {
    return { ...this.core.games.lockWaits };
  }

  get db(): ServiceCore['db'] {
    return this.core.db;
  }

  close(): void {
    this.core.db.close();
  }

  challenge(input: ChallengeInput): Promise<Outcome<ChallengeMade>> {
    return challenge(this.core, input);
  }

  accept(input: AcceptInput): Promise<Outcome<GameView>> {
    return accept(this.core, input);
  }

  decline(input: ChallengeAnswer): Outcome<ChallengeView> {
    return decline(this.core, input);
  }

  withdraw(input: ChallengeAnswer): Outcome<ChallengeView> {
    return withdraw(this.core, input);
  }

  rematch(input: RematchInput): Promise<Outcome<ChallengeMade>> {
    return rematch(this.core, input);
  }

  act(input: ActInput): Promise<Outcome<GameView>> {
    return act(this.core, input);
  }

  botStep(gameId: number, version?: number): Promise<Outcome<GameView>> {
    return botStep(this.core, gameId, version);
  }

  resign(input: ResignInput): Promise<Outcome<GameView>> {
    return resign(this.core, input);
  }

  sweep(): Promise<SweepReport> {
    return sweep(this.core);
  }

  // ---- turn reminders (src/bot/reminders.ts posts and deletes them) ---------------------------

  /** Claims the reminders now due (each counted as sent before it is posted: at most once). */
  claimReminders(): ReminderDue[] {
    return claimDueReminders(this.core);
  }

  /** Records a posted reminder's message, so it is deleted once its turn is over. */
  recordReminder(due: ReminderDue, posted: MessageRef): Outcome<null> {
    return recordReminder(this.core, due, posted);
  }

  /** Reminder messages waiting to be deleted (at most `limit`). */
  reminderDeletions(limit: number): MessageRef[] {
    return reminderDeletions(this.core, limit);
  }

  /** A reminder message deleted (or already gone): `done`; or a failed attempt, tried again later. */
  reminderDeleted(message: MessageRef, done: boolean): Outcome<null> {
    return reminderDeleted(this.core, message, done);
  }

  /** A player's choice to get turn reminders, the same in every server. */
  setReminders(userId: string, on: boolean): Outcome<boolean> {
    return setReminders(this.core, userId, on);
  }

  remindersOn(userId: string): boolean {
    return remindersOn(this.core, userId);
  }

  /** Game ids where the bot is to act, in this process's servers (resumed at start-up). */
  pendingBotGames(): number[] {
    return this.core.games.gamesAwaiting(this.core.botUserId);
  }

  /** A player's live games here (this thread, or started in this channel), for /senet resign's list. */
  gamesHere(input: ChoicesInput & { channelId: string }): GameChoiceEntry[] {
    return gamesHere(this.core, input);
  }

  /** The settings in force in a server. */
  settings(guildId: string): ServerSettings {
    return this.core.settingsOf(guildId);
  }

  async game(gameId: number): Promise<Outcome<GameView>> {
    const game = this.core.games.game(gameId);
    if (!game) return fail('not-found', 'error.noSuchGame');
    return ok(await this.core.view(this.core.snapshot(game, statusDescription)));
  }

  /**
   * Records the message showing a challenge, a game's board, or a game's lobby (the channel
   * message its thread starts from), so later edits (sweeps, restarts) find it.
   */
  setMessage(kind: 'challenge' | 'game' | 'lobby', id: number, messageId: string): Outcome<null> {
    const { games } = this.core;
    const saved =
      kind === 'challenge'
        ? games.setChallengeMessage(id, messageId)
        : kind === 'game'
          ? games.setGameMessage(id, messageId)
          : games.setLobbyMessage(id, messageId);
    return saved ? ok(null) : fail('not-found', kind === 'challenge' ? 'error.noSuchChallenge' : 'error.noSuchGame');
  }

  /** The game's thread was made: its board goes there. Resolves to where the game is now shown. */
  setThread(gameId: number, threadId: string): Outcome<GamePlacement> {
    return placeGame(this.core, gameId, (games) => games.setThread(gameId, threadId));
  }

  /** No thread could be made: the game is played in its channel, its board replacing the lobby message. */
  playInChannel(gameId: number): Outcome<GamePlacement> {
    return placeGame(this.core, gameId, (games) => games.playInChannel(gameId));
  }

  // ---- keeping the chat in step with the database (src/bot/messageSync.ts) ------------------

  /** Records what a message now shows: a game's version, a challenge's or a lobby's status. */
  markShown(marker: ShownMarker): void {
    markShown(this.core, marker);
  }

  /** Where a game's board is and whether its message is behind, without drawing it. */
  boardStanding(gameId: number): Outcome<BoardStanding> {
    return boardStanding(this.core, gameId);
  }

  outOfSync(): OutOfSync {
    return outOfSync(this.core);
  }

  challengeView(challengeId: number): Outcome<ChallengeView> {
    return challengeView(this.core, challengeId);
  }

  takeBack(kind: 'challenge' | 'game', id: number, reason: ClosedReason): Outcome<null> {
    return takeBack(this.core, kind, id, reason);
  }

  /** The picture of a rule set's start position (for /senet rules), drawn once per rule set. */
  startBoard(ruleset: RuleSetId): Promise<RenderedBoard> {
    let board = this.startBoards.get(ruleset);
    if (!board) {
      const state = newGame(ruleset, defaultOptions(ruleset), 1);
      if (!state.ok) return Promise.reject(new Error(state.error));
      board = this.core.render(state.value, { names: { W: 'Light', B: 'Dark' } });
      this.startBoards.set(ruleset, board);
    }
    return board;
  }

  /** A season's leaderboard (default: the current season's). */
  leaderboard(input: {
    guildId: string;
    ruleset?: string;
    season?: number;
    limit?: number;
  }): Outcome<LeaderboardEntry[]> {
    const season = seasonAsked(this.core, input.guildId, input.season);
    return season.ok ? leaderboard(this.core.ratings, { ...input, season: season.value }) : season;
  }

  /** What a challenge naming no rules plays in a server. */
  defaultVariant(guildId: string): Variant {
    return this.core.settingsOf(guildId).defaultVariant;
  }

  /** The leaderboard season running in a server. */
  currentSeason(guildId: string): number {
    return this.core.server.currentSeason(guildId);
  }

  stats(input: { guildId: string; userId: string }): Outcome<PlayerStats> {
    const season = this.core.server.currentSeason(input.guildId);
    return playerStats(this.core.games, this.core.ratings, { ...input, season });
  }

  // ---- /senet-admin (each call checks Manage Server) --------------------------------------

  serverSettings(input: AdminInput): Outcome<SettingsView> {
    return showSettings(this.core, input);
  }

  changeServerSettings(input: AdminInput & { change: SettingsChange }): Outcome<SettingsView> {
    return changeSettings(this.core, input);
  }

  newSeason(input: AdminInput): Outcome<SeasonClosed> {
    return newSeason(this.core, input);
  }

  history(input: { guildId: string; userId: string; limit?: number }): Outcome<HistoryEntry[]> {
    return playerHistory(this.core.games, this.core.ratings, input);
  }

  /** The player's recent games in a guild, newest first, for /senet replay's list. */
  recentGames(input: ChoicesInput & { guildId: string }): GameChoiceEntry[] {
    return recentGames(this.core, input);
  }

  /** A game's animated replay and, with a win-chance estimate, its review. */
  replay(input: ReplayInput): Promise<Outcome<ReplayView>> {
    return replay(this.core, input);
  }

  /** The replay check over stored games (all by default); see verify.ts. */
  verify(gameIds?: readonly number[]): VerifyReport {
    return verifyGames(this.core.games, gameIds);
  }
}

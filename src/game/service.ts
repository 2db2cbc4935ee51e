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
//   privacy.ts     what is stored about a person, and deleting it; serverData.ts  the same for a server
//
// Error codes: the documented list in errors.ts.
import { openSqlite } from '../db/sqlite.js';
import type { Database, WriteTiming } from '../db/sql.js';
import { type AnswerToken, AnswerTokenStore } from '../db/answerTokenStore.js';
import type { ClosedReason } from '../db/records.js';
import { probeWrite } from '../db/health.js';
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
import { type BotChooser, DEFAULT_CONFIG, type LockWaits, ServiceCore, type ServiceConfig } from './core.js';
import { type DueForfeit, dueForfeits, sweep } from './deadlines.js';
import { type Viewer, statsFor } from './visibility.js';
import { type ActInput, type ResignInput, act, botStep, resign } from './play.js';
import { leaderboard, playerHistory, playerStats } from './playerRecords.js';
import { type PlayerData, forgetPlayer, playerData } from './privacy.js';
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
import {
  type ServerData,
  deleteServerData,
  purgeLeftServers,
  serverData,
  serverLeft,
  serversPresent,
} from './serverData.js';
import { verifyGames, type VerifyReport } from './verify.js';
import { type GameSnapshot, statusDescription } from './views.js';
import {
  type CreateTournamentInput,
  type EntryInput,
  type TournamentAdminInput,
  type TournamentSpec,
  cancelTournament,
  createTournament,
  joinTournament,
  leaveTournament,
  removeFromTournament,
  startTournamentNow,
} from './tournamentEntry.js';
import { advanceTournament } from './tournamentRounds.js';
import { type TournamentView, tournamentView } from './tournamentViews.js';

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
  PlayerData,
  RematchInput,
  ReminderDue,
  ReplayInput,
  ReplayView,
  Viewer,
  ResignInput,
  ServerData,
  ShardScope,
  WriteTiming,
  CreateTournamentInput,
  EntryInput,
  TournamentAdminInput,
  TournamentSpec,
  TournamentView,
};

/** A tournament after a change, with the games the change started or ended (each to post or show). */
export interface TournamentChange {
  tournament: TournamentView;
  started: GameView[];
  ended: GameView[];
  closed: 'finished' | 'cancelled' | null;
}
export { ONE_SHARD, isShard };

/**
 * Where the games live: a database file the service opens (checked and migrated), or one already
 * opened so (the bot opens it before logging in, to stop at once on a damaged file).
 */
type ServiceDatabase = { dbPath: string } | { db: Database };

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
  const db = 'db' in options ? options.db : openSqlite(options.dbPath, busy);
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

/** How long Discord honours an interaction's token: a stored one is erased after that. */
const ANSWER_TOKEN_LIFETIME_MS = 15 * 60_000;

export class GameService {
  private readonly startBoards = new Map<RuleSetId, Promise<RenderedBoard>>();
  private readonly answerTokens: AnswerTokenStore;

  constructor(private readonly core: ServiceCore) {
    this.answerTokens = new AnswerTokenStore(core.db);
  }

  /** Keeps the token of an interaction that answered a message the bot's own token cannot edit (stamped now). */
  async rememberAnswer(answer: Omit<AnswerToken, 'issuedAt'>): Promise<void> {
    await this.answerTokens.remember({ ...answer, issuedAt: this.core.now() });
  }

  /** The latest interaction token that answered a message, or undefined when the bot's token edits it. */
  async answerToken(messageId: string): Promise<AnswerToken | undefined> {
    return await this.answerTokens.latest(messageId);
  }

  /** Write transactions so far, and their waits for their turn (see ServiceCore.lockWaits). */
  lockWaits(): Readonly<LockWaits> {
    return { ...this.core.lockWaits };
  }

  /** Tells `observer` of each write transaction's lock wait and commit time (the bot's metrics). */
  observeWrites(observer: (timing: WriteTiming) => void): void {
    this.core.onWrite = observer;
  }

  /** Games being played on this process's shard. */
  async liveGames(): Promise<number> {
    return await this.core.games.liveGameCount();
  }

  /** Commits one small write (GET /healthz: the database still takes writes); throws SQLite's error when it does not. */
  probeWrite(): Promise<void> {
    return probeWrite(this.core.db);
  }

  get db(): ServiceCore['db'] {
    return this.core.db;
  }

  close(): Promise<void> {
    return this.core.db.close();
  }

  async challenge(input: ChallengeInput): Promise<Outcome<ChallengeMade>> {
    return await challenge(this.core, input);
  }

  async accept(input: AcceptInput): Promise<Outcome<GameView>> {
    return await accept(this.core, input);
  }

  async decline(input: ChallengeAnswer): Promise<Outcome<ChallengeView>> {
    return await decline(this.core, input);
  }

  async withdraw(input: ChallengeAnswer): Promise<Outcome<ChallengeView>> {
    return await withdraw(this.core, input);
  }

  async rematch(input: RematchInput): Promise<Outcome<ChallengeMade>> {
    return await rematch(this.core, input);
  }

  async act(input: ActInput): Promise<Outcome<GameView>> {
    return await act(this.core, input);
  }

  async botStep(gameId: number, version?: number): Promise<Outcome<GameView>> {
    return await botStep(this.core, gameId, version);
  }

  async resign(input: ResignInput): Promise<Outcome<GameView>> {
    return await resign(this.core, input);
  }

  /** Server games whose turn is over, to check their channel before the sweep forfeits them. */
  async dueForfeits(): Promise<DueForfeit[]> {
    return await dueForfeits(this.core);
  }

  /** Applies the deadlines now due; also forgets the answer tokens Discord no longer honours or nothing needs. */
  async sweep(): Promise<SweepReport> {
    // A day back covers every sweep since a game ended (a board shown later keeps only its erased mark).
    const now = this.core.now();
    await this.answerTokens.forget(now - ANSWER_TOKEN_LIFETIME_MS, now - 24 * 3_600_000);
    return await sweep(this.core);
  }

  // ---- turn reminders (src/bot/reminders.ts posts and deletes them) ---------------------------

  /** Claims the reminders now due (each counted as sent before it is posted: at most once). */
  async claimReminders(): Promise<ReminderDue[]> {
    return await claimDueReminders(this.core);
  }

  /** Records a posted reminder's message, so it is deleted once its turn is over. */
  async recordReminder(due: ReminderDue, posted: MessageRef): Promise<Outcome<null>> {
    return await recordReminder(this.core, due, posted);
  }

  /** Reminder messages waiting to be deleted (at most `limit`). */
  async reminderDeletions(limit: number): Promise<MessageRef[]> {
    return await reminderDeletions(this.core, limit);
  }

  /** A reminder message deleted (or already gone): `done`; or a failed attempt, tried again later. */
  async reminderDeleted(message: MessageRef, done: boolean): Promise<Outcome<null>> {
    return await reminderDeleted(this.core, message, done);
  }

  /** A player's choice to get turn reminders, the same in every server. */
  async setReminders(userId: string, on: boolean): Promise<Outcome<boolean>> {
    return await setReminders(this.core, userId, on);
  }

  async remindersOn(userId: string): Promise<boolean> {
    return await remindersOn(this.core, userId);
  }

  /** Game ids where the bot is to act, in this process's servers (resumed at start-up). */
  async pendingBotGames(): Promise<number[]> {
    return await this.core.games.gamesAwaiting(this.core.botUserId);
  }

  /** A player's live games here (this thread, or started in this channel), for /senet resign's list. */
  async gamesHere(input: ChoicesInput & { channelId: string }): Promise<GameChoiceEntry[]> {
    return await gamesHere(this.core, input);
  }

  /** The settings in force in a server. */
  async settings(guildId: string): Promise<ServerSettings> {
    return await this.core.settingsOf(guildId);
  }

  async game(gameId: number): Promise<Outcome<GameView>> {
    const game = await this.core.games.game(gameId);
    if (!game) return fail('not-found', 'error.noSuchGame');
    return ok(await this.core.view(await this.core.snapshot(game, statusDescription)));
  }

  /**
   * Records the message showing a challenge, a game's board, or a game's lobby (the channel
   * message its thread starts from), so later edits (sweeps, restarts) find it.
   */
  async setMessage(kind: 'challenge' | 'game' | 'lobby', id: number, messageId: string): Promise<Outcome<null>> {
    const { games } = this.core;
    const saved = await (kind === 'challenge'
      ? games.setChallengeMessage(id, messageId)
      : kind === 'game'
        ? games.setGameMessage(id, messageId)
        : games.setLobbyMessage(id, messageId));
    return saved ? ok(null) : fail('not-found', kind === 'challenge' ? 'error.noSuchChallenge' : 'error.noSuchGame');
  }

  /** The game's thread was made: its board goes there. Resolves to where the game is now shown. */
  async setThread(gameId: number, threadId: string): Promise<Outcome<GamePlacement>> {
    return await placeGame(this.core, gameId, (games) => games.setThread(gameId, threadId));
  }

  /** No thread could be made: the game is played in its channel, its board replacing the lobby message. */
  async playInChannel(gameId: number): Promise<Outcome<GamePlacement>> {
    return await placeGame(this.core, gameId, (games) => games.playInChannel(gameId));
  }

  // ---- keeping the chat in step with the database (src/bot/messageSync.ts) ------------------

  /** Records what a message now shows: a game's version, a challenge's or a lobby's status. */
  markShown(marker: ShownMarker): Promise<void> {
    return markShown(this.core, marker);
  }

  /** Where a game's board is and whether its message is behind, without drawing it. */
  async boardStanding(gameId: number): Promise<Outcome<BoardStanding>> {
    return await boardStanding(this.core, gameId);
  }

  async outOfSync(): Promise<OutOfSync> {
    return await outOfSync(this.core);
  }

  async challengeView(challengeId: number): Promise<Outcome<ChallengeView>> {
    return await challengeView(this.core, challengeId);
  }

  async takeBack(kind: 'challenge' | 'game', id: number, reason: ClosedReason): Promise<Outcome<null>> {
    return await takeBack(this.core, kind, id, reason);
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
  async leaderboard(input: {
    guildId: string;
    ruleset?: string;
    season?: number;
    limit?: number;
  }): Promise<Outcome<LeaderboardEntry[]>> {
    const season = await seasonAsked(this.core, input.guildId, input.season);
    return season.ok ? await leaderboard(this.core.ratings, { ...input, season: season.value }) : season;
  }

  /** What a challenge naming no rules plays in a server. */
  async defaultVariant(guildId: string): Promise<Variant> {
    return (await this.core.settingsOf(guildId)).defaultVariant;
  }

  /** The leaderboard season running in a server. */
  async currentSeason(guildId: string): Promise<number> {
    return await this.core.server.currentSeason(guildId);
  }

  /** A player's figures where the asker is, as much as the asker may see (src/game/visibility.ts). */
  async stats(input: { viewer: Viewer; userId: string }): Promise<Outcome<PlayerStats>> {
    const { guildId } = input.viewer;
    const season = await this.core.server.currentSeason(guildId);
    const found = await playerStats(this.core.games, this.core.ratings, { guildId, userId: input.userId, season });
    return found.ok ? ok(statsFor(input.viewer, found.value)) : found;
  }

  // ---- /senet-admin (each call checks Manage Server) --------------------------------------

  async serverSettings(input: AdminInput): Promise<Outcome<SettingsView>> {
    return await showSettings(this.core, input);
  }

  async changeServerSettings(input: AdminInput & { change: SettingsChange }): Promise<Outcome<SettingsView>> {
    return await changeSettings(this.core, input);
  }

  async newSeason(input: AdminInput): Promise<Outcome<SeasonClosed>> {
    return await newSeason(this.core, input);
  }

  // ---- data rights (/senet privacy, /senet-admin data, servers the bot left) -----------------

  /** What the bot stores about a person. */
  async playerData(userId: string): Promise<PlayerData> {
    return await playerData(this.core, userId);
  }

  /** Deletes what the bot stores about a person; their games stay with a stand-in named `standInName`. */
  async forgetPlayer(input: { userId: string; standInName: string }): Promise<Outcome<PlayerData>> {
    return await forgetPlayer(this.core, input);
  }

  /** What the bot stores about the admin's server (Manage Server checked). */
  async serverData(input: AdminInput): Promise<Outcome<ServerData>> {
    return await serverData(this.core, input);
  }

  /** Deletes everything stored for the admin's server (Manage Server checked). */
  async deleteServerData(input: AdminInput): Promise<Outcome<ServerData>> {
    return await deleteServerData(this.core, input);
  }

  /** The bot left a server: its data is deleted after the grace period unless it comes back. */
  async serverLeft(guildId: string): Promise<Outcome<null>> {
    return await serverLeft(this.core, guildId);
  }

  /** The bot is in these servers: any deletion pending for them is called off (those answered). */
  async serversPresent(guildIds: readonly string[]): Promise<Outcome<string[]>> {
    return await serversPresent(this.core, guildIds);
  }

  /** Deletes the data of this shard's servers the bot left longer ago than the grace period. */
  async purgeLeftServers(): Promise<string[]> {
    return await purgeLeftServers(this.core);
  }

  /** A player's last games here that the asker may see, newest first. */
  async history(input: { viewer: Viewer; userId: string; limit?: number }): Promise<Outcome<HistoryEntry[]>> {
    return await playerHistory(this.core.games, this.core.ratings, input);
  }

  /** The player's recent games here that they may still see, newest first, for /senet replay's list. */
  async recentGames(input: ChoicesInput & { viewer: Viewer }): Promise<GameChoiceEntry[]> {
    return await recentGames(this.core, input);
  }

  /** A game's animated replay and, with a win-chance estimate, its review. */
  async replay(input: ReplayInput): Promise<Outcome<ReplayView>> {
    return await replay(this.core, input);
  }

  // ---- tournaments (src/commands/tournament*.ts, src/bot/tournaments.ts) ------------------------

  /** Tells `listener` of every tournament a committed change touched (the bot's runner moves it on). */
  onTournamentChange(listener: (tournamentId: number) => void): void {
    this.core.onTournamentChange = listener;
  }

  async createTournament(input: CreateTournamentInput): Promise<Outcome<TournamentView>> {
    return await createTournament(this.core, input);
  }

  async joinTournament(input: EntryInput): Promise<Outcome<TournamentView>> {
    return await joinTournament(this.core, input);
  }

  async leaveTournament(input: EntryInput): Promise<Outcome<TournamentChange>> {
    const left = await leaveTournament(this.core, input);
    return left.ok ? ok(await this.changeOf(left.value.tournament, [], left.value.forfeited, null)) : left;
  }

  async startTournament(input: TournamentAdminInput): Promise<Outcome<TournamentView>> {
    return await startTournamentNow(this.core, input);
  }

  async cancelTournament(input: TournamentAdminInput): Promise<Outcome<TournamentView>> {
    return await cancelTournament(this.core, input);
  }

  async removeFromTournament(input: TournamentAdminInput & { playerId: string }): Promise<Outcome<TournamentChange>> {
    const removed = await removeFromTournament(this.core, input);
    return removed.ok ? ok(await this.changeOf(removed.value.tournament, [], removed.value.forfeited, null)) : removed;
  }

  /** A tournament of this server, as it stands. */
  async tournament(tournamentId: number, guildId: string): Promise<Outcome<TournamentView>> {
    const t = await this.core.tournaments.tournament(tournamentId);
    if (!t || t.guildId !== guildId) return fail('not-found', 'tournament.notFound');
    return ok(await tournamentView(this.core, t));
  }

  /** A tournament by its id alone, for the runner of the process whose shard holds its server. */
  async storedTournament(tournamentId: number): Promise<Outcome<TournamentView>> {
    const t = await this.core.tournaments.tournament(tournamentId);
    return t ? ok(await tournamentView(this.core, t)) : fail('not-found', 'tournament.notFound');
  }

  /** A server's tournaments, newest first. */
  async tournamentsIn(guildId: string, limit = 10): Promise<TournamentView[]> {
    const views: TournamentView[] = [];
    for (const t of await this.core.tournaments.recentIn(guildId, limit))
      views.push(await tournamentView(this.core, t));
    return views;
  }

  async setTournamentMessage(tournamentId: number, messageId: string): Promise<void> {
    await this.core.tournaments.setMessage(tournamentId, messageId);
  }

  async setTournamentEvent(tournamentId: number, eventId: string): Promise<void> {
    await this.core.tournaments.setEvent(tournamentId, eventId);
  }

  /** Records that the tournament's message shows `version`. */
  async tournamentShown(tournamentId: number, version: number): Promise<void> {
    await this.core.tournaments.markShown(tournamentId, version);
  }

  /** This process's tournaments with work due now: a start, a round over or out of time. */
  async dueTournaments(): Promise<number[]> {
    return await this.core.tournaments.due(this.core.now());
  }

  /** This process's tournaments whose message is behind the database. */
  async tournamentsBehind(): Promise<number[]> {
    return await this.core.tournaments.behind();
  }

  /** Does what is due in a tournament; the games it started are to be posted, those it ended shown. */
  async advanceTournament(tournamentId: number): Promise<Outcome<TournamentChange>> {
    const step = await advanceTournament(this.core, tournamentId);
    if (!step.ok) return step;
    const t = (await this.core.tournaments.tournament(tournamentId))!;
    const { started, ended, closed } = step.value;
    return ok(await this.changeOf(await tournamentView(this.core, t), started, ended, closed));
  }

  private async changeOf(
    tournament: TournamentView,
    startedIds: readonly number[],
    ended: readonly GameSnapshot[],
    closed: TournamentChange['closed'],
  ): Promise<TournamentChange> {
    const started: GameView[] = [];
    for (const id of startedIds) {
      const view = await this.game(id);
      if (view.ok) started.push(view.value);
    }
    const endedViews: GameView[] = [];
    for (const snapshot of ended) endedViews.push(await this.core.view(snapshot));
    return { tournament, started, ended: endedViews, closed };
  }

  /** The replay check over stored games (all by default); see verify.ts. */
  async verify(gameIds?: readonly number[]): Promise<VerifyReport> {
    return await verifyGames(this.core.games, gameIds);
  }
}

// The game service: joins the engine, the database, the renderer and the AI, and decides who may
// do what. Plain data in and out; src/commands adapts it to Discord.
//
// API as built (refines the brief's contract; every call answers with an Outcome, never throws
// for a user error; calls that return a board are async because rendering is):
//   openService(options: ServiceOptions): GameService
//   challenge(input: ChallengeInput): Promise<Outcome<ChallengeMade>>   // {kind:'challenge'} or, vs the bot, {kind:'game'}
//   accept({challengeId, userId}): Promise<Outcome<GameView>>           // the game inherits the challenge's messageId
//   decline({challengeId, userId}): Outcome<ChallengeView>              // the challenged player only
//   cancel({challengeId, userId}): Outcome<ChallengeView>               // the challenger only
//   act({gameId, userId, version, action}): Promise<Outcome<GameView>>
//   resign({gameId? | channelId?, userId}): Promise<Outcome<GameView>>  // either player, at any time
//   botStep(gameId, version?): Promise<Outcome<GameView>>               // one bot action
//   sweep(): Promise<SweepReport>                                       // expiries and timeouts now due
//   pendingBotGames(): number[]                                         // game ids where the bot is to act
//   gameInChannel(channelId): Promise<Outcome<GameView>>
//   game(gameId): Promise<Outcome<GameView>>
//   activeGamesOf(userId): GameSummary[]
//   setMessage(kind: 'challenge'|'game', id, messageId): Outcome<null>
//   startBoard(ruleset): Promise<RenderedBoard>                          // for /senet rules
//   leaderboard({guildId, ruleset?, limit?}): Outcome<LeaderboardEntry[]>
//   stats({guildId, userId}): Outcome<PlayerStats>
//   history({guildId, userId, limit?}): Outcome<HistoryEntry[]>
//   verify(gameIds?): VerifyReport;  close(): void
//
// Error codes: 'not-found' (no such game/challenge), 'finished' (game over, challenge already
// answered or expired), 'forbidden' (not your game/challenge), 'stale' (the button's version is
// old), 'not-your-turn', 'invalid' (bad input, illegal action, self-challenge), 'busy' (a game
// already runs in the channel, a challenge between the pair is already open, or the database
// stayed locked past busy_timeout).
//
// Every change is one IMMEDIATE transaction: read, check, apply through the engine, write the
// state with version + 1 and append to the log (and, when a rated game ends, the ratings).
// Rendering happens after the commit, so a slow picture never holds the database lock.
import type { Database } from 'better-sqlite3';
import { chooseAction, decisionSeed, strengthOf } from '../ai/index.js';
import { openDatabase } from '../db/connection.js';
import { GameStore } from '../db/gameStore.js';
import { RatingStore } from '../db/ratingStore.js';
import type { ChallengeRecord, EndReason, GameRecord } from '../db/records.js';
import {
  type Action,
  type GameEvent,
  type GameState,
  type RuleOptions,
  type RuleSetId,
  type Side,
  RULESETS,
  SIDES,
  applyAction,
  describeEvents,
  isError,
  isRuleSetId,
  newGame,
  opponentOf,
  resolveRules,
} from '../engine/index.js';
import { leaderboard, playerHistory, playerStats, recordRatedResult } from './playerRecords.js';
import { seatsFromSeed } from './seeds.js';
import {
  type BoardRenderer,
  type ChallengeMade,
  type ChallengeView,
  type GameView,
  type HistoryEntry,
  type LeaderboardEntry,
  type Outcome,
  type Player,
  type PlayerStats,
  type RenderedBoard,
  type Strength,
  type SweepReport,
  fail,
  ok,
} from './types.js';
import { verifyGames, type VerifyReport } from './verify.js';
import {
  type GameSnapshot,
  challengeView,
  endDescription,
  namesOf,
  renderView,
  sideOf,
  startDescription,
  statusDescription,
  storedResult,
} from './views.js';

export interface ServiceConfig {
  /** How long a challenge waits for an answer. */
  challengeTtlMs: number;
  /** How long a player may take to act before forfeiting. */
  turnTtlMs: number;
}

export const DEFAULT_CONFIG: ServiceConfig = { challengeTtlMs: 10 * 60_000, turnTtlMs: 24 * 3_600_000 };

export interface ServiceOptions {
  dbPath: string;
  /** The bot's own user id: challenging it starts a game against the AI at once. */
  botUserId: string;
  now?: () => number;
  /** A 32-bit seed per new game (throws, seats and the bot's choices all derive from it). */
  newSeed?: () => number;
  config?: Partial<ServiceConfig>;
  /** How long a write waits for another process's transaction before answering 'busy' (default 5 s). */
  busyTimeoutMs?: number;
  /** The board renderer; default the real one (injectable so benchmarks can time the service without it). */
  renderBoard?: BoardRenderer;
  /** The computer player; default the AI on this thread (the bot passes one that searches on a worker). */
  chooseAction?: (state: GameState, strength: Strength, seed: number) => Promise<Action>;
}

export interface ChallengeInput {
  guildId: string;
  channelId: string;
  challenger: Player;
  opponent: Player;
  ruleset: string;
  options?: RuleOptions;
  /** Only for games against the bot; default 'medium'. */
  strength?: Strength;
}

export interface GameSummary {
  gameId: number;
  guildId: string;
  channelId: string;
  messageId: string | null;
  ruleset: string;
  opponentId: string;
  yourTurn: boolean;
}

const randomSeed = (): number => (Math.random() * 0x1_0000_0000) | 0;

export function openService(options: ServiceOptions): GameService {
  const db = openDatabase(
    options.dbPath,
    options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs },
  );
  return new GameService(db, options);
}

/**
 * The default renderer, loaded on first use: when the bot draws on worker threads it injects its
 * pool instead, and the main thread then never loads the canvas library and fonts (~16 MB).
 */
const renderOnThisThread: BoardRenderer = async (state, view) =>
  (await import('../render/index.js')).renderBoard(state, view);

export class GameService {
  readonly db: Database;
  private readonly games: GameStore;
  private readonly ratings: RatingStore;
  private readonly botUserId: string;
  private readonly now: () => number;
  private readonly newSeed: () => number;
  private readonly config: ServiceConfig;
  private readonly render: BoardRenderer;
  private readonly choose: NonNullable<ServiceOptions['chooseAction']>;
  private readonly startBoards = new Map<RuleSetId, Promise<RenderedBoard>>();

  constructor(db: Database, options: ServiceOptions) {
    this.db = db;
    this.games = new GameStore(db);
    this.ratings = new RatingStore(db);
    this.botUserId = options.botUserId;
    this.now = options.now ?? Date.now;
    this.newSeed = options.newSeed ?? randomSeed;
    this.config = { ...DEFAULT_CONFIG, ...options.config };
    this.render = options.renderBoard ?? renderOnThisThread;
    this.choose =
      options.chooseAction ?? ((state, strength, seed) => Promise.resolve(chooseAction(state, strength, seed)));
  }

  close(): void {
    this.db.close();
  }

  // ---- challenges ------------------------------------------------------------------------

  async challenge(input: ChallengeInput): Promise<Outcome<ChallengeMade>> {
    const { guildId, channelId, challenger, opponent } = input;
    if (challenger.id === opponent.id) return fail('invalid', 'You cannot challenge yourself.');
    if (challenger.id === this.botUserId) return fail('invalid', 'The bot does not issue challenges.');
    if (!isRuleSetId(input.ruleset)) return fail('invalid', `Unknown rule set "${input.ruleset}".`);
    const rules = resolveRules(input.ruleset, input.options ?? {});
    if (typeof rules === 'string') return fail('invalid', `Those options do not work: ${rules}.`);
    const strength = strengthOf(input.strength ?? 'medium');
    if (!strength) return fail('invalid', `Unknown strength "${String(input.strength)}".`);
    const vsBot = opponent.id === this.botUserId;

    const made = this.transact(() => {
      const now = this.now();
      const busy = this.channelBusy(channelId);
      if (busy) return busy;
      this.games.savePlayer(challenger.id, challenger.name, now);
      this.games.savePlayer(opponent.id, opponent.name, now);
      if (vsBot) {
        const game = this.startGame(
          { guildId, channelId, messageId: null, ruleset: rules.id, options: rules.options },
          challenger.id,
          opponent.id,
          strength,
        );
        return ok<ChallengeMade | GameSnapshot>(this.snapshot(game, startDescription));
      }
      if (this.games.pendingChallengeBetween(channelId, challenger.id, opponent.id)) {
        return fail(
          'busy',
          `There is already an open challenge between ${challenger.name} and ${opponent.name} in this channel.`,
        );
      }
      const id = this.games.insertChallenge({
        guildId,
        channelId,
        challengerId: challenger.id,
        opponentId: opponent.id,
        ruleset: rules.id,
        options: rules.options,
        createdAt: now,
        expiresAt: now + this.config.challengeTtlMs,
      });
      return ok<ChallengeMade | GameSnapshot>({
        kind: 'challenge',
        challenge: this.challengeViewOf(this.games.challenge(id)!),
      });
    });
    if (!made.ok) return made;
    if ('kind' in made.value) return ok(made.value);
    return ok({ kind: 'game', game: await this.view(made.value) });
  }

  async accept(input: { challengeId: number; userId: string }): Promise<Outcome<GameView>> {
    const started = this.transact(() => {
      const c = this.openChallenge(input.challengeId);
      if (!c.ok) return c;
      const challenge = c.value;
      if (input.userId !== challenge.opponentId)
        return fail('forbidden', this.notYourChallenge(challenge, input.userId, 'accept'));
      const busy = this.channelBusy(challenge.channelId);
      if (busy) return busy;
      const game = this.startGame(challenge, challenge.challengerId, challenge.opponentId, null);
      this.games.resolveChallenge(challenge.id, 'accepted', this.now(), game.id);
      return ok(this.snapshot(game, startDescription));
    });
    return started.ok ? ok(await this.view(started.value)) : started;
  }

  decline(input: { challengeId: number; userId: string }): Outcome<ChallengeView> {
    return this.closeChallenge(input, 'declined', (c) => c.opponentId);
  }

  cancel(input: { challengeId: number; userId: string }): Outcome<ChallengeView> {
    return this.closeChallenge(input, 'cancelled', (c) => c.challengerId);
  }

  private closeChallenge(
    input: { challengeId: number; userId: string },
    status: 'declined' | 'cancelled',
    allowed: (c: ChallengeRecord) => string,
  ): Outcome<ChallengeView> {
    return this.transact(() => {
      const c = this.openChallenge(input.challengeId);
      if (!c.ok) return c;
      if (input.userId !== allowed(c.value)) {
        return fail(
          'forbidden',
          this.notYourChallenge(c.value, input.userId, status === 'declined' ? 'decline' : 'cancel'),
        );
      }
      this.games.resolveChallenge(c.value.id, status, this.now());
      return ok(this.challengeViewOf(this.games.challenge(c.value.id)!));
    });
  }

  /** A challenge that can still be answered. One past its expiry counts as expired even before the sweep marks it. */
  private openChallenge(challengeId: number): Outcome<ChallengeRecord> {
    const c = this.games.challenge(challengeId);
    if (!c) return fail('not-found', 'There is no such challenge.');
    if (c.status !== 'pending') return fail('finished', `This challenge was already ${c.status}.`);
    if (c.expiresAt <= this.now()) return fail('finished', 'This challenge has expired.');
    return ok(c);
  }

  private notYourChallenge(c: ChallengeRecord, userId: string, verb: 'accept' | 'decline' | 'cancel'): string {
    const opponent = this.playerOf(c.opponentId).name;
    if (verb === 'cancel')
      return `Only ${this.playerOf(c.challengerId).name} can cancel this challenge${userId === c.opponentId ? '; you can decline it' : ''}.`;
    return `Only ${opponent} can ${verb} this challenge${userId === c.challengerId ? '; you can cancel it' : ''}.`;
  }

  /**
   * One live game per channel: the channel stays readable (one board, one set of buttons) and
   * "/senet resign" in a channel names exactly one game. The database enforces it too (a unique
   * index), this check gives the clear message.
   */
  private channelBusy(channelId: string): Outcome<never> | null {
    const running = this.games.activeGameInChannel(channelId);
    if (!running) return null;
    const names = SIDES.map((s) => this.playerOf(running.seats[s]).name).join(' and ');
    return fail(
      'busy',
      `${names} are playing in this channel: one game per channel keeps the board readable. Finish that game or play in another channel.`,
    );
  }

  // ---- playing ---------------------------------------------------------------------------

  async act(input: { gameId: number; userId: string; version: number; action: Action }): Promise<Outcome<GameView>> {
    const done = this.transact(() => {
      const found = this.liveGame(input.gameId);
      if (!found.ok) return found;
      const game = found.value;
      if (!sideOf(game, input.userId)) return fail('forbidden', 'You are not playing in this game.');
      if (input.version !== game.version)
        return fail('stale', 'Already played: this board is out of date. Use the newest one.');
      if (game.toActId !== input.userId)
        return fail('not-your-turn', `It is ${this.playerOf(game.toActId!).name}'s turn.`);
      return this.applyInTransaction(game, input.userId, input.action);
    });
    return done.ok ? ok(await this.view(done.value)) : done;
  }

  /**
   * One bot action. `version`, if given, guards against a stale step as for a click. The choice is
   * made outside the transaction (it may take a worker thread a while), then applied only if the
   * game has not moved on meanwhile (a resignation, a timeout).
   */
  async botStep(gameId: number, version?: number): Promise<Outcome<GameView>> {
    const found = this.liveGame(gameId);
    if (!found.ok) return found;
    const read = found.value;
    if (version !== undefined && version !== read.version) return fail('stale', 'The game has moved on.');
    if (read.toActId !== this.botUserId) return fail('not-your-turn', "It is not the bot's turn.");
    const strength = strengthOf(read.botStrength) ?? 'medium';
    const action = await this.choose(read.state, strength, decisionSeed(read.seed, read.state.ply));
    const done = this.transact(() => {
      const again = this.liveGame(gameId);
      if (!again.ok) return again;
      if (again.value.version !== read.version) return fail('stale', 'The game has moved on.');
      return this.applyInTransaction(again.value, this.botUserId, action);
    });
    return done.ok ? ok(await this.view(done.value)) : done;
  }

  async resign(input: { gameId?: number; channelId?: string; userId: string }): Promise<Outcome<GameView>> {
    const done = this.transact(() => {
      const game =
        input.gameId !== undefined
          ? this.games.game(input.gameId)
          : input.channelId !== undefined
            ? this.games.activeGameInChannel(input.channelId)
            : undefined;
      if (!game)
        return fail(
          'not-found',
          input.gameId !== undefined ? 'There is no such game.' : 'No game is running in this channel.',
        );
      if (game.status === 'finished') return fail('finished', 'This game is already over.');
      const side = sideOf(game, input.userId);
      if (!side) return fail('forbidden', 'You are not playing in this game.');
      return ok(this.endGame(game, game.state, opponentOf(side), 'resigned', null));
    });
    return done.ok ? ok(await this.view(done.value)) : done;
  }

  pendingBotGames(): number[] {
    return this.games.gamesAwaiting(this.botUserId);
  }

  private liveGame(gameId: number): Outcome<GameRecord> {
    const game = this.games.game(gameId);
    if (!game) return fail('not-found', 'There is no such game.');
    if (game.status === 'finished') return fail('finished', 'This game is over.');
    return ok(game);
  }

  /** Applies one engine action to a game inside the caller's transaction: log, state, version + 1. */
  private applyInTransaction(game: GameRecord, actorId: string, action: Action): Outcome<GameSnapshot> {
    const applied = applyAction(game.state, action);
    if (isError(applied)) return fail('invalid', `That is not allowed now: ${applied.error}.`);
    const { state, events } = applied;
    const now = this.now();
    this.games.appendAction({
      gameId: game.id,
      seq: game.state.ply,
      userId: actorId,
      action,
      throwValue: throwValueOf(events),
      at: now,
    });
    const players = this.playersOf(game);
    const description = describeEvents(events, game.ruleset, namesOf(players), game.options);
    if (state.winner) return ok({ ...this.endGame(game, state, state.winner, 'won', state.score), description });
    const toActId = game.seats[state.toMove];
    const turnDeadline = toActId === this.botUserId ? null : now + this.config.turnTtlMs;
    if (!this.games.updateGame(game.id, { expectedVersion: game.version, state, toActId, turnDeadline })) {
      // Unreachable inside an IMMEDIATE transaction that just read this version; fail loudly if not.
      throw new Error(`game ${game.id} changed inside its own transaction`);
    }
    return ok({ game: this.games.game(game.id)!, players, description });
  }

  /** Ends a game inside the caller's transaction; a rated game updates both ratings here too. */
  private endGame(
    game: GameRecord,
    state: GameRecord['state'],
    winnerSide: Side,
    reason: EndReason,
    score: number | null,
  ): GameSnapshot {
    const now = this.now();
    const finished = this.games.finishGame(game.id, {
      expectedVersion: game.version,
      state,
      finishedAt: now,
      winnerSide,
      endReason: reason,
      score,
    });
    if (!finished) throw new Error(`game ${game.id} changed inside its own transaction`);
    const stored = this.games.game(game.id)!;
    const players = this.playersOf(stored);
    const result = storedResult(stored, players)!;
    if (stored.rated) result.ratings = recordRatedResult(this.ratings, stored, winnerSide, now);
    return { game: stored, players, description: endDescription(result), result };
  }

  /** Creates a game inside the caller's transaction: seats from the seed, the engine's start position. */
  private startGame(
    where: Pick<ChallengeRecord, 'guildId' | 'channelId' | 'messageId' | 'ruleset' | 'options'>,
    challengerId: string,
    opponentId: string,
    botStrength: Strength | null,
  ): GameRecord {
    const seed = this.newSeed() | 0;
    const state = newGame(where.ruleset, where.options, seed);
    if (isError(state)) throw new Error(`stored options no longer resolve: ${state.error}`);
    const seats = seatsFromSeed(seed, challengerId, opponentId);
    const toActId = seats[state.toMove];
    const id = this.games.insertGame({
      guildId: where.guildId,
      channelId: where.channelId,
      messageId: where.messageId,
      ruleset: where.ruleset,
      options: state.options,
      seed,
      state,
      seats,
      toActId,
      botStrength,
      rated: botStrength === null,
      turnDeadline: toActId === this.botUserId ? null : this.now() + this.config.turnTtlMs,
      createdAt: this.now(),
    });
    return this.games.game(id)!;
  }

  // ---- deadlines -------------------------------------------------------------------------

  /**
   * Applies every deadline now due: challenges expire, players who did not act forfeit. Each is
   * its own transaction re-checking the row, so a sweep in another process, or a click landing
   * at the same moment, never makes it happen twice.
   */
  async sweep(): Promise<SweepReport> {
    const now = this.now();
    const expiredChallenges: ChallengeView[] = [];
    for (const id of this.games.dueChallengeIds(now)) {
      const expired = this.transact(() =>
        this.games.resolveChallenge(id, 'expired', now)
          ? ok(this.challengeViewOf(this.games.challenge(id)!))
          : fail('finished', 'answered meanwhile'),
      );
      if (expired.ok) expiredChallenges.push(expired.value);
    }
    const timedOut: GameSnapshot[] = [];
    for (const id of this.games.dueGameIds(now)) {
      const ended = this.transact(() => {
        const game = this.games.game(id);
        if (!game || game.status !== 'active' || game.turnDeadline === null || game.turnDeadline > now)
          return fail('finished', 'played meanwhile');
        return ok(this.endGame(game, game.state, opponentOf(game.state.toMove), 'timeout', null));
      });
      if (ended.ok) timedOut.push(ended.value);
    }
    const timedOutGames: GameView[] = [];
    for (const snapshot of timedOut) timedOutGames.push(await this.view(snapshot));
    return { expiredChallenges, timedOutGames };
  }

  // ---- looking things up -------------------------------------------------------------------

  async gameInChannel(channelId: string): Promise<Outcome<GameView>> {
    const game = this.games.activeGameInChannel(channelId);
    if (!game) return fail('not-found', 'No game is running in this channel.');
    return ok(await this.view(this.snapshot(game, statusDescription)));
  }

  async game(gameId: number): Promise<Outcome<GameView>> {
    const game = this.games.game(gameId);
    if (!game) return fail('not-found', 'There is no such game.');
    return ok(await this.view(this.snapshot(game, statusDescription)));
  }

  activeGamesOf(userId: string): GameSummary[] {
    return this.games.activeGamesOf(userId).map((g) => ({
      gameId: g.id,
      guildId: g.guildId,
      channelId: g.channelId,
      messageId: g.messageId,
      ruleset: g.ruleset,
      opponentId: g.seats.W === userId ? g.seats.B : g.seats.W,
      yourTurn: g.toActId === userId,
    }));
  }

  /** Records the message showing a challenge or game, so later edits (sweeps, restarts) find it. */
  setMessage(kind: 'challenge' | 'game', id: number, messageId: string): Outcome<null> {
    const saved =
      kind === 'challenge' ? this.games.setChallengeMessage(id, messageId) : this.games.setGameMessage(id, messageId);
    return saved ? ok(null) : fail('not-found', `There is no such ${kind}.`);
  }

  /** The picture of a rule set's start position (for /senet rules), drawn once per rule set. */
  startBoard(ruleset: RuleSetId): Promise<RenderedBoard> {
    let board = this.startBoards.get(ruleset);
    if (!board) {
      const state = newGame(ruleset, RULESETS[ruleset].defaults, 1);
      if (isError(state)) return Promise.reject(new Error(state.error));
      board = this.render(state, { names: { W: 'Light', B: 'Dark' } });
      this.startBoards.set(ruleset, board);
    }
    return board;
  }

  leaderboard(input: { guildId: string; ruleset?: string; limit?: number }): Outcome<LeaderboardEntry[]> {
    return leaderboard(this.ratings, input);
  }

  stats(input: { guildId: string; userId: string }): Outcome<PlayerStats> {
    return playerStats(this.games, this.ratings, input);
  }

  history(input: { guildId: string; userId: string; limit?: number }): Outcome<HistoryEntry[]> {
    return playerHistory(this.games, this.ratings, input);
  }

  /** The replay check over stored games (all by default); see verify.ts. */
  verify(gameIds?: readonly number[]): VerifyReport {
    return verifyGames(this.games, gameIds);
  }

  // ---- helpers ---------------------------------------------------------------------------

  /**
   * Runs `fn` as one IMMEDIATE write transaction. A database still locked by another process
   * after busy_timeout is reported as 'busy' rather than thrown at the user.
   */
  private transact<T>(fn: () => Outcome<T>): Outcome<T> {
    try {
      return this.games.write(fn);
    } catch (error) {
      if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_BUSY')) {
        return fail('busy', 'The game is busy; try again in a moment.');
      }
      throw error;
    }
  }

  private playerOf(userId: string): Player {
    return { id: userId, name: this.games.playerName(userId) ?? userId };
  }

  private playersOf(game: GameRecord): Record<Side, Player> {
    return { W: this.playerOf(game.seats.W), B: this.playerOf(game.seats.B) };
  }

  /** A game as stored, for a look-up: a finished rated game shows the rating changes it caused. */
  private snapshot(game: GameRecord, describe: (g: GameRecord, p: Record<Side, Player>) => string): GameSnapshot {
    const players = this.playersOf(game);
    const result = storedResult(game, players);
    if (result && game.rated) {
      const changes = this.ratings.gameRatingChanges(game.id);
      result.ratings = [result.winner, result.loser].flatMap((p) =>
        changes
          .filter((c) => c.userId === p.id)
          .map((c) => ({ userId: c.userId, before: Math.round(c.before), after: Math.round(c.after) })),
      ); // winner first, as when the game ended
    }
    return { game, players, description: describe(game, players), ...(result ? { result } : {}) };
  }

  private challengeViewOf(c: ChallengeRecord): ChallengeView {
    return challengeView(c, this.playerOf(c.challengerId), this.playerOf(c.opponentId));
  }

  private view(snapshot: GameSnapshot): Promise<GameView> {
    return renderView(snapshot, this.botUserId, this.render);
  }
}

/** The value thrown or taken by one action, for the log (null for a plain pawn move). */
function throwValueOf(events: readonly GameEvent[]): number | null {
  for (const e of events) {
    if (e.type === 'throw') return e.throw.value;
    if (e.type === 'take') return e.value;
  }
  return null;
}

// What every part of the game service shares: the stores, the clock, the configuration, the
// renderer, and the helpers that turn stored records into views. The parts (challenges, play,
// deadlines, lookups) are functions over one ServiceCore; openService (service.ts) groups them.
import { AnswerTokenStore } from '../db/answerTokenStore.js';
import { GameStore } from '../db/gameStore.js';
import { MoveStore } from '../db/moveStore.js';
import { PrivacyStore } from '../db/privacyStore.js';
import { RatingStore } from '../db/ratingStore.js';
import { ReminderStore } from '../db/reminderStore.js';
import { ServerStore } from '../db/serverStore.js';
import { type Database, type Sql, type TransactionOptions, type WriteTiming } from '../db/database.js';
import type { ShardScope } from '../db/shards.js';
import { type TournamentRecord, TournamentStore } from '../db/tournamentStore.js';
import type { ChallengeRecord, GameRecord } from '../db/records.js';
import type { Action, GameState, Side } from '../engine/index.js';
import type { DiceSecret } from '../engine/keyedDice.js';
import { userText } from '../i18n/index.js';
import {
  DEFAULT_SETTINGS,
  type ServerSettings,
  type SettingOverrides,
  parseOverrides,
  settingsWith,
} from './settings.js';
import type { Strength } from './strengths.js';
import type { BoardRenderer, ChallengeView, GameView, Outcome, Player, ReplayRenderer, SeenPlayer } from './types.js';
import { type GameSnapshot, challengeView, renderView, storedResult } from './views.js';
import { SavedNotShown } from './savedNotShown.js';
import { LiveGames } from './liveGames.js';
import { storageRefusal } from './storageFailure.js';

/** The settings every server starts from (the bot's .env); a server's own choices override them. */
export type ServiceConfig = ServerSettings;

export const DEFAULT_CONFIG: ServiceConfig = DEFAULT_SETTINGS;

/** The computer player: the action for a state, strength and decision seed (possibly off this thread). */
export type BotChooser = (state: GameState, strength: Strength, seed: number) => Promise<Action>;

export interface CoreOptions {
  botUserId: string;
  now: () => number;
  newDiceSecret: () => DiceSecret;
  config: ServiceConfig;
  render: BoardRenderer;
  choose: BotChooser;
  renderReplay: ReplayRenderer;
  /** The servers whose timed work this process does (deadlines, reminders, catch-up, the bot's pending turns). */
  shard: ShardScope;
}

/**
 * Write transactions so far, and those that had to wait for another's (another shard process's,
 * or another click's in this process): how many and how long in all (shown at shutdown;
 * docs/scaling.md).
 */
export interface LockWaits {
  writes: number;
  waited: number;
  waitedMs: number;
  longestMs: number;
  /** Runs again before those commits (PostgreSQL: conflicts, lost connections). */
  reruns: number;
  /** Round trips to the database server (WriteTiming.roundTrips), all writes'. */
  roundTrips: number;
  /** Moves by their round trips: how many moves took 1, 2, … (PostgreSQL; SQLite's all take 0). */
  moveRoundTrips: Record<number, number>;
}

/** What a transaction-bound core shares with the core it came from. */
interface Shared {
  readonly replaysDrawing: Set<string>;
  readonly live: LiveGames;
  /** Tournaments the running transaction changed, told once it commits. */
  readonly changedTournaments: Set<number> | null;
}

/** A player by the name stored for them (undefined: never seen, shown by their id). */
export const playerNamed = (userId: string, stored: string | null | undefined): Player => ({
  id: userId,
  name: userText(stored ?? userId),
});

export class ServiceCore {
  readonly games: GameStore;
  readonly reminders: ReminderStore;
  /** Server settings, seasons, and the counts the limits read. */
  readonly server: ServerStore;
  readonly botUserId: string;
  readonly now: () => number;
  /** A new game's dice secret (src/engine/keyedDice.ts). */
  readonly newDiceSecret: () => DiceSecret;
  readonly config: ServiceConfig;
  readonly render: BoardRenderer;
  readonly choose: BotChooser;
  readonly renderReplay: ReplayRenderer;
  /** The servers whose games this process owns: their chat messages, deadlines and computer turns. */
  readonly shard: ShardScope;
  /** Players whose replay is being drawn right now (replays.ts caps them). */
  readonly replaysDrawing: Set<string>;
  /** The live games this process played lately, and their servers' settings (liveGames.ts). */
  readonly live: LiveGames;
  /** Moves decided from memory, written under their guard (outside any transaction: it is one). */
  readonly moves: MoveStore;
  /** Told, after the commit, of each tournament a transaction changed (the bot's tournament runner listens). */
  onTournamentChange: (tournamentId: number) => void = () => {};
  readonly lockWaits: LockWaits = {
    writes: 0,
    waited: 0,
    waitedMs: 0,
    longestMs: 0,
    reruns: 0,
    roundTrips: 0,
    moveRoundTrips: {},
  };
  /** Told of each write transaction done: its wait for its turn and its COMMIT's time (the bot's metrics). */
  onWrite: ((timing: WriteTiming) => void) | null = null;
  /** Tournaments the running transaction changed (null: this core is outside any transaction). */
  private readonly changedTournaments: Set<number> | null;
  private answerTokenStore: AnswerTokenStore | null = null;
  private ratingStore: RatingStore | null = null;
  private privacyStore: PrivacyStore | null = null;
  private tournamentStore: TournamentStore | null = null;

  /**
   * `sql`: where the stores read and write: the database itself (each statement on its own), or
   * one transaction's statements (a core bound to it, made by `transact`).
   */
  constructor(
    readonly db: Database,
    private readonly options: CoreOptions,
    private readonly sql: Sql = db,
    shared: Shared = { replaysDrawing: new Set(), live: new LiveGames(), changedTournaments: null },
  ) {
    this.games = new GameStore(sql, options.shard);
    this.reminders = new ReminderStore(sql, options.shard);
    this.server = new ServerStore(sql);
    this.botUserId = options.botUserId;
    this.now = options.now;
    this.newDiceSecret = options.newDiceSecret;
    this.config = options.config;
    this.render = options.render;
    this.choose = options.choose;
    this.renderReplay = options.renderReplay;
    this.shard = options.shard;
    this.replaysDrawing = shared.replaysDrawing;
    this.live = shared.live;
    this.moves = new MoveStore(db);
    this.changedTournaments = shared.changedTournaments;
    if (!shared.changedTournaments) db.onWrite = (timing) => this.noteWrite(timing);
  }

  /** Interaction tokens that answered messages the bot's own token cannot edit (made on first use: few cores need it). */
  get answerTokens(): AnswerTokenStore {
    this.answerTokenStore ??= new AnswerTokenStore(this.sql);
    return this.answerTokenStore;
  }

  // Made on first use too: every write makes a core of its own (transact), and a move's uses none of these.

  get ratings(): RatingStore {
    this.ratingStore ??= new RatingStore(this.sql);
    return this.ratingStore;
  }

  /** What is stored about a person or a server, and deleting it. */
  get privacy(): PrivacyStore {
    this.privacyStore ??= new PrivacyStore(this.sql, this.options.shard);
    return this.privacyStore;
  }

  get tournaments(): TournamentStore {
    this.tournamentStore ??= new TournamentStore(this.sql, this.options.shard);
    return this.tournamentStore;
  }

  /**
   * Runs `fn` as one write transaction, handing it a core bound to the transaction: `fn` reads and
   * writes only through it, and may run more than once (PostgreSQL retries a serialization
   * failure), so it has no effect outside the database. A database still locked by another process
   * past its busy timeout is answered as 'busy', a full disk as 'storage-full', rather than thrown
   * at the user, and a connection lost during COMMIT as 'outcome-unknown'. The tournaments it
   * changed are told once it commits. Inside a transaction (a core already bound to one) `fn`
   * simply joins it.
   */
  async transact<T>(fn: (core: ServiceCore) => Promise<Outcome<T>>, options?: TransactionOptions): Promise<Outcome<T>> {
    if (this.changedTournaments) return fn(this);
    const changed = new Set<number>();
    let done: Outcome<T>;
    try {
      done = await this.db.transaction((tx) => {
        changed.clear(); // a run again starts afresh
        const shared = { replaysDrawing: this.replaysDrawing, live: this.live, changedTournaments: changed };
        return fn(new ServiceCore(this.db, this.options, tx, shared));
      }, options);
    } catch (error) {
      const refused = storageRefusal(error);
      if (refused) return refused;
      throw error;
    }
    for (const id of changed) this.onTournamentChange(id);
    return done;
  }

  /** Marks a tournament changed by the running transaction: its listener hears of it after the commit. */
  async tournamentChanged(tournamentId: number): Promise<TournamentRecord> {
    if (!this.changedTournaments) throw new Error('a tournament changed outside any transaction');
    const changed = await this.tournaments.touch(tournamentId);
    if (!changed) throw new Error(`tournament ${tournamentId} changed but is not stored`);
    this.changedTournaments.add(tournamentId);
    return changed;
  }

  /** A transaction committed: counts its wait for its turn, and tells the metrics. */
  private noteWrite(timing: WriteTiming): void {
    const w = this.lockWaits;
    w.writes++;
    w.reruns += timing.reruns;
    w.roundTrips += timing.roundTrips;
    if (timing.kind === 'move') w.moveRoundTrips[timing.roundTrips] = (w.moveRoundTrips[timing.roundTrips] ?? 0) + 1;
    // Taking the lock uncontended takes microseconds; a wait for another's lasts a millisecond or more.
    if (timing.waitedMs >= 0.5) {
      w.waited++;
      w.waitedMs += timing.waitedMs;
      w.longestMs = Math.max(w.longestMs, timing.waitedMs);
    }
    this.onWrite?.(timing);
  }

  /** The settings in force in a server: its admins' choices over the defaults. */
  async settingsOf(guildId: string): Promise<ServerSettings> {
    return settingsWith(this.config, await this.ownSettings(guildId));
  }

  /** Only the settings a server's admins chose (/senet-admin). */
  async ownSettings(guildId: string): Promise<SettingOverrides> {
    return parseOverrides(await this.server.settingsJson(guildId));
  }

  /** A player as shown in `guildId` ('' outside servers): their nickname there, else their display name. */
  async playerOf(userId: string, guildId: string): Promise<Player> {
    return playerNamed(userId, await this.games.playerName(userId, guildId));
  }

  /** A game's players, named as its server shows them (a game is only ever shown within its server). */
  async playersOf(game: GameRecord): Promise<Record<Side, Player>> {
    return { W: await this.playerOf(game.seats.W, game.guildId), B: await this.playerOf(game.seats.B, game.guildId) };
  }

  /**
   * Records how a person is named, as an interaction in `guildId` shows them: their display name,
   * and their nickname in that server (in a server that added the bot; '' records none).
   */
  async savePlayer(guildId: string, player: SeenPlayer): Promise<void> {
    const now = this.now();
    await this.games.savePlayer(player.id, player.name, now);
    if (guildId !== '') await this.games.saveNickname(player.id, guildId, player.nickname ?? null, now);
  }

  /** A game as stored, for a look-up: a finished rated game shows the rating changes it caused. */
  async snapshot(
    game: GameRecord,
    describe: (g: GameRecord, p: Record<Side, Player>) => string,
  ): Promise<GameSnapshot> {
    const players = await this.playersOf(game);
    const result = storedResult(game, players);
    if (result && game.rated) {
      const changes = await this.ratings.gameRatingChanges(game.id);
      result.ratings = [result.winner, result.loser].flatMap((p) =>
        changes
          .filter((c) => c.userId === p.id)
          .map((c) => ({ userId: c.userId, before: Math.round(c.before), after: Math.round(c.after) })),
      ); // winner first, as when the game ended
    }
    return { game, players, description: describe(game, players), ...(result ? { result } : {}) };
  }

  async challengeViewOf(c: ChallengeRecord): Promise<ChallengeView> {
    return challengeView(
      c,
      await this.playerOf(c.challengerId, c.guildId),
      await this.playerOf(c.opponentId, c.guildId),
    );
  }

  view(snapshot: GameSnapshot): Promise<GameView> {
    return renderView(snapshot, this.botUserId, this.render);
  }

  /** The view of a change just committed: a failure to draw it says the change is saved (SavedNotShown). */
  async viewCommitted(snapshot: GameSnapshot): Promise<GameView> {
    try {
      return await this.view(snapshot);
    } catch (err) {
      throw new SavedNotShown(snapshot.game.id, err);
    }
  }
}

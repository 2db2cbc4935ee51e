// What every part of the game service shares: the stores, the clock, the configuration, the
// renderer, and the helpers that turn stored records into views. The parts (challenges, play,
// deadlines, lookups) are functions over one ServiceCore; GameService (service.ts) joins them.
import type { Database } from '../db/connection.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { GameStore, LOCKED, isBusy } from '../db/gameStore.js';
import { PrivacyStore } from '../db/privacyStore.js';
import { RatingStore } from '../db/ratingStore.js';
import { ReminderStore } from '../db/reminderStore.js';
import { ServerStore } from '../db/serverStore.js';
import type { ShardScope } from '../db/shards.js';
import { TournamentStore } from '../db/tournamentStore.js';
import type { ChallengeRecord, GameRecord } from '../db/records.js';
import type { Action, GameState, Side } from '../engine/index.js';
import {
  DEFAULT_SETTINGS,
  type ServerSettings,
  type SettingOverrides,
  parseOverrides,
  settingsWith,
} from './settings.js';
import type { Strength } from './strengths.js';
import type { BoardRenderer, ChallengeView, GameView, Outcome, Player, ReplayRenderer } from './types.js';
import { fail } from './types.js';
import { type GameSnapshot, challengeView, renderView, storedResult } from './views.js';
import { SavedNotShown } from './savedNotShown.js';

/** The settings every server starts from (the bot's .env); a server's own choices override them. */
export type ServiceConfig = ServerSettings;

export const DEFAULT_CONFIG: ServiceConfig = DEFAULT_SETTINGS;

/** The computer player: the action for a state, strength and decision seed (possibly off this thread). */
export type BotChooser = (state: GameState, strength: Strength, seed: number) => Promise<Action>;

export interface CoreOptions {
  botUserId: string;
  now: () => number;
  newSeed: () => number;
  config: ServiceConfig;
  render: BoardRenderer;
  choose: BotChooser;
  renderReplay: ReplayRenderer;
  /** The servers whose timed work this process does (deadlines, reminders, catch-up, the bot's pending turns). */
  shard: ShardScope;
}

export class ServiceCore {
  readonly games: GameStore;
  readonly ratings: RatingStore;
  readonly reminders: ReminderStore;
  /** Server settings, seasons, and the counts the limits read. */
  readonly server: ServerStore;
  /** What is stored about a person or a server, and deleting it. */
  readonly privacy: PrivacyStore;
  readonly tournaments: TournamentStore;
  readonly botUserId: string;
  readonly now: () => number;
  readonly newSeed: () => number;
  readonly config: ServiceConfig;
  readonly render: BoardRenderer;
  readonly choose: BotChooser;
  readonly renderReplay: ReplayRenderer;
  /** Players whose replay is being drawn right now (replays.ts caps them). */
  readonly replaysDrawing = new Set<string>();
  /** Told, after the commit, of each tournament a transaction changed (the bot's tournament runner listens). */
  onTournamentChange: (tournamentId: number) => void = () => {};
  /** Tournaments the running transaction changed, told once it commits. */
  private readonly changedTournaments = new Set<number>();

  constructor(
    readonly db: Database,
    options: CoreOptions,
  ) {
    this.games = new GameStore(db, options.shard);
    this.ratings = new RatingStore(db);
    this.reminders = new ReminderStore(db, options.shard);
    this.server = new ServerStore(db);
    this.privacy = new PrivacyStore(db, options.shard);
    this.tournaments = new TournamentStore(db, options.shard);
    this.botUserId = options.botUserId;
    this.now = options.now;
    this.newSeed = options.newSeed;
    this.config = options.config;
    this.render = options.render;
    this.choose = options.choose;
    this.renderReplay = options.renderReplay;
  }

  /**
   * Runs `fn` as one IMMEDIATE write transaction. A database still locked by another process
   * after busy_timeout is reported as 'busy' rather than thrown at the user. While it waits for
   * that lock, this thread sleeps: for rare writes; clicks use `transactWaiting`.
   */
  transact<T>(fn: () => Outcome<T>): Outcome<T> {
    return this.tellingTournaments(() => refusingFailures(() => this.games.write(fn)));
  }

  /** Marks a tournament changed by the running transaction: its listener hears of it after the commit. */
  tournamentChanged(tournamentId: number): void {
    this.tournaments.touch(tournamentId);
    this.changedTournaments.add(tournamentId);
  }

  /**
   * Runs a transaction, then tells the listener of the tournaments it changed. One rolled back by a
   * full disk or a lock may tell too: harmless, as the listener reads the tournament afresh.
   */
  private tellingTournaments<R>(run: () => R): R {
    let result: R;
    try {
      result = run();
    } catch (error) {
      this.changedTournaments.clear();
      throw error;
    }
    const changed = [...this.changedTournaments];
    this.changedTournaments.clear();
    for (const id of changed) this.onTournamentChange(id);
    return result;
  }

  /**
   * As `transact`, but while another process (a shard on the same file) holds the write lock it
   * tries again every millisecond or two on a timer instead of sleeping in SQLite's busy handler
   * (whose sleeps grow to 100 ms), so this process goes on answering other clicks meanwhile and
   * takes the lock soon after it is free.
   */
  async transactWaiting<T>(fn: () => Outcome<T>): Promise<Outcome<T>> {
    const asked = performance.now();
    for (;;) {
      const waited = performance.now() - asked;
      const done = this.tellingTournaments(() => refusingFailures(() => this.games.tryWrite(fn, waited)));
      if (done !== LOCKED) return done;
      if (waited > this.games.busyTimeoutMs) return fail('busy', 'error.busy');
      await sleep(1 + Math.random());
    }
  }

  /** The settings in force in a server: its admins' choices over the defaults. */
  settingsOf(guildId: string): ServerSettings {
    return settingsWith(this.config, this.ownSettings(guildId));
  }

  /** Only the settings a server's admins chose (/senet-admin). */
  ownSettings(guildId: string): SettingOverrides {
    return parseOverrides(this.server.settingsJson(guildId));
  }

  playerOf(userId: string): Player {
    return { id: userId, name: this.games.playerName(userId) ?? userId };
  }

  playersOf(game: GameRecord): Record<Side, Player> {
    return { W: this.playerOf(game.seats.W), B: this.playerOf(game.seats.B) };
  }

  /** A game as stored, for a look-up: a finished rated game shows the rating changes it caused. */
  snapshot(game: GameRecord, describe: (g: GameRecord, p: Record<Side, Player>) => string): GameSnapshot {
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

  challengeViewOf(c: ChallengeRecord): ChallengeView {
    return challengeView(c, this.playerOf(c.challengerId), this.playerOf(c.opponentId));
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

/**
 * Runs a write, answering the database's own refusals as outcomes: locked past busy_timeout
 * ('busy'), or a full disk ('storage-full': the transaction rolled back whole, so the game is as
 * it was before the click).
 */
function refusingFailures<T, R>(write: () => Outcome<T> | R): Outcome<T> | R {
  try {
    return write();
  } catch (error) {
    if (isBusy(error)) return fail('busy', 'error.busy');
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_FULL')) {
      return fail('storage-full', 'error.storageFull');
    }
    throw error;
  }
}

// The game layer's way in: who may do what, in plain data (src/commands adapts it to Discord).
// openService opens the storage and returns the concerns, grouped; each group is functions of one
// file, called by their own names, their first argument (the ServiceCore) bound here. Every call answers
// with an Outcome and never throws for a player's mistake; each change is one transaction guarded
// by the game's version (core.ts). Error codes: the documented list in errors.ts.
import { openSqlite } from '../db/sqlite.js';
import type { Database, GameChange, WriteTiming } from '../db/database.js';
import type { AnswerToken } from '../db/answerTokenStore.js';
import { ONE_SHARD, type ShardScope, isShard } from '../db/shards.js';
import { chooseAction } from '../ai/index.js';
import { DiceSecret } from '../engine/keyedDice.js';
import * as challenges from './challenges.js';
import { type BotChooser, DEFAULT_CONFIG, ServiceCore, type ServiceConfig } from './core.js';
import * as deadlines from './deadlines.js';
import * as diceCheck from './diceCheck.js';
import type { DiceCheck } from './diceCheck.js';
import * as liveBoard from './liveBoard.js';
import * as play from './play.js';
import * as playerRecords from './playerRecords.js';
import * as privacy from './privacy.js';
import type { EventRef, PlayerData, ServerData } from './privacy.js';
import type { AdminInput } from './refusals.js';
import * as replays from './replays.js';
import type { ReplayView } from './replays.js';
import * as seasons from './seasons.js';
import * as serverSettings from './serverSettings.js';
import type { SettingsChange, SettingsView } from './settings.js';
import * as startBoard from './startBoard.js';
import * as storage from './storage.js';
import * as sync from './sync.js';
import * as tournaments from './tournaments.js';
import * as turnReminders from './turnReminders.js';
import type { MessageRef, ReminderDue } from './turnReminders.js';
import type { BoardRenderer, ReplayRenderer } from './types.js';
import type { Viewer } from './visibility.js';

export type {
  AnswerToken,
  DiceCheck,
  AdminInput,
  SettingsChange,
  SettingsView,
  MessageRef,
  PlayerData,
  ReminderDue,
  ReplayView,
  Viewer,
  ServerData,
  EventRef,
  ShardScope,
  WriteTiming,
  GameChange,
};
export type { TournamentChange } from './tournaments.js';
export { ONE_SHARD, isShard };

/**
 * Where the games live: a database file the service opens (checked and migrated), or one already
 * opened so (the bot opens it before logging in, to stop at once on a damaged file).
 */
type ServiceDatabase = { dbPath: string } | { db: Database };

export type ServiceOptions = ServiceDatabase & ServiceSettings;

/** @internal */
export interface ServiceSettings {
  /** The bot's own user id: challenging it starts a game against the AI at once. */
  botUserId: string;
  now?: () => number;
  /**
   * A new game's dice secret (its throws, seats and the computer's choices derive from it); by
   * default 256 bits from node:crypto. Tests pass secrets that repeat.
   */
  newDiceSecret?: () => DiceSecret;
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
    newDiceSecret: options.newDiceSecret ?? (() => DiceSecret.random()),
    config: { ...DEFAULT_CONFIG, ...options.config },
    render: options.renderBoard ?? renderOnThisThread,
    renderReplay: options.renderReplay ?? replayOnThisThread,
    choose: options.chooseAction ?? chooseOnThisThread,
    shard: options.shard ?? ONE_SHARD,
  });
  return concernsOf(core);
}

/** A function of a concern's file, over the core. */
type Concern = (core: ServiceCore, ...args: never[]) => unknown;

/** The names of a file's functions over the core. */
type ConcernsIn<M> = { [K in keyof M]: M[K] extends Concern ? K : never }[keyof M];

/** A module's functions over the core, with the core given: what callers see of each concern. */
type Bound<M> = {
  [K in keyof M]: M[K] extends (core: ServiceCore, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/**
 * The named functions of one concern's file, with the core bound: a group calls each function by
 * its own name, so a search for the name a caller uses finds the function.
 */
function bound<M, const K extends ConcernsIn<M>>(core: ServiceCore, file: M, names: readonly K[]): Bound<Pick<M, K>> {
  // Native bind, not a wrapper: a call goes straight to the concern's function (no frame in this file).
  const out: Record<string, unknown> = {};
  for (const name of names) out[name as string] = (file[name] as Concern).bind(undefined, core);
  return out as Bound<Pick<M, K>>;
}

/** The game layer, by concern. */
export type GameService = ReturnType<typeof concernsOf>;

// Each group is the functions of the one file it names, called by their own names.
function concernsOf(core: ServiceCore) {
  return {
    challenges: bound(core, challenges, ['create', 'accept', 'decline', 'withdraw', 'rematch', 'stored']),
    play: bound(core, play, ['act', 'move', 'botStep', 'resign', 'resignedGame', 'view', 'gamesHere']),
    games: bound(core, play, ['liveCount', 'botTurns', 'ownedHere', 'changed']),
    // what the live board's pages may see (their moves are play.move's: not drawn, the pages draw them)
    liveBoard: bound(core, liveBoard, ['game', 'current', 'lobby', 'player']),
    rules: bound(core, startBoard, ['startBoard']),
    deadlines: bound(core, deadlines, ['dueForfeits', 'sweep']),
    // src/bot/reminderMessages.ts posts and deletes them
    reminders: bound(core, turnReminders, ['claim', 'record', 'deletions', 'deletionsIn', 'deleted', 'set', 'isOn']),
    // what the chat shows (src/chat/messageSync.ts keeps it in step with the database)
    chat: bound(core, sync, [
      'setMessage',
      'setThread',
      'playInChannel',
      'recordShown',
      'boardStanding',
      'outOfSync',
      'takeBack',
      'rememberAnswer',
      'answerToken',
    ]),
    records: bound(core, playerRecords, ['leaderboard', 'stats', 'history', 'currentSeason']),
    servers: bound(core, serverSettings, ['settings', 'defaultVariant']),
    // /senet-admin, each call checking Manage Server
    admin: bound(core, serverSettings, ['showSettings', 'changeSettings']),
    seasons: bound(core, seasons, ['newSeason']),
    // data rights: a person's and a server's (and servers the bot left)
    privacy: bound(core, privacy, [
      'playerData',
      'forgetPlayer',
      'tournamentsBehind',
      'serverData',
      'deleteServerData',
      'serverLeft',
      'serversPresent',
      'purgeLeftServers',
      'eventDeletions',
      'dueEventDeletions',
      'eventDeleted',
    ]),
    replays: bound(core, replays, ['recentGames', 'draw']),
    dice: bound(core, diceCheck, ['check']), // /senet verify
    // src/commands/tournament*.ts, src/bot/tournamentRunner.ts
    tournaments: bound(core, tournaments, [
      'create',
      'join',
      'leave',
      'start',
      'cancel',
      'remove',
      'seen',
      'stored',
      'listSeen',
      'advance',
      'setMessage',
      'setEvent',
      'recordShown',
      'due',
      'behind',
      'onChange',
    ]),
    storage: {
      db: core.db,
      ...bound(core, storage, ['close', 'probeWrite', 'lockWaits', 'observeWrites', 'whenReachable', 'news', 'verify']),
    },
  };
}

// The game layer's way in: who may do what, in plain data (src/commands adapts it to Discord).
// openService opens the storage and returns the concerns, grouped; each group's functions live in
// the file named beside it, their first argument (the ServiceCore) bound here. Every call answers
// with an Outcome and never throws for a player's mistake; each change is one transaction guarded
// by the game's version (core.ts). Error codes: the documented list in errors.ts.
import { openSqlite } from '../db/sqlite.js';
import type { Database, WriteTiming } from '../db/database.js';
import type { AnswerToken } from '../db/answerTokenStore.js';
import { probeWrite } from '../db/writeProbe.js';
import { ONE_SHARD, type ShardScope, isShard } from '../db/shards.js';
import { chooseAction } from '../ai/index.js';
import { DiceSecret } from '../engine/keyedDice.js';
import { type AdminInput, changeSettings, showSettings } from './admin.js';
import { type ChallengeInput, accept, challenge, decline, rematch, withdraw } from './challenges.js';
import { type BotChooser, DEFAULT_CONFIG, ServiceCore, type ServiceConfig } from './core.js';
import { dueForfeits, sweep } from './deadlines.js';
import { type DiceCheck, checkDice } from './diceCheck.js';
import { currentLiveGame, liveGame, liveLobby, liveVersions } from './liveBoard.js';
import { act, botStep, gameView, resign } from './play.js';
import { playerHistory, statsHere } from './playerRecords.js';
import { type PlayerData, forgetPlayer, playerData, tournamentsBehind } from './privacy.js';
import {
  type MessageRef,
  type ReminderDue,
  claimDueReminders,
  recordReminder,
  reminderDeleted,
  reminderDeletions,
  reminderDeletionsIn,
  remindersOn,
  setReminders,
} from './turnReminders.js';
import { type ReplayView, drawReplay, gamesHere, recentGames } from './replays.js';
import { newSeason, seasonLeaderboard } from './seasons.js';
import {
  type EventRef,
  type ServerData,
  deleteServerData,
  dueEventDeletions,
  eventDeleted,
  eventDeletions,
  purgeLeftServers,
  serverData,
  serverLeft,
  serversPresent,
} from './serverData.js';
import type { SettingsChange, SettingsView } from './settings.js';
import { startBoard } from './startBoard.js';
import {
  answerToken,
  boardStanding,
  outOfSync,
  playInChannel,
  recordShown,
  rememberAnswer,
  setMessage,
  setThread,
  storedChallenge,
  takeBack,
} from './sync.js';
import { advance, leave, remove, storedTournament, tournamentSeen, tournamentsSeen } from './tournamentChanges.js';
import {
  type TournamentSpec,
  cancelTournament,
  createTournament,
  joinTournament,
  startTournamentNow,
} from './tournamentEntry.js';
import type { BoardRenderer, ReplayRenderer } from './types.js';
import { verifyGames } from './verify.js';
import type { Viewer } from './visibility.js';

export type {
  AnswerToken,
  DiceCheck,
  AdminInput,
  SettingsChange,
  SettingsView,
  ChallengeInput,
  MessageRef,
  PlayerData,
  ReminderDue,
  ReplayView,
  Viewer,
  ServerData,
  EventRef,
  ShardScope,
  WriteTiming,
  TournamentSpec,
};
export type { TournamentChange } from './tournamentChanges.js';
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

/** A module's functions over the core, with the core given: what callers see of each concern. */
type Bound<M> = {
  [K in keyof M]: M[K] extends (core: ServiceCore, ...args: infer A) => infer R ? (...args: A) => R : never;
};

function bound<M extends Record<string, (core: ServiceCore, ...args: never[]) => unknown>>(
  core: ServiceCore,
  fns: M,
): Bound<M> {
  // Native bind, not a wrapper: a call goes straight to the concern's function (no frame in this file).
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(fns)) out[name] = fn.bind(undefined, core);
  return out as Bound<M>;
}

/** The game layer, by concern. */
export type GameService = ReturnType<typeof concernsOf>;

// Each group names the file its functions live in.
function concernsOf(core: ServiceCore) {
  return {
    // challenges.ts; a challenge as stored now (to redraw its message): sync.ts
    challenges: bound(core, { create: challenge, accept, decline, withdraw, rematch, stored: storedChallenge }),
    // play.ts; a player's live games here (for /senet resign's list): replays.ts
    play: bound(core, { act, botStep, resign, view: gameView, gamesHere }),
    games: {
      /** Games being played on this process's shard. */
      liveCount: () => core.games.liveGameCount(),
      /** Game ids where the bot is to act, in this process's servers (resumed at start-up). */
      botTurns: () => core.games.gamesAwaiting(core.botUserId),
    },
    // liveBoard.ts: what the live board's pages may see (their moves are play.act's)
    liveBoard: bound(core, { game: liveGame, current: currentLiveGame, lobby: liveLobby, versions: liveVersions }),
    rules: bound(core, { startBoard }), // startBoard.ts
    deadlines: bound(core, { dueForfeits, sweep }), // deadlines.ts
    // turnReminders.ts (src/bot/reminderMessages.ts posts and deletes them)
    reminders: bound(core, {
      claim: claimDueReminders,
      record: recordReminder,
      deletions: reminderDeletions,
      deletionsIn: reminderDeletionsIn,
      deleted: reminderDeleted,
      set: setReminders,
      isOn: remindersOn,
    }),
    // sync.ts: what the chat shows (src/chat/messageSync.ts keeps it in step with the database)
    chat: bound(core, {
      setMessage,
      setThread,
      playInChannel,
      recordShown,
      boardStanding,
      outOfSync,
      takeBack,
      rememberAnswer,
      answerToken,
    }),
    // playerRecords.ts, seasons.ts
    records: {
      ...bound(core, { leaderboard: seasonLeaderboard, stats: statsHere, history: playerHistory }),
      currentSeason: (guildId: string) => core.server.currentSeason(guildId),
    },
    servers: {
      /** The settings in force in a server. */
      settings: (guildId: string) => core.settingsOf(guildId),
      /** What a challenge naming no rules plays in a server. */
      defaultVariant: async (guildId: string) => (await core.settingsOf(guildId)).defaultVariant,
    },
    // /senet-admin, each call checking Manage Server: admin.ts, seasons.ts
    admin: bound(core, { settings: showSettings, changeSettings, newSeason }),
    // data rights: privacy.ts (a person), serverData.ts (a server, servers the bot left)
    privacy: bound(core, {
      playerData,
      forgetPlayer,
      tournamentsBehind,
      serverData,
      deleteServerData,
      serverLeft,
      serversPresent,
      purgeLeftServers,
      eventDeletions,
      dueEventDeletions,
      eventDeleted,
    }),
    replays: bound(core, { recentGames, draw: drawReplay }), // replays.ts
    dice: bound(core, { check: checkDice }), // diceCheck.ts: /senet verify
    // tournamentEntry.ts, tournamentChanges.ts (src/commands/tournament*.ts, src/bot/tournamentRunner.ts)
    tournaments: {
      ...bound(core, {
        create: createTournament,
        join: joinTournament,
        leave,
        start: startTournamentNow,
        cancel: cancelTournament,
        remove,
        seen: tournamentSeen,
        stored: storedTournament,
        listSeen: tournamentsSeen,
        advance,
      }),
      setMessage: (id: number, messageId: string) => core.tournaments.setMessage(id, messageId),
      setEvent: (id: number, eventId: string) => core.tournaments.setEvent(id, eventId),
      /** Records that the tournament's message shows `version`. */
      recordShown: (id: number, version: number) => core.tournaments.recordShown(id, version),
      /** This process's tournaments with work due now: a start, a round over or out of time. */
      due: () => core.tournaments.due(core.now()),
      /** This process's tournaments whose message is behind the database. */
      behind: () => core.tournaments.behind(),
      /** Tells `listener` of every tournament a committed change touched (the bot's runner moves it on). */
      onChange: (listener: (tournamentId: number) => void) => void (core.onTournamentChange = listener),
    },
    storage: {
      db: core.db,
      close: () => core.db.close(),
      /** Commits one small write (GET /healthz); throws the database's error when it does not. */
      probeWrite: () => probeWrite(core.db),
      /** Write transactions so far, and their waits for their turn (see ServiceCore.lockWaits). */
      lockWaits: () => ({ ...core.lockWaits }),
      /** Tells `observer` of each write transaction's lock wait and commit time (the bot's metrics). */
      observeWrites: (observer: (timing: WriteTiming) => void) => void (core.onWrite = observer),
      /** Tells `listener` each time the database server answers again after an outage (Database.onReachable). */
      whenReachable: (listener: () => void) => void (core.db.onReachable = listener),
      /** The replay check over stored games (all by default); see verify.ts. */
      verify: (gameIds?: readonly number[]) => verifyGames(core.games, gameIds),
    },
  };
}

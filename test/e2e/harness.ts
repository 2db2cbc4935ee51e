// Starts the real bot (discord.js client, game service, SQLite file, renderer) against the fake
// Discord, with a clock the test controls and no pauses between the bot's actions.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBot, type Bot } from '../../src/bot/client.js';
import type { ActivityConfig } from '../../src/bot/config.js';
import { loggerInto } from '../support/loggerInto.js';
import { Metrics } from '../../src/bot/metrics.js';
import { serveMetrics, type MetricsServer } from '../../src/bot/metricsServer.js';
import { RenderPool } from '../../src/bot/renderPool.js';
import { ReplayThread } from '../../src/bot/replayThread.js';
import { DiceSecret } from '../../src/engine/keyedDice.js';
import { ONE_SHARD, openService, type GameService } from '../../src/game/service.js';
import type { BoardRenderer, GameView } from '../../src/game/types.js';
import { actButtons as buttonsOf } from './players.js';
import { openTestDatabase } from '../support/databaseAt.js';
import { freshPostgresDatabase } from '../support/postgres.js';
import { type CuttingProxy, startCuttingProxy } from '../support/cuttingProxy.js';
import { onPostgres } from '../support/testDatabase.js';
import {
  FakeDiscord,
  OPTION,
  snowflake,
  type FakeUser,
  type InteractionReply,
  type RawButton,
  type SlashOption,
} from './fake/fakeDiscord.js';
import { say } from '../../src/i18n/index.js';

export const TOKEN = 'fake-token-for-tests-0123456789';

export interface Harness {
  fake: FakeDiscord;
  bot: Bot;
  service: GameService;
  clock: { now: number };
  logs: string[];
  /** The database: a SQLite file's path, or a postgres:// URL in the "postgres" project. */
  dbPath: string;
  /** On PostgreSQL with `cuttingProxy: true`: the proxy the bot reaches the database through, to cut a connection. */
  proxy: CuttingProxy | null;
  /** The bot's /metrics and /healthz (started with `metrics: true`), e.g. http://127.0.0.1:1234. */
  metricsUrl: string | null;
  ana: FakeUser;
  ben: FakeUser;
  /** Whether slash() and click() also wait for the computer's turn to be played (default true). */
  awaitBotTurns: boolean;
  /** `/senet <subcommand>` as `user`; resolves once the bot has fully handled it. */
  slash(
    user: FakeUser,
    subcommand: string,
    options?: SlashOption[],
    resolvedUsers?: FakeUser[],
  ): Promise<InteractionReply>;
  /** A click; resolves once the bot has fully handled it (and played any turn of its own). */
  click(user: FakeUser, messageId: string, customId: string): Promise<InteractionReply>;
  /** Moves the bot's clock and the fake Discord's on together. */
  advance(ms: number): void;
  /** Waits for the bot to finish what it is doing. */
  settle(): Promise<void>;
  /** The next board picture fails to draw, once (a failure after the action's transaction committed). */
  failNextPicture(): void;
  /** The next board picture is drawn only once the function returned is called (a busy render worker). */
  holdNextPicture(): () => void;
  /** How many board pictures have been drawn (asked of the renderer) since the harness started. */
  readonly boardsDrawn: number;
  /**
   * Stops the bot and starts it again on the same database (a restart of the process); `liveBoard`
   * sets it up or not from then on (default: as before).
   */
  restart(options?: { botStepDelayMs?: number; deferAfterMs?: number; liveBoard?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export const CHALLENGE_TTL_MS = 60_000;
export const TURN_TTL_MS = 3_600_000;

/** A temp dir on tmpfs when there is one: the SQLite file is real, its fsyncs are cheap. */
function tempDir(): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-e2e-'));
}

/**
 * The live board's settings, as ACTIVITY_PORT gives them: the bot then offers it (its button, its
 * Entry Point command). startBot serves no page; a test starts the live board's server itself.
 */
const LIVE_BOARD: ActivityConfig = { port: 0, host: '127.0.0.1', clientSecret: null, mockSignIn: true };

export async function startHarness(
  options: { botStepDelayMs?: number; metrics?: boolean; cuttingProxy?: boolean; liveBoard?: boolean } = {},
): Promise<Harness> {
  const fake = await FakeDiscord.start();
  const dir = tempDir();
  // The project's backend: a SQLite file in the temp dir, or a fresh PostgreSQL database (its URL).
  const dbPath = onPostgres ? await freshPostgresDatabase() : join(dir, 'senet.db');
  if (options.cuttingProxy && !onPostgres) throw new Error('the cutting proxy stands in front of PostgreSQL');
  const proxy = options.cuttingProxy ? await startCuttingProxy(dbPath) : null;
  const clock = { now: Date.UTC(2026, 0, 1) };
  const logs: string[] = [];
  const log = loggerInto(logs, { level: 'debug', secrets: [TOKEN] });
  const secrets = DiceSecret.counting(); // the same games on every run
  // Pictures are drawn on a worker thread, as `npm start` does by default.
  const pool = new RenderPool(1);
  const replays = new ReplayThread();
  // Counted as `npm start` counts with METRICS_PORT set: the pictures' and replays' times too.
  const metrics = options.metrics ? new Metrics(ONE_SHARD) : null;
  if (metrics) metrics.replayQueue = () => replays.pending;
  let service!: GameService;
  let pictureFails = false;
  let pictureHeld: Promise<void> | null = null;
  let boardsDrawn = 0;
  const renderBoard: BoardRenderer = async (state, view) => {
    boardsDrawn++;
    const held = pictureHeld;
    pictureHeld = null;
    if (held) await held;
    if (!pictureFails) return pool.render(state, view);
    pictureFails = false;
    return Promise.reject(new Error('the picture failed'));
  };
  let liveBoard = options.liveBoard ?? false;
  const launch = async (delay: number, deferAfterMs?: number): Promise<Bot> => {
    // Opened afresh at each (re)start, as a process would; the service closes it when the bot stops.
    const db = await openTestDatabase(proxy?.url ?? dbPath);
    return startBot({
      config: {
        token: TOKEN,
        apiUrl: fake.apiUrl,
        restProxySecret: null,
        botStepDelayMs: delay,
        sweepIntervalMs: 0,
        deferAfterMs,
        activity: liveBoard ? LIVE_BOARD : null,
      },
      log,
      now: () => clock.now,
      // Replays are uploaded by the thread that drew them, as `npm start` does.
      uploadLarge: replays.upload,
      ...(metrics ? { metrics } : {}),
      openService: (botUserId) => {
        service = openService({
          db,
          botUserId,
          now: () => clock.now,
          newDiceSecret: secrets,
          config: { challengeTtlMs: CHALLENGE_TTL_MS, turnTtlMs: TURN_TTL_MS },
          renderBoard: metrics ? metrics.timeRenders(renderBoard) : renderBoard,
          renderReplay: metrics ? metrics.timeReplays(replays.render) : replays.render,
        });
        return service;
      },
    });
  };
  const bot = await launch(options.botStepDelayMs ?? 0);
  const metricsServer: MetricsServer | null = metrics
    ? await serveMetrics({ host: '127.0.0.1', port: 0, metrics, health: () => harness.bot.health() })
    : null;
  const harness: Harness = {
    fake,
    bot,
    metricsUrl: metricsServer ? `http://127.0.0.1:${metricsServer.port}` : null,
    awaitBotTurns: true,
    get service() {
      return service;
    },
    failNextPicture() {
      pictureFails = true;
    },
    holdNextPicture() {
      let release!: () => void;
      pictureHeld = new Promise((resolve) => (release = resolve));
      return release;
    },
    get boardsDrawn() {
      return boardsDrawn;
    },
    clock,
    logs,
    dbPath,
    proxy,
    ana: fake.newUser('Ana'),
    ben: fake.newUser('Ben'),
    async slash(user, subcommand, slashOptions = [], resolvedUsers = []) {
      const reply = await fake.slash(user, subcommand, slashOptions, resolvedUsers);
      await harness.settle();
      return reply;
    },
    async click(user, messageId, customId) {
      const reply = await fake.click(user, messageId, customId);
      await harness.settle();
      return reply;
    },
    advance(ms) {
      clock.now += ms;
      fake.clock += ms;
    },
    async settle() {
      await harness.bot.settled();
      if (harness.awaitBotTurns) await harness.bot.turns.idle();
      // Tournaments move on after a game ends: the next round's games are posted by the runner.
      await harness.bot.tournaments.idle();
      await harness.bot.messages.idle();
    },
    async restart(restartOptions = {}) {
      await harness.bot.stop();
      liveBoard = restartOptions.liveBoard ?? liveBoard;
      harness.bot = await launch(restartOptions.botStepDelayMs ?? 0, restartOptions.deferAfterMs);
    },
    async close() {
      await harness.bot.stop();
      await proxy?.close();
      await metricsServer?.close();
      await pool.close();
      await replays.close();
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

export { toActName, pickButton } from './players.js';

/** The game buttons (not Rematch) of a message. */
export function actButtons(h: Harness, messageId: string): RawButton[] {
  return buttonsOf(h.fake, messageId);
}

/** The user object for a player name. */
export function userNamed(h: Harness, name: string): FakeUser {
  if (name === h.ana.global_name) return h.ana;
  if (name === h.ben.global_name) return h.ben;
  throw new Error(`nobody is called ${name}`);
}

/** Fails with the bot's private answer, and for an unexpected error the logged line with its reference. */
export function assertReplyOk(reply: InteractionReply, h?: Harness): void {
  if (!reply.ephemeral) return;
  const content = String(reply.data?.content);
  const ref = /ref ([0-9A-F]+)/.exec(content)?.[1];
  const logged = ref && h ? `\n${h.logs.find((l) => l.includes(ref)) ?? ''}` : '';
  throw new Error(`the bot refused: ${content}${logged}`);
}

/** `/senet challenge opponent:@opponent` as `user`, in the harness's current channel. */
export function challengeAs(h: Harness, user: FakeUser, opponent: FakeUser): Promise<InteractionReply> {
  return h.slash(user, 'challenge', [{ name: 'opponent', type: OPTION.user, value: opponent.id }], [opponent]);
}

/** Ana challenges Ben and Ben accepts, in the harness's current channel: the board message's id. */
export async function startHumanGame(h: Harness): Promise<string> {
  const reply = await challengeAs(h, h.ana, h.ben);
  assertReplyOk(reply, h);
  const messageId = reply.message!.id;
  assertReplyOk(await h.click(h.ben, messageId, h.fake.buttons(messageId)[0]!.custom_id!), h);
  return boardOf(h, messageId);
}

/**
 * The board of the game started from `messageId` (a challenge or a /senet play reply): the first
 * message of the thread started from it, or the message itself when the game is played in the channel.
 */
export function boardOf(h: Harness, messageId: string): string {
  const thread = h.fake.threads.get(messageId);
  if (!thread) return messageId;
  const board = h.fake.messagesIn(thread.id)[0];
  if (!board) throw new Error(`thread ${thread.id} has no board`);
  return board.id;
}

/** Ana's live game started in (or played in) `channelId`, as the service holds it. */
export async function liveGameIn(h: Harness, channelId: string): Promise<GameView> {
  const [here] = await h.service.play.gamesHere({ channelId, userId: h.ana.id });
  if (!here) throw new Error(`Ana has no game in ${channelId}`);
  const view = await h.service.play.view(here.gameId);
  if (!view.ok) throw new Error(say('en', view.error.message));
  return view.value;
}

/**
 * Resolves once the game's chat message shows `version` or later (the database records what it
 * shows): a change made on the live board reaches the chat through the database's news, after the
 * page has it.
 */
export async function chatShows(h: Harness, gameId: number, version: number): Promise<void> {
  for (;;) {
    const standing = await h.service.chat.boardStanding(gameId);
    if (standing.ok && !standing.value.behind && standing.value.version >= version) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * One harness for a test file: started before its first test and closed after its last, with a
 * fresh channel (one game per channel), fresh players and no pending Discord failures for every test. The value
 * returned stands for the running harness once tests run (it forwards to it).
 */
export function harnessForFile(options: Parameters<typeof startHarness>[0] = {}): Harness {
  let current: Harness | undefined;
  const running = (): Harness => {
    if (!current) throw new Error('the harness runs only inside tests');
    return current;
  };
  beforeAll(async () => {
    current = await startHarness(options);
  });
  beforeEach(async () => {
    running().fake.channelId = snowflake();
    running().fake.clearFailures();
    // New players too: a server's limits (open challenges, a decline's cooldown, live games per
    // player) would otherwise carry one test's challenges and games into the next.
    running().ana = running().fake.newUser('Ana');
    running().ben = running().fake.newUser('Ben');
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as Harness, {
    get: (_, key) => Reflect.get(running(), key) as unknown,
    set: (_, key, value) => Reflect.set(running(), key, value),
  });
}

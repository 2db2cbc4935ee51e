// The live board (issue 39), served where it runs, against the fake Discord: the bot built and run
// as `npm start` runs it (bench/e2e.ts), with the live board either inside it (ACTIVITY_PORT, as
// the bot serves it) or beside it as a process of its own on the same database
// (bench/support/liveBoardBeside.ts). For each:
//   page load to first board: a headless Chromium opens the page (a cold cache each time) until it
//   shows a game's board (its version in the body's data);
//   100 games, each with its two players' pages connected (200 sockets), played on the pages: each
//   game's player to act moves every 1-3 s for the window; a move's round trip (act sent to the
//   mover's page showing the new version) p50 and p99; the CPU per move of every process (the
//   owner edits the chat message, told by the database's news);
//   memory per connected page: the RSS of the process serving the pages, before and after the
//   200 connect (signed in, each showing its game), over 200.
// `-- activity --where inside` (or beside) runs one; `--db postgres` the bot on a throwaway
// PostgreSQL. Chat-only clicks are `-- e2e`'s figures (run it interleaved against the commit
// before: docs/performance.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeButtonId } from '../src/chat/customIds.js';
import { type Action, type GameState, legalActions } from '../src/engine/index.js';
import type { LiveGame } from '../src/game/liveBoard.js';
import { startBrowser } from '../test/e2e/browser.js';
import { FakeDiscord, OPTION, type FakeUser, snowflake } from '../test/e2e/fake/fakeDiscord.js';
import { TestPage, signIn } from '../test/e2e/livePages.js';
import { startBenchPostgres } from './benchPostgres.js';
import { type BotProcess, cpuSecondsOf, rssOf, startBotProcess } from './e2e.js';
import type { BenchOptions, Report } from './run.js';
import { quantile } from './stats.js';

const ROOT = join(import.meta.dirname, '..');
const GAMES = 100;
const PAGE_LOADS = 7;
const WINDOW_MS = 20_000;
/** A move not shown within this is counted as unanswered (far above any round trip worth measuring). */
const TRIP_LIMIT_MS = 10_000;

/** One game on the live board: its players' pages, and the game as the pages last showed it. */
interface Table {
  gameId: number;
  channelId: string;
  instanceId: string;
  players: [FakeUser, FakeUser];
  pages: Map<string, TestPage>;
  game: LiveGame;
}

export async function run(baseReport: Report, options: BenchOptions = {}): Promise<void> {
  const backend = options.db ?? 'sqlite';
  if (backend !== 'sqlite' && backend !== 'postgres') throw new Error('--db must be sqlite or postgres');
  const wheres = options.where ? [options.where] : ['inside', 'beside'];
  for (const where of wheres) {
    if (where !== 'inside' && where !== 'beside') throw new Error('--where must be inside or beside');
    const tags = [where === 'inside' ? 'inside the bot' : 'beside the bot', ...(backend === 'sqlite' ? [] : [backend])];
    await measure((name, value, unit) => baseReport(`${name} [${tags.join(', ')}]`, value, unit), where, backend);
  }
}

async function measure(report: Report, where: 'inside' | 'beside', backend: 'sqlite' | 'postgres'): Promise<void> {
  const postgres = backend === 'postgres' ? await startBenchPostgres() : null;
  const fake = await FakeDiscord.start();
  fake.recordRequests = false;
  const guildId = fake.addGuild({ shard: 0, count: 1 });
  const dir = mkdtempSync(join(process.env.BENCH_DB_DIR ?? tmpdir(), 'senet-bench-activity-'));
  const database: Record<string, string> = postgres
    ? { DATABASE_URL: postgres.url }
    : { DATABASE_PATH: join(dir, 'bench.db') };
  const port = await freePort();
  const liveUrl = `http://127.0.0.1:${port}`;
  const activity = { ACTIVITY_PORT: String(port), ACTIVITY_MOCK_SIGN_IN: 'true' };
  const bot = await startBotProcess(fake, database, 1, where === 'inside' ? activity : {});
  const beside = where === 'beside' ? await startBeside(fake, { ...database, ...activity }) : null;
  const server: Pick<BotProcess, 'pid' | 'shards'> = beside ?? bot;
  const browser = await startBrowser();
  const pages: TestPage[] = [];
  try {
    const people = Array.from({ length: 2 * GAMES }, (_, i) => fake.newUser(`P${i}`));
    const tables: Omit<Table, 'pages' | 'game'>[] = [];
    for (let i = 0; i < GAMES; i++) tables.push(await open(fake, guildId, people[2 * i]!, people[2 * i + 1]!));

    // Page load to first board, each in a new browser context (nothing cached).
    const loads: number[] = [];
    for (let i = 0; i < PAGE_LOADS; i++) {
      const { players, instanceId } = tables[i]!;
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${liveUrl}/?user=${players[0].id}&instance=${instanceId}&locale=en-US`);
      await page.waitForFunction('document.body.dataset.version !== undefined', null, { timeout: 30_000 });
      loads.push(performance.now() - started);
      await context.close();
    }
    report('activity page load to first board p50', quantile(loads, 0.5), 'ms');
    report('activity page load to first board, slowest', Math.max(...loads), 'ms');
    await browser.close();

    // 200 pages: each game's two players, signed in and showing it.
    await sleep(2_000);
    const before = rssOf(server.pid);
    const live: Table[] = [];
    for (const table of tables) {
      const shown = new Map<string, TestPage>();
      let game: LiveGame | undefined;
      for (const player of table.players) {
        const page = await pageOf(liveUrl, player, table.instanceId, table.gameId);
        pages.push(page);
        shown.set(player.id, page);
        game = await page.gameAt(table.gameId, 0);
      }
      live.push({ ...table, pages: shown, game: game! });
    }
    await sleep(2_000);
    report('activity pages connected', pages.length, 'pages');
    report('activity memory per connected page', (rssOf(server.pid) - before) / pages.length / 1024, 'KB');
    report('activity RSS of the process serving the pages, 200 connected', rssOf(server.pid) / 1024 / 1024, 'MB');
    if (beside) report('activity bot process RSS beside it', rssOf(bot.pid) / 1024 / 1024, 'MB');

    // Every game played on its pages for the window, a move every 1-3 s in each.
    const trips: number[] = [];
    let unanswered = 0;
    const cpuBefore = cpuSecondsOf(bot) + (beside ? cpuSecondsOf(beside) : 0);
    const start = performance.now();
    await Promise.all(
      live.map(async (table) => {
        await sleep(Math.random() * 2_000);
        while (performance.now() - start < WINDOW_MS && table.game.status === 'active') {
          const mover = table.pages.get(table.game.toActId ?? '');
          if (!mover) break; // the computer's turn: not in these games
          const [action] = legalActions(table.game.state as GameState);
          if (!action) break;
          const sent = performance.now();
          const game = await answerTo(mover, table.gameId, table.game.version, action);
          // Refused or unanswered (a busy database, Discord's look-up failing): counted, and this
          // game stops, rather than the bench waiting for ever.
          if (!game) {
            unanswered++;
            break;
          }
          table.game = game;
          trips.push(performance.now() - sent);
          for (const page of table.pages.values()) page.received.length = 0;
          await sleep(1_000 + Math.random() * 2_000);
        }
      }),
    );
    const cpu = cpuSecondsOf(bot) + (beside ? cpuSecondsOf(beside) : 0) - cpuBefore;
    report('activity live move round trip p50 (200 pages over 100 games)', quantile(trips, 0.5), 'ms');
    report('activity live move round trip p99 (200 pages over 100 games)', quantile(trips, 0.99), 'ms');
    report('activity live moves in the window', trips.length, 'moves');
    report('activity live moves refused or unanswered within 10 s', unanswered, 'moves');
    report('activity CPU per live move, every process (the chat edit included)', (cpu * 1000) / trips.length, 'ms');
    report('machine load average (1 min) at the end', loadavg()[0]!, 'runnable');
  } finally {
    for (const page of pages) page.close();
    await browser.close().catch(() => undefined);
    if (beside) {
      process.kill(beside.pid, 'SIGTERM');
      await beside.exited;
    }
    // A bot that exited early (its error is on stderr) is not waited for.
    if (bot.npm.exitCode === null) {
      const exited = new Promise((resolve) => bot.npm.once('exit', resolve));
      process.kill(bot.pid, 'SIGTERM');
      await exited;
    }
    await fake.stop();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A new game in a channel of its own: challenged and accepted; an activity instance there with both players in it. */
async function open(
  fake: FakeDiscord,
  guildId: string,
  a: FakeUser,
  b: FakeUser,
): Promise<Omit<Table, 'pages' | 'game'>> {
  fake.guildId = guildId;
  fake.channelId = snowflake();
  const challenge = await fake.slash(a, 'challenge', [{ name: 'opponent', type: OPTION.user, value: b.id }], [b]);
  const challengeId = challenge.message!.id;
  await fake.click(b, challengeId, fake.buttons(challengeId)[0]!.custom_id!);
  const board = await fake.firstMessageIn(challengeId);
  const gameId = fake
    .buttons(board.id)
    .map((button) => decodeButtonId(button.custom_id ?? ''))
    .find((id) => id?.kind === 'act');
  if (gameId?.kind !== 'act') throw new Error('the board has no game buttons');
  const instanceId = fake.launchActivity(a);
  fake.setInInstance(instanceId, b, true);
  return { gameId: gameId.gameId, channelId: fake.channelId, instanceId, players: [a, b] };
}

/** The game after `mover`'s move, as its page shows it; null if refused or not shown within TRIP_LIMIT_MS. */
async function answerTo(mover: TestPage, gameId: number, version: number, action: Action): Promise<LiveGame | null> {
  const seq = mover.send({ type: 'act', gameId, version, action });
  return await Promise.race([
    mover.gameAt(gameId, version + 1),
    mover.next('refused', (m) => m.seq === seq).then(() => null),
    sleep(TRIP_LIMIT_MS).then(() => null),
  ]);
}

/** `user`'s page, signed in with the mock sign-in, showing the game. */
async function pageOf(liveUrl: string, user: FakeUser, instanceId: string, gameId: number): Promise<TestPage> {
  const signed = await signIn(liveUrl, `mock:${user.id}:en-US`, instanceId);
  if (signed.status !== 200) throw new Error(`sign-in refused (${signed.status})`);
  const page = await TestPage.open(liveUrl);
  page.send({ type: 'hello', session: signed.session });
  await page.next('welcome');
  page.send({ type: 'open', gameId });
  return page;
}

/** The live board beside the bot: its own process on the same database; resolves once it listens. */
async function startBeside(
  fake: FakeDiscord,
  settings: Record<string, string>,
): Promise<{ pid: number; shards: number[]; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/liveBoardBeside.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DISCORD_TOKEN: 'bench-token-not-a-secret',
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_URL: fake.apiUrl,
      BOT_USER_ID: fake.botUser.id,
      ...settings,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('the live board is listening')) resolve();
    });
    void exited.then(() => reject(new Error('the live board beside the bot exited before it listened')));
  });
  return { pid: child.pid!, shards: [], exited };
}

/** A port free now on the loopback. */
function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }),
  );
}

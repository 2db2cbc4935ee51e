// The whole bot through the fake Discord: the bot runs as `npm start` runs it (built, then
// `node dist/main.js`) in a process of its own (so its RSS is its own) and logs in to the fake,
// which dispatches clicks and times the answers.
//   click latency (p50, p99) with 20 games played at once, then again while replays are drawn;
//   sustained clicks per second with 500 live games; the bot process's RSS; then, with 50 games
//   each clicked 20 times at once on the same button (one wins, the others are refused), how soon
//   the game-over board shows after /senet resign.
// `-- e2e --shards N`: the bot as SHARDS=N runs it (a manager and N shard processes on one SQLite
// file, games spread over one server per shard); figures then add up all processes, with the
// largest shard's RSS, and the database's write transactions that waited for another's lock.
// `-- e2e --locale ru`: every server's Discord language (default en-US), so every game is in that
// language, its catalog and its script's fonts loaded (the memory with 500 games in one language).
// `-- e2e --db postgres`: the bot on a throwaway PostgreSQL (DATABASE_URL; default --db sqlite),
// adding PostgreSQL's own CPU per click and commits per second in the throughput window.
// BENCH_SMAPS_DIR=dir saves the bot's /proc/<pid>/smaps beside each memory figure, to see where the
// RSS is (V8's 256 KB pages, malloc's heaps, mapped files; docs/performance.md).
// BENCH_THREADS=1 adds the bot's CPU per click by kind of thread (bench/threadCpu.ts) and the boards
// drawn per click (the bot's senet_render_seconds), in the throughput window.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDLE_MS } from '../src/bot/replayThread.js';
import { decodeButtonId } from '../src/chat/customIds.js';
import { localeOf, translate } from '../src/i18n/index.js';
import { FakeDiscord, OPTION, Unanswered, snowflake, type FakeUser } from '../test/e2e/fake/fakeDiscord.js';
import { actButtons, pickButton, toActName } from '../test/e2e/players.js';
import type { BenchOptions, Report } from './run.js';
import { quantile } from './stats.js';
import type { LockWaits } from '../src/game/core.js';
import { startBenchPostgres } from './benchPostgres.js';
import { freePort } from '../test/support/postgresCluster.js';
import { cpuByThreadKind, threadsOf } from './threadCpu.js';
import { gcBetween } from './gcTrace.js';

/** Lines the bench adds to its log of the bot around the throughput window (bench/gcTrace.ts). */
const WINDOW_START = '--- bench: throughput window starts';
const WINDOW_END = '--- bench: throughput window ends';
const ROOT = join(import.meta.dirname, '..');
const THINK_MS = 500;
/** How long a request from the bot is waited for: minutes, as a replay takes on a machine loaded many times over. */
const PATIENCE_MS = 600_000;
/** How long a board is watched for the bot's own edit after Discord refused a click's late answer. */
const LATE_EDIT_MS = 10_000;

interface Table {
  players: [FakeUser, FakeUser];
  messageId: string;
}

/**
 * Whoever is to act, as the board names them: in any language its last line of text (the small
 * `-#` lines under it, such as the dice commitment, aside) names them in bold.
 */
function actorIn(content: string): string {
  const turnLine = content
    .trim()
    .split('\n')
    .findLast((line) => !line.startsWith('-# '));
  return toActName(content) ?? /\*\*([^*]+)\*\*/.exec(turnLine ?? '')?.[1] ?? '';
}

/** The board's line after a resignation, in the catalog of `discordLocale` (English if none). */
function resignedLineIn(discordLocale: string): RegExp {
  const said = translate(localeOf(discordLocale) ?? 'en', 'board.endResigned', { loser: '@@', winner: '@@' });
  return new RegExp(said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/@@/g, '.+'));
}

export async function run(baseReport: Report, options: BenchOptions = {}): Promise<void> {
  const shards = Number(options.shards ?? 1);
  if (!Number.isInteger(shards) || shards < 1) throw new Error(`--shards must be a whole number ≥ 1`);
  const backend = options.db ?? 'sqlite';
  if (backend !== 'sqlite' && backend !== 'postgres') throw new Error('--db must be sqlite or postgres');
  const locale = options.locale ?? 'en-US';
  const resignedLine = resignedLineIn(locale);
  const tags = [
    ...(shards === 1 ? [] : [`${shards} shards`]),
    ...(backend === 'sqlite' ? [] : [backend]),
    ...(locale === 'en-US' ? [] : [locale]),
  ];
  const report: Report =
    tags.length === 0 ? baseReport : (name, value, unit) => baseReport(`${name} [${tags.join(', ')}]`, value, unit);
  const postgres = backend === 'postgres' ? await startBenchPostgres() : null;
  const fake = await FakeDiscord.start();
  fake.recordRequests = false;
  fake.guildLocale = locale;
  // Two servers or more, one per shard: with one process both are on it, so the runs compare.
  const serverCount = Math.max(2, shards);
  const servers = Array.from({ length: serverCount }, (_, k) => fake.addGuild({ shard: k, count: serverCount }));
  // BENCH_DB_DIR=/dev/shm shows the cost without disk syncs; the default is the real disk.
  const dir = mkdtempSync(join(process.env.BENCH_DB_DIR ?? tmpdir(), 'senet-bench-e2e-'));
  const byThread = process.env.BENCH_THREADS === '1';
  const metricsPort = byThread ? await freePort() : 0;
  const bot = await startBotProcess(
    fake,
    postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: join(dir, 'bench.db') },
    shards,
    byThread ? { METRICS_PORT: String(metricsPort) } : {},
  );
  /** Boards drawn so far (with BENCH_THREADS=1: the bot's metrics). */
  const rendersSoFar = async (): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return Number(/^senet_render_seconds_count\{[^}]*\} (\d+)/m.exec(text)?.[1] ?? NaN);
  };
  try {
    reportMemory(report, bot, 'at start (logged in, idle)');
    const people = Array.from({ length: 1102 }, (_, i) => fake.newUser(`P${i}`));
    const byName = new Map(people.map((p) => [p.global_name, p]));

    // Every game is challenged in its server's #games channel and played in a thread of its own.
    const lobbies = servers.map((guildId) => ({ guildId, channelId: snowflake() }));
    let opened = 0;
    /** A "thinking…" reply filled in by the interaction's webhook (or deleted, for a private answer after it). */
    const filledIn = (token: string) =>
      fake.waitForRequest(
        (r) => (r.method === 'PATCH' || r.method === 'DELETE') && r.path.includes(`/${token}/messages/@original`),
        PATIENCE_MS,
      );
    /** A new game, in the next server in turn: challenge, accept, its board posted in its thread. */
    const open = async (a: FakeUser, b: FakeUser): Promise<Table> => {
      const lobby = lobbies[opened++ % lobbies.length]!;
      fake.guildId = lobby.guildId;
      fake.channelId = lobby.channelId;
      const challenge = await fake.slash(a, 'challenge', [{ name: 'opponent', type: OPTION.user, value: b.id }], [b]);
      if (challenge.ephemeral) throw new Error(`challenge refused: ${String(challenge.data?.content)}`);
      // A bot that takes longer than 1.5 s says "thinking…" first and fills that reply in later.
      if (challenge.type === 5) await filledIn(challenge.token);
      const challengeId = challenge.message!.id;
      const accepted = await fake.click(b, challengeId, fake.buttons(challengeId)[0]!.custom_id!);
      if (accepted.ephemeral) throw new Error(`accept refused: ${String(accepted.data?.content)}`);
      // The thread has the challenge message's id; the board is its first message.
      const board = await fake.firstMessageIn(challengeId);
      return { players: [a, b], messageId: board.id };
    };
    let deferred = 0;
    let late = 0;
    const boardSeen = (messageId: string): string => JSON.stringify(fake.messages.get(messageId)?.components);
    /** Until the message's buttons change from `before`, or LATE_EDIT_MS pass (the click was never acted on). */
    const boardChanged = async (messageId: string, before: string): Promise<void> => {
      const until = performance.now() + LATE_EDIT_MS;
      while (boardSeen(messageId) === before && performance.now() < until) await sleep(20);
    };
    let unanswered = 0;
    let staleClicks = 0;
    const staleSaid = translate(localeOf(locale) ?? 'en', 'error.staleBoard');
    /**
     * An interaction the bot never answered (its answer lost on the way: Discord would show "This
     * interaction failed"): counted and reported, and the run goes on (null).
     */
    const orUnanswered = async <T>(asked: Promise<T>): Promise<T | null> => {
      try {
        return await asked;
      } catch (error) {
        if (!(error instanceof Unanswered)) throw error;
        unanswered++;
        return null;
      }
    };
    /** One click by whoever is to act; returns its latency (unanswered: till given up), or null if the game is over. */
    const click = async (table: Table): Promise<number | null> => {
      const buttons = actButtons(fake, table.messageId);
      if (buttons.length === 0) return null;
      const user = byName.get(actorIn(fake.messages.get(table.messageId)!.content));
      if (!user) throw new Error(`who is to act? ${fake.messages.get(table.messageId)!.content}`);
      const started = performance.now();
      const before = boardSeen(table.messageId);
      const button = pickButton(buttons);
      const reply = await orUnanswered(fake.click(user, table.messageId, button.custom_id!));
      if (!reply) return performance.now() - started;
      if (reply.refused) {
        // Answered after Discord's 3 s (an overloaded bot): the player saw "This interaction
        // failed", and the bot shows a move it made with its own token instead, so wait for that.
        late++;
        await boardChanged(table.messageId, before);
        return performance.now() - started;
      }
      if (reply.ephemeral) {
        // The answer to an earlier click that never reached Discord: its move was made, its board
        // not shown yet, so this click was on an older board (a player would get the same line).
        if (String(reply.data?.content) !== staleSaid) throw new Error(`click refused: ${String(reply.data?.content)}`);
        staleClicks++;
        return performance.now() - started;
      }
      if (reply.type === 6) deferred++;
      // Until the player sees the new board: a deferred click is edited later, through the
      // interaction or, if that came too late for Discord, with the bot's token (then only an edit
      // showing a newer board than the one clicked will do). On a loaded machine 500 clicks at once
      // on PostgreSQL queue for longer than the fake's 30 s: that is a figure.
      if (reply.type === 6) {
        const clicked = decodeButtonId(button.custom_id!);
        const newer = () =>
          actButtons(fake, table.messageId).every((b) => {
            const id = decodeButtonId(b.custom_id ?? '');
            return id?.kind === 'act' && clicked?.kind === 'act' && id.version > clicked.version;
          });
        const original = (r: { path: string }) => r.path.includes(`/${reply.token}/messages/@original`);
        for (;;) {
          const edit = await fake.waitForRequest(
            (r) => r.method === 'PATCH' && (original(r) || r.path.endsWith(`/messages/${table.messageId}`)),
            PATIENCE_MS,
          );
          if (original(edit) || newer()) break;
        }
      }
      return performance.now() - started;
    };
    /**
     * Plays `tables` concurrently, each game restarted when it ends, until `until()` says stop.
     * Each player waits `thinkMs` after seeing the board before clicking (0 = as fast as possible).
     */
    const play = async (
      tables: Table[],
      until: () => boolean,
      onClick: (ms: number) => void,
      thinkMs = 0,
    ): Promise<void> => {
      await Promise.all(
        tables.map(async (table, i) => {
          // Spread the first clicks so the games do not click in lockstep.
          if (thinkMs > 0) await sleep(Math.random() * thinkMs);
          while (!until()) {
            if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
            const ms = await click(table);
            if (ms === null) tables[i] = table = await open(table.players[0], table.players[1]);
            else onClick(ms);
          }
        }),
      );
    };

    // (1102 people: 500 games for the throughput below, one more watched for replays, 50 for bursts.)
    // Latency: 20 games played at once by people who look at the board before clicking (a
    // think time of 0.25-0.75 s, far quicker than people really are), after a warm-up.
    let pair = 0;
    const nextPair = (): [FakeUser, FakeUser] => [people[2 * pair]!, people[2 * pair++ + 1]!];
    const twenty = await Promise.all(Array.from({ length: 20 }, () => open(...nextPair())));
    let warm = 0;
    await play(
      twenty,
      () => warm >= 200,
      () => warm++,
    );
    const latencies: number[] = [];
    await play(
      twenty,
      () => latencies.length >= Number(process.env.BENCH_CLICKS ?? 1500),
      (ms) => latencies.push(ms),
      THINK_MS,
    );
    report('e2e click latency p50 (20 games at once)', quantile(latencies, 0.5), 'ms');
    report('e2e click latency p99 (20 games at once)', quantile(latencies, 0.99), 'ms');

    // The same while replays are drawn without a pause: one game played to its end, then its
    // Replay button pressed again as soon as each replay is posted (a worker thread draws them).
    const watched = await open(...nextPair());
    while ((await click(watched)) !== null);
    // Found by its id, not its label, which is in the game's language.
    const replayButton = fake
      .buttons(watched.messageId)
      .find((b) => decodeButtonId(b.custom_id ?? '')?.kind === 'replay')!.custom_id!;
    const duringReplays: number[] = [];
    const replayTimes: number[] = [];
    const replaysDone = new AbortController();
    const replays = (async () => {
      while (!replaysDone.signal.aborted) {
        const started = performance.now();
        const reply = await fake.click(watched.players[0], watched.messageId, replayButton);
        if (reply.ephemeral) throw new Error(`replay refused: ${String(reply.data?.content)}`);
        await fake.waitForRequest(
          (r) => r.method === 'PATCH' && r.path.includes(`/${reply.token}/messages/@original`),
          PATIENCE_MS,
        );
        replayTimes.push(performance.now() - started);
      }
    })();
    await play(
      twenty,
      () => duringReplays.length >= Number(process.env.BENCH_CLICKS ?? 1500),
      (ms) => duringReplays.push(ms),
      THINK_MS,
    );
    replaysDone.abort();
    await replays;
    report('e2e click latency p50 (20 games at once, replays drawn meanwhile)', quantile(duringReplays, 0.5), 'ms');
    report('e2e click latency p99 (20 games at once, replays drawn meanwhile)', quantile(duringReplays, 0.99), 'ms');
    report('e2e replays posted meanwhile', replayTimes.length, 'replays');
    report('e2e replay answer time p50 (button to posted GIF)', quantile(replayTimes, 0.5) / 1000, 's');
    // The replay thread ends IDLE_MS after its last replay: wait, so the memory figures below are
    // those of a bot that is not drawing replays.
    await sleep(IDLE_MS + 5_000);

    // Throughput: 500 live games, each with a click in flight all the time (no think time).
    const more: Table[] = [];
    for (let i = 0; i < 48; i++)
      more.push(...(await Promise.all(Array.from({ length: 10 }, () => open(...nextPair())))));
    const all = [...twenty, ...more];
    reportMemory(report, bot, `with ${all.length} live games open`);
    let clicks = 0;
    const windowMs = 10_000;
    const botCpuBefore = cpuSecondsOf(bot);
    const mainCpuBefore = cpuSecondsOf(bot, 'main thread');
    const fakeCpuBefore = process.cpuUsage();
    const postgresBefore = await postgres?.reading();
    const threadsBefore = byThread ? threadsOf(bot.pid) : null;
    const rendersBefore = byThread ? await rendersSoFar() : 0;
    bot.logs.push(WINDOW_START);
    const start = performance.now();
    const loaded: number[] = [];
    await play(
      all,
      () => performance.now() - start >= windowMs,
      (ms) => {
        clicks++;
        loaded.push(ms);
      },
    );
    const seconds = (performance.now() - start) / 1000;
    bot.logs.push(WINDOW_END);
    const botCpu = cpuSecondsOf(bot) - botCpuBefore;
    const mainCpu = cpuSecondsOf(bot, 'main thread') - mainCpuBefore;
    const fakeCpu = process.cpuUsage(fakeCpuBefore);
    const postgresAfter = await postgres?.reading();
    if (threadsBefore) {
      for (const [kind, cpu] of cpuByThreadKind(threadsBefore, threadsOf(bot.pid)))
        report(`e2e bot CPU per click, ${kind}`, (cpu * 1000) / clicks, 'ms');
      report('e2e boards drawn per click', ((await rendersSoFar()) - rendersBefore) / clicks, 'boards');
    }
    report(`e2e sustained clicks per second (${all.length} live games)`, clicks / seconds, 'clicks/s');
    report(`e2e click latency p50 under that load`, quantile(loaded, 0.5), 'ms');
    report('e2e clicks deferred (answered after 1.5 s) in the whole run', deferred, 'clicks');
    report("e2e clicks answered too late (after Discord's 3 s) in the whole run", late, 'clicks');
    report('e2e clicks on a board an unanswered click had moved on (refused as stale)', staleClicks, 'clicks');
    report(
      `e2e interactions never answered (given up after ${fake.answerPatienceMs / 1000} s)`,
      unanswered,
      'interactions',
    );
    // CPU per click does not depend on what else the machine is doing, unlike the rates above.
    report('e2e bot CPU per click', (botCpu * 1000) / clicks, 'ms');
    report(
      'e2e bot CPU per click, main thread (the rest: render workers, V8 and libuv helpers)',
      (mainCpu * 1000) / clicks,
      'ms',
    );
    const gc = gcBetween(bot.logs, bot.pid, WINDOW_START, WINDOW_END);
    if (gc.scavenges + gc.markCompacts > 0) {
      report('e2e main thread scavenges per click (--trace-gc)', gc.scavenges / clicks, 'GCs');
      report('e2e main thread mark-compacts per click (--trace-gc)', gc.markCompacts / clicks, 'GCs');
      report('e2e of which asked for by the bot (src/bot/collector.ts)', gc.forced / clicks, 'GCs');
      report('e2e main thread allocated per click (--trace-gc)', (gc.allocatedMb * 1024) / clicks, 'KB');
    }
    report('e2e fake Discord CPU per click', (fakeCpu.user + fakeCpu.system) / 1000 / clicks, 'ms');
    if (postgresBefore && postgresAfter) {
      const cpu = postgresAfter.cpuSeconds - postgresBefore.cpuSeconds;
      report('e2e PostgreSQL CPU per click (all its processes)', (cpu * 1000) / clicks, 'ms');
      report(
        'e2e PostgreSQL commits per second',
        (postgresAfter.commits - postgresBefore.commits) / seconds,
        'commits/s',
      );
    }
    reportMemory(report, bot, `after clicking in all ${all.length} games at once`);

    // Bursts: in 50 games at once, the player to act clicks the same button 20 times (a crowd of
    // double clicks: one wins, 19 are refused), then resigns in the game's thread. How long until
    // the board shows the game is over: the refusals' answers must not hold back the bot's edits.
    const bursts = await Promise.all(Array.from({ length: 50 }, () => open(...nextPair())));
    const gameOver: number[] = [];
    await Promise.all(
      bursts.map(async (table) => {
        const board = fake.messages.get(table.messageId)!;
        const user = byName.get(actorIn(board.content))!;
        const button = pickButton(actButtons(fake, table.messageId)).custom_id!;
        await Promise.all(Array.from({ length: 20 }, () => orUnanswered(fake.click(user, table.messageId, button))));
        const shown = fake.waitForRequest(
          (r) =>
            r.method === 'PATCH' &&
            r.path === `/channels/${board.channelId}/messages/${board.id}` &&
            resignedLine.test(String(r.body?.content)),
          PATIENCE_MS,
        );
        const started = performance.now();
        fake.channelId = board.channelId; // read when the command is sent: /senet resign in the game's thread
        const resigned = await fake.slash(user, 'resign');
        if (resigned.ephemeral) throw new Error(`resign refused: ${String(resigned.data?.content)}`);
        await shown;
        gameOver.push(performance.now() - started);
      }),
    );
    report(
      'e2e game-over board after /senet resign p50 (50 games, 20 clicks at once in each)',
      quantile(gameOver, 0.5),
      'ms',
    );
    report(
      'e2e game-over board after /senet resign p99 (50 games, 20 clicks at once in each)',
      quantile(gameOver, 0.99),
      'ms',
    );
    report('machine load average (1 min) at the end', loadavg()[0]!, 'runnable');
  } finally {
    process.kill(bot.pid, 'SIGTERM');
    await new Promise((resolve) => bot.npm.once('exit', resolve));
    await fake.stop();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  // Each bot process logs its write transactions as it stops.
  const writes = bot.logs
    .filter((line) => line.includes('"msg":"database writes"'))
    .map((line) => JSON.parse(line) as LockWaits);
  const sum = (pick: (w: (typeof writes)[number]) => number): number => writes.reduce((n, w) => n + pick(w), 0);
  report(
    'e2e database write transactions',
    sum((w) => w.writes),
    'writes',
  );
  report(
    "e2e writes that waited for another transaction (this process's or another's)",
    sum((w) => w.waited),
    'writes',
  );
  report(
    'e2e time spent waiting for other transactions, all processes',
    sum((w) => w.waitedMs),
    'ms',
  );
  report('e2e longest wait for other transactions', Math.max(0, ...writes.map((w) => w.longestMs)), 'ms');
  report(
    'e2e transactions run again (PostgreSQL: conflicts, a game end at SERIALIZABLE)',
    sum((w) => w.reruns),
    'runs',
  );
  // Round trips to PostgreSQL (0 on SQLite): each move's (a click's, the computer's step's), and all writes' together.
  const moves = writes.flatMap((w) =>
    Object.entries(w.moveRoundTrips).flatMap(([trips, count]) => Array<number>(count).fill(Number(trips))),
  );
  report('e2e database round trips per move, median', quantile(moves, 0.5), 'round trips');
  report('e2e database round trips per move, p99', quantile(moves, 0.99), 'round trips');
  report(
    'e2e database round trips per write transaction, mean',
    sum((w) => w.roundTrips) / sum((w) => w.writes),
    'round trips',
  );
}

/** RSS: the one bot process's, or with shards all processes' together and the largest shard's. */
function reportMemory(report: Report, bot: BotProcess, when: string): void {
  const mb = (pid: number): number => rssOf(pid) / 1024 / 1024;
  const smapsDir = process.env.BENCH_SMAPS_DIR;
  if (smapsDir)
    for (const pid of [bot.pid, ...bot.shards])
      writeFileSync(join(smapsDir, `${pid} ${when}.smaps`), readFileSync(`/proc/${pid}/smaps`));
  if (bot.shards.length === 0) {
    report(`e2e bot process RSS ${when}`, mb(bot.pid), 'MB');
    return;
  }
  const total = [bot.pid, ...bot.shards].reduce((n, pid) => n + mb(pid), 0);
  report(`e2e RSS of all bot processes ${when}`, total, 'MB');
  report(`e2e largest shard process RSS ${when}`, Math.max(...bot.shards.map(mb)), 'MB');
  report(`e2e manager process RSS ${when}`, mb(bot.pid), 'MB');
}

/**
 * The bot as `npm start` runs it: the npm process, and the bot's own node process within it (with
 * shards: the manager, and its shard processes), and every log line it wrote.
 */
export interface BotProcess {
  npm: ChildProcess;
  pid: number;
  shards: number[];
  logs: string[];
}

/**
 * What `npm start` runs: the build, then `npm run serve` (node with the memory settings in
 * package.json, which `exec`s, so npm's child is the bot itself), with settings pointing at the
 * fake; resolves once the bot says it is ready.
 */
export async function startBotProcess(
  fake: FakeDiscord,
  database: Record<string, string>,
  shards: number,
  settings: Record<string, string> = {},
): Promise<BotProcess> {
  // Its output goes to stderr: stdout carries only the figures.
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, 'inherit'] });
  const npm = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DISCORD_TOKEN: 'bench-token-not-a-secret',
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_URL: fake.apiUrl,
      GUILD_ID: '',
      ...database,
      LOG_LEVEL: 'info',
      BOT_STEP_DELAY_MS: '0',
      RENDER_THREADS: process.env.RENDER_THREADS ?? '',
      SHARDS: String(shards),
      // BENCH_BOT_NODE_OPTIONS="--import ./bench/profiler.mjs" profiles the bot (see that file).
      NODE_OPTIONS: process.env.BENCH_BOT_NODE_OPTIONS ?? '',
      ...settings,
    },
  });
  const logs: string[] = [];
  let partial = '';
  // Keep every line, and show the bot's warnings and errors.
  npm.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      logs.push(line);
      if (/"level":(40|50|60)/.test(line)) console.error(line.slice(0, 2000));
    }
  });
  const readyLine = shards > 1 ? 'all shards ready' : 'senet bot ready';
  await new Promise<void>((resolve, reject) => {
    npm.stdout.on('data', () => {
      if (logs.some((line) => line.includes(readyLine))) resolve();
    });
    npm.once('exit', (code) => reject(new Error(`the bot exited (${code}): ${logs.join('\n')}`)));
  });
  const [pid] = childrenOf(npm.pid!);
  if (!pid) throw new Error('npm run serve: no bot process');
  return { npm, pid, shards: shards > 1 ? childrenOf(pid) : [], logs };
}

/** The node processes running dist/main.js that `pid` started. */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number)
    .filter((child) => child > 0 && readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('dist/main.js'));
}

/** Resident memory of a bot process (render workers are threads of it, so included). */
export function rssOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
}

/**
 * User + system CPU seconds of the bot's processes, all threads or only each one's main thread
 * (JavaScript, the event loop), from /proc (clock ticks of 1/100 s).
 */
export function cpuSecondsOf(
  bot: Pick<BotProcess, 'pid' | 'shards'>,
  threads: 'all threads' | 'main thread' = 'all threads',
): number {
  return [bot.pid, ...bot.shards].reduce((seconds, pid) => {
    const stat = threads === 'all threads' ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`;
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return seconds + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}

// `npm run bench -- postgres [--seconds 4] [--spread 1]`: the counterpart of `bench -- sqlite` on PostgreSQL 15:
// how many write transactions one server takes per second from one process and from several at
// once (shards, or machines, sharing the database), as durable as SQLite's synchronous = FULL
// (fsync on, synchronous_commit on: a commit returns once its WAL is on the disk). Two shapes:
//   - "click": a click's transaction through the bot's own driver and store (src/db/postgres.ts,
//     GameStore): read the game row, the version-guarded UPDATE, the action log INSERT, at the
//     isolation a move runs at (REPEATABLE READ, src/game/play.ts). Each writer clicks its own
//     game, as different players do;
//   - "one-row": one UPDATE of one row of a small table, what `bench -- sqlite` commits, for a
//     like-for-like commit rate.
// Besides commits per second and transaction p50/p99: the server's CPU per transaction (every
// postgres process's user + system time from /proc over the run, the exited ones' included),
// the client's (the writer processes'), and the transactions the driver ran again after a
// serialization failure. The server is a throwaway cluster (test/support/postgresCluster.ts) in
// the system temp dir's disk (TMPDIR picks another), started and deleted by the run. Linux only
// (/proc).
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { GameStore } from '../src/db/gameStore.js';
import { openPostgres } from '../src/db/postgres.js';
import { type Database, StorageBusy } from '../src/db/database.js';
import { moveTransaction } from '../src/game/play.js';
import { freePort, startCluster } from '../test/support/postgresCluster.js';
import { ANA, BEN, seedGames } from './pgSeed.js';
import type { BenchOptions, Report } from './run.js';
import { quantile } from './stats.js';

type Shape = 'click' | 'one-row';

/** Writers at once: processes, each with this many transactions in flight. */
const WRITERS = [
  { processes: 1, inFlight: 1 },
  { processes: 2, inFlight: 1 },
  { processes: 4, inFlight: 1 },
  { processes: 4, inFlight: 4 },
] as const;
const MOST_WRITERS = Math.max(...WRITERS.map((w) => w.processes * w.inFlight));

interface WorkerResult {
  commits: number;
  /** Times the driver ran a transaction again (serialization failure, first updater wins, deadlock). */
  reruns: number;
  /** Transactions given up as StorageBusy (the player would see 'busy'): out of retries, or waited too long. */
  refused: number;
  /** Each transaction's time from asked to COMMIT done (retries included), ms. */
  times: number[];
  /** This process's CPU over the loop, µs. */
  cpuUs: number;
}

/** One click on `gameId`: the game read, the version-guarded UPDATE, the action log INSERT. */
async function click(db: Database, gameId: number, attempt: () => void): Promise<void> {
  await db.transaction(async (tx) => {
    attempt();
    const games = new GameStore(tx);
    const game = (await games.game(gameId))!;
    const next = {
      state: game.state,
      toActId: game.toActId === ANA ? BEN : ANA,
      turnDeadline: Date.now() + 86_400_000,
    };
    if (!(await games.updateGame(gameId, { expectedVersion: game.version, ...next }))) {
      throw new Error(`game ${gameId} moved on under its only writer`);
    }
    await games.appendAction({
      gameId,
      seq: game.version,
      userId: game.toActId ?? ANA,
      action: { type: 'throw' },
      throwValue: 3,
      at: Date.now(),
    });
  }, moveTransaction(gameId));
}

async function oneRow(db: Database, row: number, attempt: () => void): Promise<void> {
  await db.transaction(async (tx) => {
    attempt();
    await tx.run('UPDATE bench_counters SET n = n + 1 WHERE id = ?', [row]);
  });
}

/** `inFlight` loops, each on its own row, committing as fast as they can for `seconds`. */
async function commitLoop(db: Database, shape: Shape, rows: number[], seconds: number): Promise<WorkerResult> {
  const times: number[] = [];
  let attempts = 0;
  let refused = 0;
  const attempt = () => void attempts++;
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    rows.map(async (row) => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await (shape === 'click' ? click(db, row, attempt) : oneRow(db, row, attempt));
          times.push(performance.now() - started);
        } catch (error) {
          if (!(error instanceof StorageBusy)) throw error;
          refused++;
        }
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const reruns = attempts - times.length - refused;
  return { commits: times.length, reruns, refused, times, cpuUs: cpu.user + cpu.system };
}

if (process.argv[2] === 'worker') {
  const [, , , url, shape, rowList, seconds] = process.argv;
  const rows = rowList!.split(',').map(Number);
  // Ready (loaded, connected), then all start on 'go'; the result is sent with the connections
  // still open (the server's CPU is read then), and they close on the next message.
  const db = await openPostgres(url!, { poolSize: rows.length });
  await Promise.all(rows.map(() => db.get('SELECT 1'))); // open the pool's connections now
  process.once('message', () => {
    void commitLoop(db, shape as Shape, rows, Number(seconds)).then((result) => {
      process.once('message', () => void db.close().then(() => process.exit(0)));
      process.send!(result);
    });
  });
  process.send!('ready');
}

interface Worker {
  send(message: string): void;
  next(): Promise<unknown>;
}

function startWorker(args: string[]): Worker {
  const child = fork(import.meta.filename, ['worker', ...args], { execArgv: ['--import', 'tsx'] });
  const messages: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  child.on('message', (m) => (waiting.length > 0 ? waiting.shift()!(m) : messages.push(m)));
  return {
    send: (message) => child.send(message),
    next: () =>
      new Promise((resolve, reject) => {
        if (messages.length > 0) return resolve(messages.shift());
        waiting.push(resolve);
        child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it answered`)));
      }),
  };
}

// ---- the server's CPU, from /proc ---------------------------------------------------------

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state. */
function statFields(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // the process ended meanwhile
  }
}

const PPID = 1;
const [UTIME, STIME, CUTIME, CSTIME] = [11, 12, 13, 14];
const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture Node runs on

/** The postmaster: the `postgres` process this one started. */
function postmasterPid(): string {
  const found = readdirSync('/proc').find((pid) => {
    if (!/^\d+$/.test(pid) || statFields(pid)?.[PPID] !== String(process.pid)) return false;
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  });
  if (!found) throw new Error('no postgres process found among this process’s children');
  return found;
}

/**
 * CPU seconds the server has used so far: the postmaster's own and its exited children's (which
 * it reaps), plus each live child's (backends, WAL writer, checkpointer, …).
 */
function serverCpuSeconds(postmaster: string): number {
  const own = statFields(postmaster)!;
  let ticks = [UTIME, STIME, CUTIME, CSTIME].reduce((sum, i) => sum + Number(own[i]), 0);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(pid);
    if (fields?.[PPID] === postmaster) ticks += Number(fields[UTIME]) + Number(fields[STIME]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** The game ids (and one-row ids) of `count` writers from writer `first` on. */
const rowsOf = (first: number, count: number, spread: number): number[] =>
  Array.from({ length: count }, (_, k) => 1 + (first + k) * spread);

// ---- the run ------------------------------------------------------------------------------

/**
 * The bench's database: the bot's schema, `count` games (ids 1…) and as many rows of the one-row
 * table. Writer k clicks game 1 + k × spread.
 */
async function prepare(url: string, count: number): Promise<void> {
  const db = await openPostgres(url);
  await seedGames(db, count);
  await db.run('CREATE TABLE bench_counters (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)');
  await db.run('INSERT INTO bench_counters SELECT g, 0 FROM generate_series(1, ?) AS g', [count]);
  await db.close();
}

/** The cluster's settings that make a commit durable, as the server reports them. */
async function durability(url: string): Promise<string> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const shown = [];
    for (const name of ['fsync', 'synchronous_commit', 'wal_sync_method', 'server_version']) {
      const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`);
      shown.push(`${name}=${rows[0]![name]}`);
    }
    return shown.join(' ');
  } finally {
    await client.end();
  }
}

export async function run(report: Report, options: BenchOptions): Promise<void> {
  const seconds = Number(options.seconds ?? 4);
  // Ids apart of the games (and rows) that the writers use. 1: side by side, as the games being
  // played are (the newest ids); a few hundred puts each on a page of its own.
  const spread = Number(options.spread ?? 1);
  report('postgres load average (1 min) at start', loadavg()[0]!, '');
  const cluster = await startCluster({ port: await freePort(), durable: true });
  try {
    const admin = new pg.Client(cluster.url('postgres'));
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = cluster.url('bench');
    const settings = await durability(url);
    console.log(`postgres server: ${settings}`);
    if (!settings.includes('fsync=on synchronous_commit=on'))
      throw new Error(`the cluster is not durable: ${settings}`);
    await prepare(url, MOST_WRITERS * spread);
    const postmaster = postmasterPid();
    for (const shape of ['click', 'one-row'] as const) {
      for (const { processes, inFlight } of WRITERS) {
        const workers = Array.from({ length: processes }, (_, i) =>
          startWorker([url, shape, rowsOf(i * inFlight, inFlight, spread).join(','), String(seconds)]),
        );
        await Promise.all(workers.map((w) => w.next()));
        const cpuBefore = serverCpuSeconds(postmaster);
        for (const w of workers) w.send('go');
        const results = (await Promise.all(workers.map((w) => w.next()))) as WorkerResult[];
        const serverCpu = serverCpuSeconds(postmaster) - cpuBefore;
        for (const w of workers) w.send('close');
        const commits = results.reduce((n, r) => n + r.commits, 0);
        const times = results.flatMap((r) => r.times);
        const writers = processes === 1 ? '1 process' : `${processes} processes at once`;
        const label = inFlight === 1 ? writers : `${writers}, ${inFlight} in flight each`;
        const name = `postgres ${shape}`;
        report(`${name} commits per second (${label})`, commits / seconds, 'commits/s');
        report(`${name} transaction time p50 (${label})`, quantile(times, 0.5), 'ms');
        report(`${name} transaction time p99 (${label})`, quantile(times, 0.99), 'ms');
        report(`${name} server CPU per transaction (${label})`, (serverCpu * 1e6) / commits, 'µs');
        report(
          `${name} client CPU per transaction (${label})`,
          results.reduce((n, r) => n + r.cpuUs, 0) / commits,
          'µs',
        );
        report(
          `${name} transactions run again (${label})`,
          results.reduce((n, r) => n + r.reruns, 0),
          'runs',
        );
        report(
          `${name} refused as busy (${label})`,
          results.reduce((n, r) => n + r.refused, 0),
          'transactions',
        );
      }
    }
  } finally {
    await cluster.stop();
  }
}

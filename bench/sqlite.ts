// How many write transactions the one SQLite file takes per second, as the bot opens it (WAL,
// synchronous = FULL: one fsync per commit), from one process and from several at once (shards on
// one machine): the ceiling every click shares (a click is one write transaction, and the record
// of what its message shows is one more). Each transaction updates one row of a small table, so
// the figure is the file's commit rate, not the game's work.
//   `npm run bench -- sqlite`; BENCH_DB_DIR picks the disk (default: the system temp dir).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../src/db/sqliteConnection.js';
import type { Report } from './run.js';
import { quantile } from './stats.js';

const SECONDS = 4;

/** SQLite's "the database is locked" (by another connection), in any of its extended forms. */
const isBusy = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_BUSY');

interface WorkerResult {
  commits: number;
  /** Transactions refused after waiting busy_timeout (5 s) for the lock: SQLite's waiting is not fair. */
  starved: number;
  /** Each transaction's time from BEGIN IMMEDIATE asked to COMMIT done, ms. */
  times: number[];
}

/** Commits as fast as it can for `seconds`, one row per transaction, on the shared file. */
function commitLoop(db: Database, seconds: number, row: number): WorkerResult {
  const update = db.prepare('UPDATE counters SET n = n + 1 WHERE id = ?');
  const bump = db.transaction(() => update.run(row));
  const times: number[] = [];
  let starved = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    try {
      bump.immediate();
      times.push(performance.now() - started);
    } catch (error) {
      if (!isBusy(error)) throw error;
      starved++;
    }
  }
  db.close();
  return { commits: times.length, starved, times };
}

if (process.argv[2] === 'worker') {
  const [, , , path, row, seconds] = process.argv;
  // Ready (loaded, the file open), then all start together on 'go'; exits once the result is sent.
  const db = openDatabase(path!);
  process.once('message', () => process.send!(commitLoop(db, Number(seconds), Number(row)), () => process.exit(0)));
  process.send!('ready');
}

/** `count` processes committing at the same time: each one's result. */
async function inProcesses(path: string, count: number): Promise<WorkerResult[]> {
  const workers = Array.from({ length: count }, (_, i) => {
    const child = fork(import.meta.filename, ['worker', path, String(i), String(SECONDS)], {
      execArgv: ['--import', 'tsx'],
    });
    const messages: unknown[] = [];
    const waiting: ((m: unknown) => void)[] = [];
    child.on('message', (m) => (waiting.length > 0 ? waiting.shift()!(m) : messages.push(m)));
    const next = (): Promise<unknown> =>
      new Promise((resolve, reject) => {
        if (messages.length > 0) return resolve(messages.shift());
        waiting.push(resolve);
        child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it answered`)));
      });
    return { child, next };
  });
  await Promise.all(workers.map((w) => w.next()));
  for (const w of workers) w.child.send('go');
  return (await Promise.all(workers.map((w) => w.next()))) as WorkerResult[];
}

export async function run(report: Report): Promise<void> {
  const dir = mkdtempSync(join(process.env.BENCH_DB_DIR ?? tmpdir(), 'senet-bench-sqlite-'));
  const path = join(dir, 'commits.db');
  try {
    const db = openDatabase(path);
    db.exec('CREATE TABLE counters (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO counters (id, n) VALUES (?, 0)');
    for (let id = 0; id < 8; id++) insert.run(id);
    db.close();
    for (const processes of [1, 2, 4]) {
      const results = await inProcesses(path, processes);
      const commits = results.reduce((n, r) => n + r.commits, 0);
      const times = results.flatMap((r) => r.times);
      const label = processes === 1 ? '1 process' : `${processes} processes at once`;
      report(`sqlite commits per second (${label})`, commits / SECONDS, 'commits/s');
      report(`sqlite transaction time p50 (${label})`, quantile(times, 0.5), 'ms');
      report(`sqlite transaction time p99 (${label})`, quantile(times, 0.99), 'ms');
      report(
        `sqlite transactions refused after 5 s waiting (${label})`,
        results.reduce((n, r) => n + r.starved, 0),
        'transactions',
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

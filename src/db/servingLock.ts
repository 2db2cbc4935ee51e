// Which process answers a shard's interactions on one database: the one holding its serving lock.
// Discord sends every event of a shard to each gateway session open on it, so two bot processes on
// the same shard (an upgrade starting the new release beside the old, or a second bot started by
// mistake) would both answer every click. The lock makes the second one stand by instead: it logs
// in and holds the interactions it receives, and takes over when the first lets the lock go. The
// first, as it stops taking interactions, records those it answered in its last seconds
// (`handoffs`), so the one taking over answers exactly the others. The lock is one the operating
// system or the database server drops when its process dies, never a note that might be stale:
//
// - SQLite: a lock file beside the database (<db>-serving-<shard>), a SQLite file held in EXCLUSIVE
//   locking mode inside an open exclusive transaction; the kernel releases it when the process
//   ends, SIGKILL included. `npm run db:restore` checks these before it replaces a database.
// - PostgreSQL: a session advisory lock (class SERVING_LOCK, the shard id) on a connection of its
//   own, released by the server when that session ends.
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { SqliteDatabase } from './sqliteDriver.js';
import { Query } from './query.js';
import type { ShardScope } from './shards.js';
import type { Sql } from './database.js';

/** The right to serve one shard of one database. */
export interface ServingLock {
  /** Takes the lock if no other process holds it: true once this process does. */
  tryTake(): Promise<boolean>;
  /** Lets the lock go, first recording the interactions this process `answered` lately. */
  handOver(answered: readonly string[]): Promise<void>;
  /** The interactions the process that held the lock before answered in its last seconds (read once). */
  answeredBefore(): Promise<ReadonlySet<string>>;
}

export interface ServingLockOptions {
  /** The SQLite file or PostgreSQL URL (as the database was opened), and the database itself. */
  where: { path: string } | { url: string };
  db: Sql;
  shard: ShardScope;
  /**
   * PostgreSQL: the lock's connection was lost and another process took the lock meanwhile, so
   * this one must stop answering. (A lost connection is opened again and the lock taken back when
   * it is still free.)
   */
  lost?: (why: string) => void;
}

const RECORD = new Query<[number, string, number]>(
  `INSERT INTO handoffs (shard_id, answered, handed_at) VALUES (?, ?, ?)
   ON CONFLICT (shard_id) DO UPDATE SET answered = excluded.answered, handed_at = excluded.handed_at`,
);
const READ = new Query<[number], { answered: string }>(`SELECT answered FROM handoffs WHERE shard_id = ?`);
const CLEAR = new Query<[number]>(`DELETE FROM handoffs WHERE shard_id = ?`);

/** The lock file of `shard` for the SQLite database at `path`. */
const lockFile = (path: string, shardId: number): string => `${path}-serving-${shardId}`;
const LOCK_FILE = /-serving-(\d+)$/;

/** Advisory lock class for serving locks ("SERV"), beside the migrations' single key. */
const SERVING_LOCK = 0x53455256;

export function servingLock(options: ServingLockOptions): ServingLock {
  const { db, shard } = options;
  const lock = 'path' in options.where ? fileLock(lockFile(options.where.path, shard.id)) : advisoryLock(options);
  return {
    tryTake: () => lock.tryTake(),
    async handOver(answered) {
      try {
        await RECORD.run(db, shard.id, JSON.stringify(answered), Date.now());
      } finally {
        await lock.release();
      }
    },
    async answeredBefore() {
      const row = await READ.get(db, shard.id);
      if (row) await CLEAR.run(db, shard.id);
      return new Set(row ? (JSON.parse(row.answered) as string[]) : []);
    },
  };
}

interface Lock {
  tryTake(): Promise<boolean>;
  release(): Promise<void>;
}

/** SQLite's lock on a file of its own: busy while another process holds it. */
function fileLock(file: string): Lock {
  let held: Database.Database | null = null;
  let trying: Database.Database | null = null;
  return {
    async tryTake() {
      if (held) return true;
      trying ??= new SqliteDatabase(file, { timeout: 0 });
      try {
        trying.pragma('locking_mode = EXCLUSIVE');
        trying.exec('BEGIN EXCLUSIVE');
      } catch (error) {
        if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) return false;
        throw error;
      }
      [held, trying] = [trying, null];
      return true;
    },
    async release() {
      for (const db of [held, trying]) db?.close();
      held = trying = null;
    },
  };
}

/** The shards whose serving lock some process holds on the SQLite database at `path` (ascending). */
export function servingLocksHeld(path: string): number[] {
  const prefix = `${basename(path)}-serving-`;
  return readdirSync(dirname(path))
    .filter((name) => name.startsWith(prefix))
    .flatMap((name) => {
      const shard = LOCK_FILE.exec(name)?.[1];
      return shard === undefined ? [] : [Number(shard)];
    })
    .filter((shardId) => {
      const probe = new SqliteDatabase(lockFile(path, shardId), { timeout: 0 });
      try {
        probe.exec('BEGIN EXCLUSIVE');
        probe.exec('ROLLBACK');
        return false;
      } catch (error) {
        if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) return true;
        throw error;
      } finally {
        probe.close();
      }
    })
    .sort((a, b) => a - b);
}

/** A session advisory lock on a connection of its own, opened again (and the lock taken back) if lost. */
function advisoryLock(options: ServingLockOptions): Lock {
  const url = (options.where as { url: string }).url;
  const key = [SERVING_LOCK, options.shard.id];
  let client: pg.Client | null = null;
  let held = false;
  let released = false;
  const connect = async (): Promise<pg.Client> => {
    // Loaded here: a bot on SQLite never needs the PostgreSQL client (docs/performance.md).
    const { Client } = (await import('pg')).default;
    const fresh = new Client({ connectionString: url, keepAlive: true });
    fresh.on('error', () => undefined);
    fresh.on('end', () => {
      if (client !== fresh) return;
      client = null;
      if (held && !released) void takeBack();
    });
    await fresh.connect();
    return fresh;
  };
  const take = async (): Promise<boolean> => {
    client ??= await connect();
    const row = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', key);
    return row.rows[0]?.taken === true;
  };
  /** The server ended the session: take the lock back, unless another process has it now. */
  const takeBack = async (): Promise<void> => {
    for (let pause = 250; !released; pause = Math.min(pause * 2, 5000)) {
      try {
        if (await take()) return;
        held = false;
        options.lost?.('its database connection was lost and another process took the shard over');
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };
  return {
    async tryTake() {
      if (held) return true;
      held = await take();
      return held;
    },
    async release() {
      released = true;
      const ending = client;
      client = null;
      await ending?.end().catch(() => undefined);
    },
  };
}

// The SQLite side of database.ts: one better-sqlite3 connection behind the asynchronous interface.
// better-sqlite3 runs each statement synchronously, so every promise here is already settled when
// it is returned: a click costs no timer and no extra turn of the event loop. What the interface
// adds is the order: transactions in this process take turns (a FIFO), and a statement outside any
// transaction waits while another context's transaction is open, so it never sees its rows before
// the commit.
import type BetterSqlite3 from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { type OpenOptions, openDatabase } from './sqliteConnection.js';
import { pollingNews, sqliteNewsReader } from './gameNews.js';
import {
  type AloneOptions,
  type Database,
  type Dialect,
  type GameNewsFeed,
  type RunOptions,
  type RunResult,
  type Sql,
  type SqlParams,
  StorageBusy,
  StorageFull,
  type TransactionOptions,
  type WriteTiming,
} from './database.js';

/** SQLite's error code family of a thrown error ('SQLITE_BUSY' for 'SQLITE_BUSY_SNAPSHOT'), or undefined. */
const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error ? String(error.code) : undefined;

/** SQLite's busy and full-disk errors become the interface's StorageBusy and StorageFull. */
function storageError(error: unknown): unknown {
  const code = codeOf(error) ?? '';
  if (code.startsWith('SQLITE_BUSY')) return new StorageBusy((error as Error).message);
  if (code.startsWith('SQLITE_FULL')) return new StorageFull((error as Error).message);
  return error;
}

export class SqliteDatabase implements Database {
  readonly dialect: Dialect = 'sqlite';
  onWrite: ((timing: WriteTiming) => void) | null = null;
  onReachable: (() => void) | null = null;
  /** How long a transaction may wait for another process's (a shard on the same file). */
  readonly busyTimeoutMs: number;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Whether a transaction holds this connection; the queue waits for its turn, first come first served. */
  private busy = false;
  private readonly queue: (() => void)[] = [];

  constructor(
    /** The connection itself: SQLite-only tools (backup, schema, pragmas in tests) reach it here. */
    readonly raw: BetterSqlite3.Database,
  ) {
    this.busyTimeoutMs = raw.pragma('busy_timeout', { simple: true }) as number;
  }

  get<R>(sql: string, params?: SqlParams): Promise<R | undefined> {
    return this.outside(() => this.execute(sql, params, (s, p) => s.get(...p) as R | undefined));
  }

  all<R>(sql: string, params?: SqlParams): Promise<R[]> {
    return this.outside(() => this.execute(sql, params, (s, p) => s.all(...p) as R[]));
  }

  run(sql: string, params?: SqlParams, options?: RunOptions): Promise<RunResult> {
    const write = () => this.execute(sql, params, (s, p) => ({ changes: s.run(...p).changes }));
    return this.outside(options?.durable === false ? () => this.withoutSync(write) : write);
  }

  /** Runs `write` without its own fsync; synchronously, so no other commit runs meanwhile at the lower level. */
  private withoutSync<T>(write: () => T): T {
    const level = this.raw.pragma('synchronous', { simple: true }) as number;
    this.raw.pragma('synchronous = NORMAL');
    try {
      return write();
    } finally {
      this.raw.pragma(`synchronous = ${level}`);
    }
  }

  async transaction<T>(fn: (tx: Sql) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const asked = performance.now();
    await this.turn();
    try {
      await this.begin(asked);
      const waitedMs = performance.now() - asked;
      const tx = new SqliteTransaction(this);
      let value: T;
      try {
        value = await fn(tx);
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
        throw storageError(error);
      } finally {
        tx.open = false;
      }
      const done = performance.now();
      try {
        this.raw.exec('COMMIT');
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
        throw storageError(error);
      }
      this.onWrite?.({
        waitedMs,
        commitMs: performance.now() - done,
        reruns: 0,
        roundTrips: 0,
        kind: options.kind ?? 'other',
      });
      return value;
    } finally {
      this.release();
    }
  }

  alone<R>(sql: string, params: SqlParams, options?: AloneOptions): Promise<R | undefined> {
    return this.transaction(async (tx) => (options?.needless?.() ? undefined : tx.get<R>(sql, params)), options);
  }

  news(): GameNewsFeed {
    return pollingNews(sqliteNewsReader(this));
  }

  async close(): Promise<void> {
    await this.turn();
    this.raw.close();
    this.release();
  }

  /** Runs a prepared (and cached) statement now, with SQLite's errors as the interface's. */
  execute<T>(
    sql: string,
    params: SqlParams | undefined,
    step: (statement: BetterSqlite3.Statement, params: unknown[]) => T,
  ): T {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    try {
      return step(statement, params === undefined ? [] : Array.isArray(params) ? params : [params]);
    } catch (error) {
      throw storageError(error);
    }
  }

  /** A statement outside any transaction: at once when none is open, else after it (and those queued before). */
  private async outside<T>(work: () => T): Promise<T> {
    if (!this.busy) return work();
    await this.turn();
    try {
      return work();
    } finally {
      this.release();
    }
  }

  /** Takes the connection for one transaction (or a statement that waited for one). */
  private turn(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.busy = false;
  }

  /**
   * BEGIN IMMEDIATE: the write lock at once, so the transaction never fails half-way on a lock
   * upgrade. While another process (a shard on the same file) holds it, try again every
   * millisecond or two on a timer rather than sleeping this thread in SQLite's busy handler (whose
   * sleeps grow to 100 ms): this process goes on answering meanwhile and takes the lock soon after
   * it is free. Past the busy timeout: StorageBusy.
   */
  private async begin(asked: number): Promise<void> {
    for (;;) {
      this.raw.pragma('busy_timeout = 0');
      try {
        this.raw.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        const failure = storageError(error);
        if (!(failure instanceof StorageBusy)) throw failure;
        if (performance.now() - asked > this.busyTimeoutMs) throw failure;
      } finally {
        this.raw.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
      }
      await sleep(1 + Math.random());
    }
  }
}

/** The statements of one open transaction: they run at once (the transaction holds the connection). */
class SqliteTransaction implements Sql {
  readonly dialect = 'sqlite';
  open = true;

  constructor(private readonly db: SqliteDatabase) {}

  get<R>(sql: string, params?: SqlParams): Promise<R | undefined> {
    return this.now(() => this.db.execute(sql, params, (s, p) => s.get(...p) as R | undefined));
  }

  all<R>(sql: string, params?: SqlParams): Promise<R[]> {
    return this.now(() => this.db.execute(sql, params, (s, p) => s.all(...p) as R[]));
  }

  run(sql: string, params?: SqlParams): Promise<RunResult> {
    return this.now(() => this.db.execute(sql, params, (s, p) => ({ changes: s.run(...p).changes })));
  }

  private async now<T>(work: () => T): Promise<T> {
    if (!this.open) throw new Error('a statement on a transaction that has ended');
    return work();
  }
}

/**
 * Opens (creating if needed) the SQLite file at `path` as sqliteConnection.ts does (pragmas, quick_check,
 * migrations; a damaged file throws DamagedDatabaseError) behind the asynchronous interface.
 */
export function openSqlite(path: string, options: OpenOptions = {}): SqliteDatabase {
  return new SqliteDatabase(openDatabase(path, options));
}

/**
 * The better-sqlite3 connection under a SQLite database (tests and benchmarks that read the file directly).
 * @internal
 */
export function sqliteConnection(db: Database): BetterSqlite3.Database {
  if (!(db instanceof SqliteDatabase)) throw new Error(`not a SQLite database: ${db.dialect}`);
  return db.raw;
}

// The one way src/db reaches a database: SQLite (better-sqlite3, the default, one file) or
// PostgreSQL (DATABASE_URL=postgres://…), behind the same small asynchronous interface. The stores
// write their SQL once, in the subset both dialects share: positional `?` or named `@name`
// parameters (the PostgreSQL driver numbers them $1, $2, …), integers for booleans and times in
// milliseconds, TEXT for JSON, `INSERT … ON CONFLICT … DO …`, `RETURNING`. Where the dialects
// differ a store asks `dialect`.

export type Dialect = 'sqlite' | 'postgres';

/** A statement's parameters: positional (`?`) or by name (`@name`). */
export type SqlParams = readonly unknown[] | Readonly<Record<string, unknown>>;

/** What a write statement did (an INSERT's new id comes from `RETURNING id` through `get`). */
export interface RunResult {
  changes: number;
}

/**
 * `durable: false`: a write outside any transaction that need not survive a power cut on its own
 * (the next commit makes it durable along): SQLite skips its fsync. Ignored inside a transaction.
 */
export interface RunOptions {
  durable?: boolean;
}

/** Statements on one connection: the pool's (each its own implicit transaction) or one transaction's. */
export interface Sql {
  readonly dialect: Dialect;
  /** The first row, or undefined. */
  get<R>(sql: string, params?: SqlParams): Promise<R | undefined>;
  all<R>(sql: string, params?: SqlParams): Promise<R[]>;
  run(sql: string, params?: SqlParams, options?: RunOptions): Promise<RunResult>;
}

/** How long a transaction waited for its turn and how long its COMMIT took (the bot's metrics). */
export interface WriteTiming {
  waitedMs: number;
  commitMs: number;
}

/**
 * The database: statements outside any transaction, and transactions. A transaction runs `fn`
 * with statements bound to it and commits when `fn` resolves, rolls back when it throws. It behaves
 * as if transactions ran one after another (SQLite: BEGIN IMMEDIATE, one at a time per process;
 * PostgreSQL: SERIALIZABLE, `fn` run again on a serialization failure), so `fn` must only read and
 * write through the Sql it is given and may run more than once. Past `busyTimeoutMs` of waiting it
 * throws StorageBusy.
 */
export interface Database extends Sql {
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Told of each committed transaction's timing. */
  onWrite: ((timing: WriteTiming) => void) | null;
  close(): Promise<void>;
}

/** Another connection held the database past the busy timeout: answered to the player as 'busy'. */
export class StorageBusy extends Error {
  constructor(detail: string) {
    super(`the database stayed busy: ${detail}`);
    this.name = 'StorageBusy';
  }
}

/** The disk (or the PostgreSQL server's) is full: the transaction rolled back whole ('storage-full'). */
export class StorageFull extends Error {
  constructor(detail: string) {
    super(`the database is out of space: ${detail}`);
    this.name = 'StorageFull';
  }
}

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

/**
 * How a transaction is kept apart from others running at once, on PostgreSQL (SQLite runs them one
 * at a time, which is stricter than both).
 * - 'serializable' (the default): as if transactions ran one after another, whatever they read.
 * - 'repeatable-read': one snapshot, and of two transactions updating the same row the second
 *   fails (and runs again). Enough for a transaction whose every decision rests on rows it also
 *   updates, as a move does (the game's row, guarded by its version); it conflicts with no
 *   transaction on other rows, where SERIALIZABLE's predicate locks (on index pages) make clicks in
 *   neighbouring games abort each other.
 */
export type Isolation = 'serializable' | 'repeatable-read';

export interface TransactionOptions {
  isolation?: Isolation;
  /**
   * At 'repeatable-read', transactions of this process with the same queue take turns, first come
   * first served (SERIALIZABLE ones all take turns; SQLite runs every transaction in turn). One
   * game's moves share one: twenty clicks at once on one board then wait here, without a
   * connection, rather than each holding one of the pool's while it waits for the first one's row lock.
   */
  queue?: string;
  /** What the transaction does, for the metrics: 'move' for a move (a click, the computer's step). */
  kind?: WriteKind;
}

/** Database.alone's options: a transaction's, and when not to send the statement at all. */
export interface AloneOptions extends TransactionOptions {
  /**
   * Asked when the statement's turn in `queue` comes: true, and it is not sent (alone resolves to
   * undefined, as when its WHERE matched nothing). For a guarded write whose guard is known to fail
   * by then: twenty clicks at once on one board each queue a write, and once the first is kept the
   * other nineteen would each take a connection and a round trip to change nothing.
   */
  needless?: () => boolean;
}

/** What a write does, as the metrics tell writes apart. */
export type WriteKind = 'move' | 'other';

/** How long a transaction waited for its turn and how long its COMMIT took (the bot's metrics). */
export interface WriteTiming {
  waitedMs: number;
  commitMs: number;
  /** How often `fn` ran again before this commit (PostgreSQL: conflicts, a lost connection); 0 on SQLite. */
  reruns: number;
  /**
   * Messages sent to the database server and answered, every attempt's included (BEGIN, each
   * statement, COMMIT or ROLLBACK); 0 on SQLite, which runs in the process.
   */
  roundTrips: number;
  /** TransactionOptions.kind ('other' when not given). */
  kind: WriteKind;
}

/**
 * The database: statements outside any transaction, and transactions. A transaction runs `fn`
 * with statements bound to it and commits when `fn` resolves, rolls back when it throws. By default
 * it behaves as if transactions ran one after another (SQLite: BEGIN IMMEDIATE, one at a time per
 * process; PostgreSQL: SERIALIZABLE, `fn` run again on a serialization failure; see Isolation), so
 * `fn` must only read and write through the Sql it is given and may run more than once. Past
 * `busyTimeoutMs` of waiting it throws StorageBusy; a connection lost while the COMMIT was on its
 * way throws StorageOutcomeUnknown.
 */
export interface Database extends Sql {
  transaction<T>(fn: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * One write statement as a transaction of its own, for a write whose every decision is in its
   * WHERE (a version guard): PostgreSQL sends it alone, without BEGIN and COMMIT (one round trip),
   * as an implicit transaction at READ COMMITTED, where an UPDATE that finds its row changed by a
   * transaction that committed meanwhile checks its WHERE again on the new row. It takes its turn
   * in `options.queue` and is told to `onWrite` like a transaction; its errors are a
   * transaction's (StorageBusy, StorageFull; a connection lost once it was sent:
   * StorageOutcomeUnknown). SQLite runs it as a transaction.
   */
  alone<R>(sql: string, params: SqlParams, options?: AloneOptions): Promise<R | undefined>;
  /** Told of each committed transaction's timing. */
  onWrite: ((timing: WriteTiming) => void) | null;
  /**
   * Told once the database server answers again after a connection to it was lost (PostgreSQL
   * crashed, restarting, failing over; the driver probes it meanwhile), so work the loss stopped
   * resumes at once. SQLite, a file, has no connection to lose.
   */
  onReachable: (() => void) | null;
  /**
   * News of every change to a game committed from now on, by any process on this database
   * (src/db/gameNews.ts), read every few ms.
   */
  news(): GameNewsFeed;
  close(): Promise<void>;
}

/** A committed change to a game: its version now, and its server ('' outside servers). */
export interface GameChange {
  gameId: number;
  version: number;
  guildId: string;
}

/** The news of one process (src/db/gameNews.ts): every change committed from now on, this process's own included. */
export interface GameNewsFeed {
  /** Starts telling `heard` (once; a change may be told twice, and a later one may come first after a catch-up). */
  start(heard: (change: GameChange) => void): Promise<void>;
  close(): Promise<void>;
}

/** Another connection held the database past the busy timeout: answered to the player as 'busy'. */
export class StorageBusy extends Error {
  constructor(detail: string) {
    super(`the database stayed busy: ${detail}`);
    this.name = 'StorageBusy';
  }
}

/**
 * The connection to the database server was lost after the COMMIT was sent and before its answer
 * came (a failover, a network cut): the transaction may have been applied or not, and the bot
 * cannot tell. The player must hear exactly that; the board, redrawn from the database, shows which.
 */
export class StorageOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('the connection to the database was lost during COMMIT: the transaction may or may not have been applied', {
      cause,
    });
    this.name = 'StorageOutcomeUnknown';
  }
}

/** The disk (or the PostgreSQL server's) is full: the transaction rolled back whole ('storage-full'). */
export class StorageFull extends Error {
  constructor(detail: string) {
    super(`the database is out of space: ${detail}`);
    this.name = 'StorageFull';
  }
}

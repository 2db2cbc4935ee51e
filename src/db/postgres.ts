// The PostgreSQL driver behind src/db/database.ts (DATABASE_URL=postgres://…), on node-postgres (`pg`, chosen
// with figures in docs/performance.md#postgresql-client-pg-or-postgres-2026-11-26-issue-30) with a pool
// of connections.
//
// Transactions run at SERIALIZABLE unless they ask for REPEATABLE READ. The game code was written
// for SQLite, where transactions run one at a time (BEGIN IMMEDIATE): a transaction that reads a
// row, decides, and writes can trust that nothing changed in between. SERIALIZABLE keeps exactly
// that meaning: the server aborts (40001) any transaction whose outcome would differ from some
// one-at-a-time order, and the driver runs it again, so no transaction of the stores had to be
// audited for the races that weaker levels allow (lost updates, write skew across rows). The one
// audited exception is a move (src/game/play.ts): every decision it makes rests on its game's row,
// which it updates under the version guard (`WHERE id = ? AND version = ?`), so at REPEATABLE READ
// a concurrent change to that game fails one of the two (40001, first updater wins) and nothing
// else can conflict; a game's end, at REPEATABLE READ too, has its own audit there. Deadlocks
// (40P01) are retried like serialization failures.
//
// A connection lost before COMMIT (a failover, a network cut) rolled the transaction back: it runs
// again on a new connection. One lost while the COMMIT was on its way leaves the outcome unknown:
// StorageOutcomeUnknown, never "nothing was changed". Statements outside a transaction run alone,
// each its own implicit transaction, and fail as transactions do: no server to reach (refused,
// starting up, shutting down) or a read whose connection was lost is StorageBusy, a write whose
// connection was lost once sent is StorageOutcomeUnknown.
//
// Numbers: ids and times in ms are BIGINT (INT8), which node-postgres returns as strings by
// default; every ms time and id the bot makes fits in 2^53, so they come back as JS numbers, as
// they do from SQLite. COUNT(*) is INT8 too, and SUM/AVG give NUMERIC: numbers as well. A boolean
// a statement computes (`EXISTS (…) AS found`, `a = b AS same`) comes back as 1 or 0, as SQLite's do.
import pg from 'pg';
import { pollingNews } from './gameNews.js';
import { postgresNewsReader } from './postgresNews.js';
import { translated, values } from './postgresParams.js';
import { migratePostgres } from './postgresMigrations.js';
import { PoolTurns } from './poolTurns.js';
import {
  type AloneOptions,
  StorageBusy,
  StorageFull,
  StorageOutcomeUnknown,
  type Database,
  type Dialect,
  type GameNewsFeed,
  type Isolation,
  type RunResult,
  type Sql,
  type SqlParams,
  type TransactionOptions,
  type WriteKind,
  type WriteTiming,
} from './database.js';

export interface PostgresOptions {
  /** Connections in the pool (default 10): transactions in flight at once from this process. */
  poolSize?: number;
  /**
   * How long a statement waits for a row lock, or for a new connection, before StorageBusy; and how
   * long a wait in this process's own queues goes on with no connection coming back (poolTurns.ts). Default 5000.
   */
  busyTimeoutMs?: number;
  /** How many times a transaction is run again after a serialization failure, deadlock or lost connection (default 8). */
  retries?: number;
  /** Stop migrating at this schema version (tests of upgrades). */
  schemaVersion?: number;
}

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK = '40P01';
const UNIQUE_VIOLATION = '23505';
const LOCK_NOT_AVAILABLE = '55P03';
const DISK_FULL = '53100';

const BOOL = 16;
const INT8 = 20;
const NUMERIC = 1700;

/** The queue every SERIALIZABLE transaction of a process takes its turn in. */
const SERIALIZABLE_QUEUE = 'serializable';

/** What BEGIN says for each level. */
const LEVEL: Record<Isolation, string> = {
  serializable: 'BEGIN ISOLATION LEVEL SERIALIZABLE',
  'repeatable-read': 'BEGIN ISOLATION LEVEL REPEATABLE READ',
};

const asNumber = (text: string): number => Number(text);
const asBit = (text: string): number => (text === 't' ? 1 : 0);

/** BIGINT and NUMERIC as JS numbers, booleans as 1 or 0; every other type as node-postgres parses it. */
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): unknown => {
    if (oid === INT8 || oid === NUMERIC) return asNumber;
    if (oid === BOOL) return asBit;
    return pg.types.getTypeParser(oid, format) as unknown;
  },
};

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** PostgreSQL's failures that the interface names: a full disk, a lock waited on too long. */
function storageError(error: unknown): unknown {
  const code = codeOf(error);
  if (code === DISK_FULL) return new StorageFull(String((error as Error).message));
  if (code === LOCK_NOT_AVAILABLE) return new StorageBusy(String((error as Error).message));
  return error;
}

/**
 * The connection, not the statement, failed: the socket closed or broke (node-postgres' own
 * errors and the system's E… codes), or the server said it is going away (class 08, connection
 * exception; 57P01-57P03, shut down or not taking connections yet: a failover's primary and replica).
 */
function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (error instanceof pg.DatabaseError)
    return code !== undefined && (code.startsWith('08') || /^57P0[123]$/.test(code));
  return (
    (code !== undefined && /^E[A-Z]+$/.test(code)) || /Connection terminated|not queryable|timeout/i.test(error.message)
  );
}

/** After a connection was lost, the first probe waits this long; each next one twice as long, up to PROBE_MAX_MS. */
const PROBE_FIRST_MS = 100;
const PROBE_MAX_MS = 1000;

/** node-postgres refused to send the statement: its connection had failed before. */
const notSent = (error: unknown): boolean => error instanceof Error && /not queryable/.test(error.message);

/**
 * A statement alone that failed with its connection and was surely not applied: it never left
 * (no connection could be opened: refused, timed out; or the one handed out had failed before),
 * or the server answered it with an error (57P01-57P03 and class 08 end the statement's implicit
 * transaction unapplied). Only a socket lost after sending leaves the outcome unknown.
 */
const notApplied = (error: unknown): boolean =>
  notSent(error) ||
  error instanceof pg.DatabaseError ||
  /^E(CONNREFUSED|NOTFOUND|HOSTUNREACH|NETUNREACH|AI_AGAIN)$/.test(codeOf(error) ?? '') ||
  (error instanceof Error && /when trying to connect|due to connection timeout/.test(error.message));

/** Round trips to the server so far (WriteTiming.roundTrips). */
interface Trips {
  n: number;
}

/**
 * Statements on a pooled connection (a transaction's, or one alone), each counted in `trips` and,
 * once the server answered it, told to `turns` (poolTurns.ts).
 */
function statements(target: pg.PoolClient, turns: PoolTurns, trips: Trips = { n: 0 }): Sql {
  const query = async <R>(
    sql: string,
    params: SqlParams | undefined,
  ): Promise<pg.QueryResult<R & pg.QueryResultRow>> => {
    const statement = translated(sql);
    trips.n++;
    try {
      const { name, text } = statement;
      return await target.query<R & pg.QueryResultRow>({
        ...(name === null ? {} : { name }),
        text,
        values: values(statement, params),
      });
    } catch (error) {
      throw storageError(error);
    } finally {
      turns.heard();
    }
  };
  return {
    dialect: 'postgres',
    get: async <R>(sql: string, params?: SqlParams) => (await query<R>(sql, params)).rows[0] as R | undefined,
    all: async <R>(sql: string, params?: SqlParams) => (await query<R>(sql, params)).rows as R[],
    run: async (sql: string, params?: SqlParams): Promise<RunResult> => ({
      changes: (await query(sql, params)).rowCount ?? 0,
    }),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A few ms, doubling per attempt, jittered so that two transactions that collided part ways. */
const backoffMs = (attempt: number) => Math.random() * Math.min(50, 2 ** attempt);

class PostgresDatabase implements Database {
  readonly dialect: Dialect = 'postgres';
  onWrite: ((timing: WriteTiming) => void) | null = null;
  onReachable: (() => void) | null = null;
  /** After a connection was lost, until the server answers: the timer of the next probe. */
  private probe: NodeJS.Timeout | null = null;
  private closing: Promise<void> | null = null;
  /** Per queue (see transaction()), the end of the last transaction asked for; gone once it is over. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly retries: number,
    /** The pool's connections, taken in turn (every statement goes through connect()). */
    private readonly turns: PoolTurns,
  ) {}

  get<R>(sql: string, params?: SqlParams): Promise<R | undefined> {
    return this.outsideTransaction((on) => on.get<R>(sql, params), false);
  }

  all<R>(sql: string, params?: SqlParams): Promise<R[]> {
    return this.outsideTransaction((on) => on.all<R>(sql, params), false);
  }

  run(sql: string, params?: SqlParams): Promise<RunResult> {
    return this.outsideTransaction((on) => on.run(sql, params), true);
  }

  /** A statement outside any transaction, its lost connection named as a transaction's would be. */
  private async outsideTransaction<T>(statement: (on: Sql) => Promise<T>, writes: boolean): Promise<T> {
    const connection = await this.connect();
    let broken = false;
    try {
      return await statement(statements(connection, this.turns));
    } catch (error) {
      // Already named (a lock waited on too long, a full disk), or not the connection's fault.
      if (error instanceof StorageBusy || error instanceof StorageFull || !connectionLost(error)) throw error;
      broken = true;
      throw this.lostWith(error, writes);
    } finally {
      this.release(connection, broken);
    }
  }

  /**
   * A statement's connection lost: the probe starts, and the failure is named. Sent and then lost,
   * a write may have been applied (as a COMMIT lost on its way); anything else changed nothing.
   */
  private lostWith(error: unknown, writes: boolean): StorageBusy | StorageOutcomeUnknown {
    this.noteLost();
    if (writes && !notApplied(error)) return new StorageOutcomeUnknown(error);
    return new StorageBusy((error as Error).message);
  }

  /**
   * SERIALIZABLE transactions of this process take turns, first come first served, as they do on
   * SQLite. Run side by side, a burst of them (twenty challenges at once in the e2e bench) read and
   * write the same few rows and small tables, where PostgreSQL's predicate locks cover whole pages
   * or relations: most lost their serialization conflicts again and again until the retries ran out
   * ('busy'). In turn, only other processes' transactions conflict, rarely, and the retries absorb
   * them. REPEATABLE READ transactions (moves) take no predicate locks and conflict only on the rows
   * they update, so they take turns only with those of the same `queue` (one game's moves) and
   * otherwise go straight to the pool, side by side; so do statements outside transactions.
   */
  async transaction<T>(fn: (tx: Sql) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const asked = performance.now();
    const level = options.isolation ?? 'serializable';
    const queue = level === 'serializable' ? SERIALIZABLE_QUEUE : options.queue;
    const run = () => this.attempts(fn, level, asked, options.kind);
    return queue === undefined ? run() : this.inTurn(queue, run);
  }

  /** Runs `work` after the earlier work of `queue` in this process, waiting as poolTurns.ts says. */
  private async inTurn<T>(queue: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(queue) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.queues.set(queue, mine);
    const done = () => {
      release();
      if (this.queues.get(queue) === mine) this.queues.delete(queue);
    };
    // Given up (StorageBusy), the ones behind it still wait for the transaction ahead, so the order holds.
    try {
      await this.turns.patiently(previous, "for this process's earlier transactions");
    } catch (error) {
      void previous.then(done);
      throw error;
    }
    try {
      return await work();
    } finally {
      done();
    }
  }

  private async attempts<T>(
    fn: (tx: Sql) => Promise<T>,
    level: Isolation,
    asked: number,
    kind: WriteKind | undefined,
  ): Promise<T> {
    let reruns = 0;
    const trips: Trips = { n: 0 };
    for (let attempt = 0; ; attempt++) {
      const connection = await this.connect();
      let broken = false;
      let committing = false;
      try {
        trips.n++;
        await connection.query(LEVEL[level]);
        // Waiting: for this process's earlier transactions, a connection, and the attempts that lost a conflict.
        const waitedMs = performance.now() - asked;
        const result = await fn(statements(connection, this.turns, trips));
        committing = true;
        const commitStarted = performance.now();
        trips.n++;
        await connection.query('COMMIT');
        const commitMs = performance.now() - commitStarted;
        this.onWrite?.({ waitedMs, commitMs, reruns, roundTrips: trips.n, kind: kind ?? 'other' });
        return result;
      } catch (error) {
        trips.n++;
        broken = await rollback(connection);
        const lost = connectionLost(error);
        if (lost) this.noteLost();
        // Lost with the COMMIT on its way: applied or not, nobody here can tell. A COMMIT that
        // node-postgres refused to send (its connection had failed already) applied nothing.
        if (lost && committing && !notSent(error)) throw new StorageOutcomeUnknown(error);
        const code = codeOf(error);
        // A unique key another transaction inserted meanwhile (two clicks appending the same
        // action number) comes as 23505, not 40001, when this one never read that key: PostgreSQL's
        // manual advises retrying it too ("Serialization Failure Handling"); run again, the
        // transaction reads the new version and refuses the stale click. A key that stays taken
        // is a real error, thrown as it is once the retries are spent.
        if (code === UNIQUE_VIOLATION && attempt >= this.retries) throw error;
        const again = lost || code === SERIALIZATION_FAILURE || code === DEADLOCK || code === UNIQUE_VIOLATION;
        if (!again) throw storageError(error);
        if (attempt >= this.retries) {
          throw new StorageBusy(`${this.retries + 1} attempts failed (${lost ? 'connection lost' : code})`);
        }
      } finally {
        this.release(connection, broken);
      }
      reruns++;
      await sleep(backoffMs(attempt));
    }
  }

  /**
   * Database.alone: the one statement on a pooled connection, with no BEGIN or COMMIT. Nothing to
   * run again: at READ COMMITTED a write waits for a row another transaction holds and then checks
   * its WHERE on the row as that one left it, so it fails no serialization check.
   */
  async alone<R>(sql: string, params: SqlParams, options: AloneOptions = {}): Promise<R | undefined> {
    const asked = performance.now();
    const behind = options.queue !== undefined && this.queues.has(options.queue);
    const run = async (): Promise<R | undefined> => {
      // Behind an earlier statement of its queue, whose caller takes the answer in the microtasks
      // that follow it (a move is kept in memory there), which `needless` may rest on: setImmediate
      // runs once they have.
      if (behind && options.needless) await new Promise<void>((resolve) => setImmediate(resolve));
      if (options.needless?.()) return undefined;
      const connection = await this.connect();
      let broken = false;
      try {
        const started = performance.now();
        const row = await statements(connection, this.turns).get<R>(sql, params);
        const timing = { waitedMs: started - asked, commitMs: performance.now() - started, reruns: 0 };
        this.onWrite?.({ ...timing, roundTrips: 1, kind: options.kind ?? 'other' });
        return row;
      } catch (error) {
        if (!connectionLost(error)) throw error;
        broken = true;
        throw this.lostWith(error, true);
      } finally {
        this.release(connection, broken);
      }
    };
    return options.queue === undefined ? run() : this.inTurn(options.queue, run);
  }

  /**
   * A pooled connection, in turn (poolTurns.ts); a wait given up, or no connection to be had (the
   * server is away, or opening one took the busy timeout), is StorageBusy.
   */
  private async connect(): Promise<pg.PoolClient> {
    try {
      await this.turns.take();
    } catch (error) {
      this.noteLost(); // the database answered nothing for the busy timeout: it may have stopped answering
      throw error;
    }
    try {
      return await this.pool.connect();
    } catch (error) {
      this.turns.give();
      if (!connectionLost(error)) throw error;
      this.noteLost();
      throw new StorageBusy((error as Error).message);
    }
  }

  /** Gives a connection back to the pool (dropped if `broken`), and its turn to the next in line. */
  private release(connection: pg.PoolClient, broken: boolean): void {
    connection.release(broken);
    this.turns.give();
  }

  /**
   * After a connection was lost (the server crashed, restarts, fails over, or only this connection
   * was cut): probes the server (SELECT 1, at growing intervals up to a second) until it answers,
   * then tells onReachable. Probing, not waiting for the next statement: with nobody clicking,
   * nothing else would ask before the next sweep, and the work the loss stopped would wait for it.
   */
  private noteLost(): void {
    if (this.probe !== null || this.closing !== null) return;
    const probeAfter = (ms: number): void => {
      this.probe = setTimeout(() => {
        this.pool.query('SELECT 1').then(
          () => {
            this.probe = null;
            if (this.closing === null) this.onReachable?.();
          },
          () => {
            if (this.closing === null) probeAfter(Math.min(ms * 2, PROBE_MAX_MS));
          },
        );
      }, ms);
      this.probe.unref();
    };
    probeAfter(PROBE_FIRST_MS);
  }

  news(): GameNewsFeed {
    return pollingNews(postgresNewsReader(this));
  }

  /** Ends the pool; closing again is harmless, as SQLite's close is. */
  close(): Promise<void> {
    if (this.probe !== null) clearTimeout(this.probe);
    this.closing ??= this.pool.end();
    return this.closing;
  }
}

/** ROLLBACK; true when even that failed (the connection is then dropped rather than reused). */
async function rollback(connection: pg.PoolClient): Promise<boolean> {
  try {
    await connection.query('ROLLBACK');
    return false;
  } catch {
    return true;
  }
}

/**
 * Connects to the database at `url` (postgres:// or postgresql://) and brings its schema up to
 * date (src/db/postgresMigrations.ts, once across processes starting together).
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Opening a connection; no statement waits in the pool's own queue (PoolTurns hands out at most `max`).
    connectionTimeoutMillis: busyTimeoutMs,
    // A row lock held past the busy timeout fails the statement (55P03) instead of waiting on.
    options: `-c lock_timeout=${busyTimeoutMs}`,
    types,
  });
  // An idle connection the server closed (a restart, a failover) is dropped by the pool, which
  // opens a new one when next asked; without a listener the event would end the process.
  pool.on('error', () => undefined);
  // The pool listens to its idle connections only, and stops the moment it hands one out; the
  // code that asked listens only once `await pool.connect()` returns. node-postgres reads all the
  // messages of a packet in one go, so the FATAL notice of a dying server (57P01) right behind the
  // answer that handed the connection out is an 'error' event in between, with nobody listening:
  // it ended the process. Every connection is listened to from its birth to its end instead;
  // the statement that next uses it fails as a lost connection and runs again (attempts()).
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Migrations on a connection of their own, without the pool's lock_timeout: a process starting
  // beside one that is migrating waits for the advisory lock as long as the migration takes.
  const migrator = new pg.Client({ connectionString: url, types });
  migrator.on('error', () => undefined); // a server gone mid-migration fails the migration's statement
  try {
    await migrator.connect();
    await migratePostgres(migrator, options.schemaVersion);
  } catch (error) {
    await pool.end();
    throw error;
  } finally {
    await migrator.end();
  }
  return new PostgresDatabase(pool, options.retries ?? 8, new PoolTurns(poolSize, busyTimeoutMs));
}

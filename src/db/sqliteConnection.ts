// Opening the one SQLite file: folder, pragmas, migrations (after a copy of the file as it was).
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from './sqliteDriver.js';
import { preMigrationName } from './backupFiles.js';
import { LATEST_VERSION, migrate, schemaVersion } from './sqliteMigrations.js';

/** @internal */
export type { Database } from 'better-sqlite3';

export const DEFAULT_DATABASE_PATH = './data/senet.db';

/** The configured database file: `DATABASE_PATH` from the environment, else ./data/senet.db. */
export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
}

export interface OpenOptions {
  /** Stop migrating at this schema version (tests of upgrades from older versions). */
  schemaVersion?: number;
  /** How long a write waits for another process's transaction before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /**
   * Before migrating a database that holds data, copy it into this folder as it was
   * (pre-migration-v<version>-<time>.db): migrations only go forward, and the copy is the way back.
   * `copied` is told the copy's path.
   */
  backupBeforeMigrating?: { dir: string; copied?: (file: string, fromVersion: number) => void };
}

/**
 * A database file SQLite finds damaged: the bot stops rather than serve games from it.
 * @internal
 */
export class DamagedDatabaseError extends Error {
  constructor(path: string, detail: string) {
    super(
      `The database ${path} is damaged (${detail}). The bot will not serve games from it: stop it, keep the damaged file for inspection, and restore the latest backup (docs/operators.md#restoring-a-backup).`,
    );
    this.name = 'DamagedDatabaseError';
  }
}

/** SQLite's error codes (and their extended forms) for a file that is not a sound database. */
const isDamage = (error: unknown): error is Error =>
  error instanceof Error && 'code' in error && /^SQLITE_(CORRUPT|NOTADB)/.test(String(error.code));

/**
 * Opens (creating if needed) the database at `path`, checks it is sound (`PRAGMA quick_check`,
 * which reads every page once, at start-up only) and brings its schema up to date. A damaged file
 * throws DamagedDatabaseError.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new SqliteDatabase(path);
  try {
    prepareConnection(db, options);
    return db;
  } catch (error) {
    db.close();
    throw isDamage(error) ? new DamagedDatabaseError(path, error.message) : error;
  }
}

function prepareConnection(db: Database.Database, options: OpenOptions): void {
  // WAL: readers never block the writer, and a commit is one append to the log.
  db.pragma('journal_mode = WAL');
  // FULL: every commit is fsynced before the click is answered, so a move the chat has shown
  // survives a power cut or a VM being killed (NORMAL in WAL mode survives a process crash but
  // may lose the last commits on an OS crash, leaving the chat ahead of the database). The cost
  // is one fsync per action, small next to drawing the board and Discord's round trip
  // (docs/performance.md), and a click is one transaction, so durability wins.
  db.pragma('synchronous = FULL');
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  db.pragma('foreign_keys = ON');
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw Object.assign(new Error(String(check)), { code: 'SQLITE_CORRUPT' });
  const found = schemaVersion(db);
  const backup = options.backupBeforeMigrating;
  if (backup && found > 0 && found < (options.schemaVersion ?? LATEST_VERSION)) {
    backup.copied?.(copyBeforeMigrating(db, found, backup.dir), found);
  }
  migrate(db, options.schemaVersion);
}

/**
 * A consistent copy of the open database (VACUUM INTO reads one snapshot, so a bot still running
 * on the file during an upgrade's hand-over does not disturb it), checked, under its final name
 * only once complete. Returns its path.
 */
function copyBeforeMigrating(db: Database.Database, version: number, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, preMigrationName(version, new Date()));
  const partial = `${file}.partial`;
  try {
    db.prepare('VACUUM INTO ?').run(partial);
    const copy = new SqliteDatabase(partial, { readonly: true });
    const check = copy.pragma('quick_check', { simple: true });
    copy.close();
    if (check !== 'ok') throw new Error(`the copy before migrating does not check out: ${String(check)}`);
    renameSync(partial, file);
    return file;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

// Opening the configured database: PostgreSQL when DATABASE_URL is set (postgres://…), else the
// SQLite file at DATABASE_PATH (./data/senet.db by default). Either is checked and migrated before
// it is returned, behind the one interface of database.ts.
import { DEFAULT_DATABASE_PATH, type OpenOptions } from './sqliteConnection.js';
import type { Database } from './database.js';
import { openSqlite } from './sqlite.js';

export interface DatabaseChoice {
  /** postgres:// or postgresql://; when set, the file path is not used. */
  url?: string | null;
  /** The SQLite file (default ./data/senet.db). */
  path?: string | null;
  /** PostgreSQL's pool: transactions in flight at once from this process (default 10). */
  poolSize?: number | null;
  /** How long a write waits for its turn before StorageBusy (default 5 s). */
  busyTimeoutMs?: number;
  /** SQLite: copy the file here before migrating it (the bot does; tools and tests need not). */
  backupBeforeMigrating?: OpenOptions['backupBeforeMigrating'];
}

/** The database the settings name, opened, checked and migrated. */
export async function openConfiguredDatabase(choice: DatabaseChoice): Promise<Database> {
  const busy = choice.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: choice.busyTimeoutMs };
  if (choice.url) {
    // Loaded only for PostgreSQL: a bot on SQLite never holds its client's code (docs/performance.md).
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(choice.url, { ...busy, ...(choice.poolSize ? { poolSize: choice.poolSize } : {}) });
  }
  const backup = choice.backupBeforeMigrating ? { backupBeforeMigrating: choice.backupBeforeMigrating } : {};
  return openSqlite(choice.path ?? DEFAULT_DATABASE_PATH, { ...busy, ...backup });
}

/** Where the database is, for a log line or a tool's report: the file, or the URL without its password. */
export function describeDatabase(choice: DatabaseChoice): string {
  if (!choice.url) return choice.path ?? DEFAULT_DATABASE_PATH;
  const url = new URL(choice.url);
  if (url.password) url.password = '***';
  return url.toString();
}

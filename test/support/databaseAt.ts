// Opening a test's database by where it is, a SQLite file path or a postgres:// URL: no vitest
// imports, so the child processes of the tests (workers, bot processes) use it too.
import { openConfiguredDatabase } from '../../src/db/open.js';
import type { Database } from '../../src/db/database.js';

/** A postgres:// URL rather than a file path. */
const isDatabaseUrl = (where: string): boolean => /^postgres(ql)?:\/\//.test(where);

/** Opens (and migrates) the database at a path or URL from `tempDatabase()`. */
export function openTestDatabase(where: string, options: { busyTimeoutMs?: number } = {}): Promise<Database> {
  return openConfiguredDatabase(isDatabaseUrl(where) ? { url: where, ...options } : { path: where, ...options });
}

/** The environment a bot process needs to open the database at `where`. */
export function databaseEnv(where: string): Record<string, string> {
  return isDatabaseUrl(where) ? { DATABASE_URL: where } : { DATABASE_PATH: where };
}

// The database a test asks for, on the backend of this vitest project: SQLite (the default project)
// or PostgreSQL (the "postgres" project in vitest.config.ts sets TEST_DATABASE=postgres). Tests
// written against `tempDatabase()` and `openTestDatabase()` (./databaseAt.ts) run unchanged on both; tests about
// SQLite itself (its files, WAL, pragmas, its migrations) keep using files and stay SQLite-only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Dialect } from '../../src/db/database.js';
import { freshPostgresDatabase } from './postgres.js';

/** The backend this test run is on. */
const TEST_DATABASE: Dialect = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** Whether this run is the PostgreSQL one (for `it.skipIf(onPostgres)` on a test about SQLite itself). */
export const onPostgres = TEST_DATABASE === 'postgres';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A new, empty database for this run's backend: a file path in a fresh temp folder (one level
 * down, so opening it must create the folder), or the URL of a fresh PostgreSQL database.
 */
export async function tempDatabase(): Promise<string> {
  if (onPostgres) return freshPostgresDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'senet-db-'));
  tempDirs.push(dir);
  return join(dir, 'nested', 'senet.db');
}

import { defineConfig } from 'vitest/config';

/**
 * The tests that reach the database through test/support/testDatabase.ts run twice: on SQLite in
 * the default project, and on PostgreSQL in the "postgres" project (docs/contributors.md). Tests
 * about SQLite itself (its files, WAL, pragmas, migrations, driver) are not listed here, or skip
 * themselves with `onPostgres`.
 */
const ON_BOTH_BACKENDS = [
  'test/game/**/*.test.ts',
  'test/commands/settingSpecs.test.ts',
  // End to end, the files that exercise storage (games, tournaments, threads, DMs and group DMs,
  // processes, crashes, shards, two machines, db:copy); the rest are about Discord, not the database.
  'test/e2e/games.test.ts',
  'test/e2e/tournaments.test.ts',
  'test/e2e/threads.test.ts',
  'test/e2e/anywhere.test.ts',
  // Deletions of data: every table searched after each, on either database.
  'test/e2e/dataRights.test.ts',
  'test/e2e/process.test.ts',
  'test/e2e/machines.test.ts',
  // News of a change from one process to another: SQLite's rows read per tick, PostgreSQL's NOTIFY.
  'test/e2e/gameNews.test.ts',
  // A connection lost at a move's COMMIT: PostgreSQL's alone (skipped in the SQLite project).
  'test/e2e/failover.test.ts',
  // PostgreSQL's postmaster killed during play: PostgreSQL's alone (skipped in the SQLite project).
  'test/e2e/databaseCrash.test.ts',
];
/** SQLite only: a full disk is simulated with SQLite's max_page_count. */
const SQLITE_ONLY = ['test/game/fullDisk.test.ts'];

export default defineConfig({
  test: {
    // One throwaway PostgreSQL per project, for the PostgreSQL driver's tests and the "postgres" project.
    globalSetup: ['test/support/postgresGlobalSetup.ts'],
    // Native modules (better-sqlite3, canvas) are safest in separate processes.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'postgres', include: ON_BOTH_BACKENDS, exclude: SQLITE_ONLY, env: { TEST_DATABASE: 'postgres' } },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One throwaway PostgreSQL per run, for the tests of the PostgreSQL driver (docs/contributors.md).
    globalSetup: ['test/support/postgresGlobalSetup.ts'],
    // Native modules (better-sqlite3, canvas) are safest in separate processes.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

// vitest globalSetup: ONE throwaway PostgreSQL cluster per test run (test/support/postgresCluster.ts),
// stopped when the run ends. It starts in the background (about 2 s of initdb) while the first
// test files run; the files that need it wait for it in freshPostgresDatabase
// (test/support/postgres.ts), so a run of unrelated files does not pay for it. With
// TEST_POSTGRES_URL set (a server of your own, e.g. postgres://user:pass@host/postgres, whose user
// may CREATE DATABASE) nothing is started and that server is used.
import type { TestProject } from 'vitest/node';
import { freePort, startCluster, type Cluster } from './postgresCluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database on the test server a superuser can CREATE DATABASE from. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_POSTGRES_URL?.trim();
  if (given) {
    project.provide('postgresAdminUrl', given);
    return async () => undefined;
  }
  const port = await freePort();
  const starting: Promise<Cluster | null> = startCluster({ port }).catch((error: unknown) => {
    console.error(`the test PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  project.provide('postgresAdminUrl', `postgres://senet:senet@127.0.0.1:${port}/postgres`);
  return async () => {
    await (await starting)?.stop();
  };
}

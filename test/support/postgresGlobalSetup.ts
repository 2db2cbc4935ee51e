// vitest globalSetup: ONE throwaway PostgreSQL cluster per test run (test/support/postgresCluster.ts,
// about 2 s to start), stopped when the run ends; each test file that needs it makes its own
// database there (test/support/postgres.ts). With TEST_POSTGRES_URL set (a server of your own, e.g.
// postgres://user:password@host/postgres, whose user may CREATE DATABASE) nothing is started and
// that server is used.
import type { TestProject } from 'vitest/node';
import { freePort, startCluster } from './postgresCluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database on the test server from which a superuser can CREATE DATABASE. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_POSTGRES_URL?.trim();
  if (given) {
    project.provide('postgresAdminUrl', given);
    return async () => undefined;
  }
  const cluster = await startCluster({ port: await freePort() });
  project.provide('postgresAdminUrl', cluster.url('postgres'));
  return () => cluster.stop();
}

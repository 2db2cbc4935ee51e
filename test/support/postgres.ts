// A fresh database on the run's test PostgreSQL (test/support/postgresGlobalSetup.ts) for each
// test file, or each test that needs an empty one: CREATE DATABASE under a name of its own, so
// test files running in parallel never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The server may still be starting when the first file asks (about 2 s; more on a busy machine). */
const READY_WITHIN_MS = 120_000;

async function adminClient(url: string): Promise<pg.Client> {
  const until = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const client = new pg.Client(url);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > until) throw new Error(`the test PostgreSQL is not reachable at ${url}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The URL of a new, empty database on the test server. */
export async function freshPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `senet_test_${randomBytes(6).toString('hex')}`;
  const client = await adminClient(adminUrl);
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

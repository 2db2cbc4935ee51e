// A fresh database on the run's test PostgreSQL (test/support/postgresGlobalSetup.ts) for each
// test file, or each test that needs an empty one: CREATE DATABASE under a name of its own, so
// test files running in parallel never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The URL of a new, empty database on the test server. */
export async function freshPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `senet_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

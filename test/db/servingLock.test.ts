// The serving lock (src/db/servingLock.ts) on both kinds of database: one holder per shard, the hand-over
// of the interactions answered lately, and a lock that outlives no process: a SQLite lock file held by a
// killed process, a PostgreSQL session the server ended. The bot's own use of it is in
// test/e2e/process.test.ts (a second bot stands by) and test/e2e/upgrade.test.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { servingLock, servingLocksHeld } from '../../src/db/servingLock.js';
import { openTestDatabase } from '../support/databaseAt.js';
import { freshPostgresDatabase } from '../support/postgres.js';

const dir = mkdtempSync(join(tmpdir(), 'senet-lock-'));
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  rmSync(dir, { recursive: true, force: true });
});

const SHARD = { id: 0, count: 1 };
let files = 0;
/** A new database of `kind`, opened: where it is (as the lock names it) and the database. */
async function newDatabase(kind: 'sqlite' | 'postgres') {
  const at = kind === 'sqlite' ? join(dir, `senet-${files++}.db`) : await freshPostgresDatabase();
  const where: { path: string } | { url: string } = kind === 'sqlite' ? { path: at } : { url: at };
  const db = await openTestDatabase(at);
  opened.push(db);
  return { at, where, db };
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (kind) => {
  it('is held by one process at a time, and handed over with what the holder answered lately', async () => {
    const { where, db } = await newDatabase(kind);
    const first = servingLock({ where, db, shard: SHARD });
    const second = servingLock({ where, db, shard: SHARD });
    const otherShard = servingLock({ where, db, shard: { id: 1, count: 2 } });
    expect(await first.tryTake()).toBe(true);
    expect(await second.tryTake()).toBe(false);
    expect(await otherShard.tryTake()).toBe(true);

    await first.handOver(['1001', '1002']);
    expect(await second.tryTake()).toBe(true);
    expect([...(await second.answeredBefore())]).toEqual(['1001', '1002']);
    // Read once: a later take-over does not skip them again.
    expect([...(await second.answeredBefore())]).toEqual([]);
    await second.handOver([]);
    await otherShard.handOver([]);
  });
});

describe('on SQLite', () => {
  it('is let go when its process dies, however it dies, and db:restore sees who holds it', async () => {
    const { at: path, where, db } = await newDatabase('sqlite');
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { servingLock } from ${JSON.stringify(join(import.meta.dirname, '../../src/db/servingLock.ts'))};
         await servingLock({ where: { path: ${JSON.stringify(path)} }, db: null, shard: { id: 2, count: 4 } }).tryTake();
         console.log('held');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    expect(servingLocksHeld(path)).toEqual([2]);
    const mine = servingLock({ where, db, shard: { id: 2, count: 4 } });
    expect(await mine.tryTake()).toBe(false);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(servingLocksHeld(path)).toEqual([]);
    expect(await mine.tryTake()).toBe(true);
    expect(servingLocksHeld(path)).toEqual([2]);
    await mine.handOver([]);
  });
});

describe('on PostgreSQL', () => {
  it('is taken back when the server ends its session, unless another process took it meanwhile', async () => {
    const { at: url, where, db } = await newDatabase('postgres');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const lost: string[] = [];
      const first = servingLock({ where, db, shard: SHARD, lost: (why) => lost.push(why) });
      const second = servingLock({ where, db, shard: SHARD });
      expect(await first.tryTake()).toBe(true);
      const holders = async (): Promise<number[]> =>
        (
          await admin.query<{ pid: number }>(
            `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND objid = 0 AND granted`,
          )
        ).rows.map((r) => r.pid);
      const [session] = await holders();
      await admin.query('SELECT pg_terminate_backend($1)', [session]);

      // The first reconnects and takes the lock back, or the second gets it first and the first is told.
      const sleep = () => new Promise((resolve) => setTimeout(resolve, 20));
      let secondHolds = false;
      for (let i = 0; i < 100; i++) {
        if ((secondHolds = await second.tryTake())) break;
        if ((await holders()).length > 0) break; // the first took it back
        await sleep();
      }
      for (let i = 0; i < 100 && secondHolds && lost.length === 0; i++) await sleep();
      expect(await holders()).toHaveLength(1);
      expect(lost.length).toBe(secondHolds ? 1 : 0);
      if (!secondHolds) expect(await second.tryTake()).toBe(false);
      await first.handOver([]);
      await second.handOver([]);
    } finally {
      await admin.end();
    }
  });
});

// The SQLite driver behind database.ts: transactions take turns, statements outside them never see
// uncommitted rows, a throw rolls back, another process's lock past the busy timeout is StorageBusy.
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { describe, expect, it } from 'vitest';
import { StorageBusy } from '../../src/db/database.js';
import { openSqlite } from '../../src/db/sqlite.js';
import { tempDbPath } from '../game/tempDb.js';

const name = (user: string) => ({ sql: 'SELECT name FROM players WHERE user_id = ?', params: [user] });
const savePlayer = 'INSERT INTO players (user_id, name, updated_at) VALUES (@user, @name, 0)';

describe('the SQLite driver', () => {
  it('lets a statement outside a transaction see its rows only once it commits', async () => {
    const db = openSqlite(tempDbPath());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction(async (tx) => {
      await tx.run(savePlayer, { user: '1', name: 'Ana' });
      await held;
    });
    const { sql, params } = name('1');
    const read = db.get<{ name: string }>(sql, params);
    let seen: { name: string } | undefined | 'pending' = 'pending';
    void read.then((row) => (seen = row));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBe('pending'); // waits for the open transaction
    release();
    await writing;
    expect(await read).toEqual({ name: 'Ana' });
    await db.close();
  });

  it('rolls a transaction back whole when its function throws, and runs transactions one at a time', async () => {
    const db = openSqlite(tempDbPath());
    const order: string[] = [];
    const failing = db.transaction(async (tx) => {
      await tx.run(savePlayer, { user: '1', name: 'Ana' });
      order.push('first');
      throw new Error('refused');
    });
    const second = db.transaction(async (tx) => {
      order.push('second');
      return (await tx.all('SELECT * FROM players')).length;
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await second).toBe(0);
    expect(order).toEqual(['first', 'second']);
    await db.close();
  });

  it('refuses statements on a transaction that has ended', async () => {
    const db = openSqlite(tempDbPath());
    const tx = await db.transaction(async (t) => t);
    await expect(tx.get('SELECT 1')).rejects.toThrow(/ended/);
    await db.close();
  });

  it('answers StorageBusy once another process held the write lock past the busy timeout, and counts its wait', async () => {
    const path = tempDbPath();
    const db = openSqlite(path, { busyTimeoutMs: 20 });
    const timings: number[] = [];
    db.onWrite = (timing) => timings.push(timing.waitedMs);
    const other = new SqliteDatabase(path);
    other.exec('BEGIN IMMEDIATE');
    await expect(db.transaction(async (tx) => tx.run(savePlayer, { user: '1', name: 'Ana' }))).rejects.toBeInstanceOf(
      StorageBusy,
    );
    other.exec('ROLLBACK');
    other.close();
    expect(await db.transaction(async (tx) => (await tx.run(savePlayer, { user: '1', name: 'Ana' })).changes)).toBe(1);
    expect(timings).toHaveLength(1);
    await db.close();
  });
});

// Two processes with their own connections to one database file fire conflicting clicks at the
// same games. Every click must be applied once or rejected, never twice, and the log must replay.
import { fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Applied, WorkerReport } from './concurrencyWorker.js';
import { open, playFirstChoice, startGame, textOnlyRenderer } from './harness.js';
import { onPostgres, tempDatabase } from '../support/testDatabase.js';
import { say } from '../../src/i18n/index.js';

function startWorker(dbPath: string, seed: number, gameIds: number[]) {
  const child = fork(
    join(import.meta.dirname, 'concurrencyWorker.ts'),
    [dbPath, String(seed), ...gameIds.map(String)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  // The worker says 'ready' once its database is open, then sends its report when done.
  const messages: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  child.on('message', (m) => (waiters.length ? waiters.shift()!(m) : messages.push(m)));
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      if (messages.length) return resolve(messages.shift());
      waiters.push(resolve);
      child.once('exit', (code) => reject(new Error(`worker exited with ${code} before reporting`)));
    });
  const ready = next();
  return { child, ready, report: ready.then(next) as Promise<WorkerReport> };
}

describe('two processes racing on the same games', () => {
  it('applies each click once or rejects it, with versions strictly increasing', async () => {
    const path = await tempDatabase();
    const service = await open(path, { renderBoard: textOnlyRenderer() });
    const rulesets = ['kendall', 'dancers', 'regency'] as const;
    const games = [];
    // One after another: a pair may have only one open challenge at a time.
    for (const [i, r] of rulesets.entries()) games.push(await startGame(service, `race-${i}`, r));
    const gameIds = games.map((g) => g.gameId);

    const workers = [startWorker(path, 11, gameIds), startWorker(path, 22, gameIds)];
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.send('go');
    const reports = await Promise.all(workers.map((w) => w.report));

    const applied: Applied[] = reports.flatMap((r) => r.applied);
    for (const r of reports) expect(r.applied.length).toBeGreaterThan(0); // both really played
    // Conflicts really happened, and were refused for the right reasons.
    const rejected = reports.flatMap((r) => Object.entries(r.rejected));
    const tries = reports.reduce((n, r) => n + r.applied.length, 0) + rejected.reduce((n, [, count]) => n + count, 0);
    expect(rejected.reduce((n, [, count]) => n + count, 0)).toBeGreaterThanOrEqual(tries / 2); // every double click bounced
    for (const [code] of rejected) expect(['stale', 'not-your-turn', 'finished', 'busy']).toContain(code);

    for (const gameId of gameIds) {
      const mine = applied.filter((a) => a.gameId === gameId).sort((a, b) => a.version - b.version);
      // One success per version, versions 0, 1, 2, ... with no gap and no repeat.
      expect(mine.map((a) => a.version)).toEqual(mine.map((_, i) => i));
      const stored = await service.play.view(gameId);
      if (!stored.ok) throw new Error(say('en', stored.error.message));
      expect(stored.value.status).toBe('finished');
      expect(stored.value.version).toBe(mine.length);
      // The log holds exactly the applied clicks, in order.
      const log = await service.storage.db.all<{ action: string }>(
        'SELECT action FROM actions WHERE game_id = ? ORDER BY seq',
        [gameId],
      );
      expect(log.map((r) => JSON.parse(r.action) as unknown)).toEqual(mine.map((a) => a.action));
    }
    expect(await service.storage.verify()).toEqual({ checked: gameIds.length, problems: [] });
    await service.storage.close();
  });
});

// SQLite's own write lock, taken by a better-sqlite3 process: PostgreSQL's waits are the driver's tests'.
describe.skipIf(onPostgres)('waiting for another process', () => {
  it('waits for another connection to finish without blocking, and counts the writes that waited and how long', async () => {
    const path = await tempDatabase();
    const service = await open(path, { renderBoard: textOnlyRenderer() });
    const game = await startGame(service, 'c');
    const before = service.storage.lockWaits();
    expect(before.writes).toBeGreaterThan(0);
    expect(before.waited).toBe(0);
    // Another process takes the write lock and holds it for 300 ms.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        // (better-sqlite3 as src/db/sqliteDriver.ts picks it for this Node.js.)
        `const db = new (require(+process.versions.node.split('.')[0] >= 22 ? 'better-sqlite3-13' : 'better-sqlite3'))(process.argv[1]);
         db.exec('BEGIN IMMEDIATE'); console.log('locked');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
         db.exec('COMMIT'); db.close();`,
        path,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    // The click waits for the lock on timers: this process's event loop goes on meanwhile (SQLite's
    // own busy handler would sleep the thread, and the ticks would come only after).
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    await playFirstChoice(service, game);
    const ticksWhileWaiting = ticks;
    clearInterval(ticking);
    expect(ticksWhileWaiting).toBeGreaterThanOrEqual(5);
    const after = service.storage.lockWaits();
    expect(after.writes).toBe(before.writes + 1);
    expect(after.waited).toBe(1);
    expect(after.waitedMs).toBeGreaterThan(0);
    expect(after.longestMs).toBe(after.waitedMs);
    await new Promise((resolve) => holder.once('exit', resolve));
    await service.storage.close();
  });
});

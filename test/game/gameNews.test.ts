// News of committed changes to games (src/db/gameNews.ts, migration 19): two services on one
// database, as two bot processes. Every change another process commits is told, with its game,
// version and server; a change rolled back is never told; on PostgreSQL, a change whose row was
// numbered before another's but committed after it is told too (src/db/newsCursor.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameChange, GameService } from '../../src/game/service.js';
import { GUILD, open, playFirstChoice, startGame, textOnlyRenderer } from './harness.js';
import { onPostgres, tempDatabase } from '../support/testDatabase.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** Two services on one new database; the second hears the news, collected in `heard`. */
async function twoProcesses(): Promise<{ a: GameService; b: GameService; heard: GameChange[] }> {
  const where = await tempDatabase();
  const a = await open(where, { renderBoard: textOnlyRenderer() });
  const b = await open(where, { renderBoard: textOnlyRenderer() });
  const heard: GameChange[] = [];
  const feed = b.storage.news();
  await feed.start((change) => heard.push(change));
  closing.push(async () => {
    await feed.close();
    await a.storage.close();
    await b.storage.close();
  });
  return { a, b, heard };
}

/** Resolves once `heard` holds a change of the game at `version`. */
async function told(heard: GameChange[], gameId: number, version: number): Promise<void> {
  for (let waited = 0; !heard.some((c) => c.gameId === gameId && c.version === version); waited += 10) {
    if (waited > 10_000) throw new Error(`never told of game ${gameId} at version ${version}`);
    await sleep(10);
  }
}

describe("news of games' changes", () => {
  it('tells another process of every committed change, with its server, and never of one rolled back', async () => {
    const { a, heard } = await twoProcesses();
    let view = await startGame(a, 'news-1');
    // A change rolled back: never told.
    await a.storage.db
      .transaction(async (tx) => {
        await tx.run('UPDATE games SET version = 1000 WHERE id = ?', [view.gameId]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    for (let i = 0; i < 3; i++) view = await playFirstChoice(a, view);
    await told(heard, view.gameId, view.version);
    const ofGame = heard.filter((c) => c.gameId === view.gameId);
    expect(ofGame.map((c) => c.version)).not.toContain(1000);
    expect(ofGame.slice(-3)).toEqual(
      [2, 1, 0].map((back) => ({ gameId: view.gameId, version: view.version - back, guildId: GUILD })),
    );
  });

  it.skipIf(!onPostgres)(
    'tells a change whose row was numbered before another that committed first (PostgreSQL)',
    async () => {
      const { a, heard } = await twoProcesses();
      const first = await startGame(a, 'news-2');
      let second = await startGame(a, 'news-3');
      // The first game's change takes its row's number, then waits to commit while the second
      // game's move, numbered after it, commits and is told.
      let numbered = (): void => undefined;
      let commit = (): void => undefined;
      const updated = new Promise<void>((resolve) => (numbered = resolve));
      const waiting = new Promise<void>((resolve) => (commit = resolve));
      const open = a.storage.db.transaction(async (tx) => {
        await tx.run('UPDATE games SET version = version + 1 WHERE id = ?', [first.gameId]);
        numbered();
        await waiting;
      });
      await updated;
      second = await playFirstChoice(a, second);
      await told(heard, second.gameId, second.version);
      expect(heard.some((c) => c.gameId === first.gameId && c.version > first.version)).toBe(false);
      commit();
      await open;
      await told(heard, first.gameId, first.version + 1);
    },
  );
});

// News of committed changes to games (src/db/gameNews.ts, migration 19): two services on one
// database, as two bot processes. Every change another process commits is told, with its game,
// version and server; a change rolled back is never told; on PostgreSQL, a change committed while
// the listening connection was lost is told once it is back (the catch-up).
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

  it.skipIf(!onPostgres)('tells, once its connection is back, a change committed while it was lost', async () => {
    const { a, b, heard } = await twoProcesses();
    let view = await startGame(a, 'news-2');
    view = await playFirstChoice(a, view);
    await told(heard, view.gameId, view.version);
    // The server ends the listening connection; the next move commits before it is open again.
    const ended = await b.storage.db.all<{ ended: number }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE query = 'LISTEN senet_game_news' AND datname = current_database()`,
    );
    expect(ended).toEqual([{ ended: 1 }]);
    view = await playFirstChoice(a, view);
    await told(heard, view.gameId, view.version);
  });
});

// A full disk: the click's transaction rolls back whole, the player is told plainly, and the
// game goes on from where it was once there is room again.
import { describe, expect, it } from 'vitest';
import { open, startGame, textOnlyRenderer, value } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';
import { say } from '../../src/i18n/index.js';
import type { ServiceError } from '../../src/game/types.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

describe('a full disk', () => {
  it('refuses the action with a clear message, keeps the game as it was, and plays on once there is room', async () => {
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer() });
    const start = await startGame(service, 'full');
    // The file may not grow by one more page: as when the disk is full.
    const pages = sqliteConnection(service.storage.db).pragma('page_count', { simple: true }) as number;
    sqliteConnection(service.storage.db).pragma(`max_page_count = ${pages}`);
    let view = start;
    let refused: ServiceError | null = null;
    for (let i = 0; i < 500 && !refused; i++) {
      const outcome = await service.play.act({
        gameId: view.gameId,
        userId: view.toAct!.id,
        version: view.version,
        action: view.choices[0]!.action,
      });
      if (outcome.ok) view = outcome.value;
      else refused = outcome.error;
    }
    expect(refused?.code).toBe('storage-full');
    expect(refused && say('en', refused.message)).toMatch(/storage is full, so nothing was played/);
    const stored = value(await service.play.view(view.gameId));
    expect(stored.version).toBe(view.version);
    expect((await service.storage.verify()).problems).toEqual([]);
    sqliteConnection(service.storage.db).pragma('max_page_count = 1073741823');
    const next = await service.play.act({
      gameId: view.gameId,
      userId: view.toAct!.id,
      version: view.version,
      action: view.choices[0]!.action,
    });
    expect(next.ok).toBe(true);
    await service.storage.close();
  });
});

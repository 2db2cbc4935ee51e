// A game's end (a resignation, a winning move) on PostgreSQL runs at REPEATABLE READ beside the
// process's other transactions, not in turn behind its SERIALIZABLE ones (src/game/play.ts has the
// audit); two ends that share a player still rate each from the other's result.
import { describe, expect, it } from 'vitest';
import { ANA, BEN, CLEO, challengeIn, open, textOnlyRenderer, value } from './harness.js';
import { onPostgres, tempDatabase } from '../support/testDatabase.js';
import type { GameService } from '../../src/game/service.js';
import type { SeenPlayer } from '../../src/game/types.js';

/** A rated game of Ana against `opponent`, in a channel of its own. */
async function gameAgainst(service: GameService, channelId: string, opponent: SeenPlayer) {
  const made = await challengeIn(service, channelId, ANA, opponent, 'kendall');
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  return value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: opponent.id }));
}

describe("a game's end", () => {
  it.skipIf(!onPostgres)("does not wait for the process's SERIALIZABLE transactions", async () => {
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer(), busyTimeoutMs: 2000 });
    const game = await gameAgainst(service, 'end-1', BEN);
    // Another SERIALIZABLE transaction of this process (a challenge, an admin's change) held open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open_ = new Promise<void>((resolve) => (opened = resolve));
    const other = service.storage.db.transaction(async (tx) => {
      await tx.get('SELECT 1 AS one');
      opened();
      await held;
    });
    await open_;
    const resigned = await service.play.resign({ gameId: game.gameId, userId: ANA.id });
    release();
    await other;
    expect(value(resigned).status).toBe('finished');
    await service.storage.close();
  });

  it('rates both of two games ended at once that share a player', async () => {
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer() });
    const games = [await gameAgainst(service, 'end-2', BEN), await gameAgainst(service, 'end-3', CLEO)];
    const ended = await Promise.all(games.map((g) => service.play.resign({ gameId: g.gameId, userId: ANA.id })));
    for (const e of ended) expect(value(e).status).toBe('finished');
    const rows = await service.storage.db.all<{ user_id: string; games: number }>(
      'SELECT user_id, games FROM ratings ORDER BY user_id',
    );
    expect(rows).toEqual([
      { user_id: ANA.id, games: 2 },
      { user_id: BEN.id, games: 1 },
      { user_id: CLEO.id, games: 1 },
    ]);
    // Ana's second loss was rated from her rating after the first.
    const history = await service.storage.db.all<{ before: number; after: number }>(
      'SELECT before, after FROM rating_history WHERE user_id = ? ORDER BY at, game_id',
      [ANA.id],
    );
    expect(history).toHaveLength(2);
    expect(Math.round(history[1]!.before)).toBe(Math.round(history[0]!.after));
    await service.storage.close();
  });
});

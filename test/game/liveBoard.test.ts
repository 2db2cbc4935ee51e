// What the live board's pages may be shown (src/game/liveBoard.ts): a channel's live games to
// those who see the channel, one answer for anything else, and never a throw before it is made.
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/game/visibility.js';
import { ANA, BEN, CLEO, GUILD, open, playToEnd, startGame, testClock, textOnlyRenderer, value } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

/** A page in an activity instance in `channelId` of GUILD: it sees that channel only. */
const pageIn = (channelId: string, userId = CLEO.id): Viewer => ({
  userId,
  guildId: GUILD,
  channelId,
  alone: false,
  canViewChannel: (id) => id === channelId,
});

describe('the live board', () => {
  it("lists a channel's live and recent games, newest first, and shows them to those who see the channel only", async () => {
    const service = await open(await tempDatabase(), { now: testClock().now, renderBoard: textOnlyRenderer() });
    const older = await startGame(service, 'hall');
    const ended = await startGame(service, 'yard');
    await playToEnd(service, ended, 3);
    const newer = await startGame(service, 'hall');
    const hall = await service.liveBoard.lobby(pageIn('hall'));
    expect(hall.live.map((g) => g.gameId)).toEqual([newer.gameId, older.gameId]);
    expect(hall.recent).toEqual([]);
    // Over: not live, but among the recent games (a rematch is asked for from there).
    const yard = await service.liveBoard.lobby(pageIn('yard'));
    expect(yard.live).toEqual([]);
    expect(yard.recent.map((g) => [g.gameId, g.status])).toEqual([[ended.gameId, 'finished']]);
    const shown = value(await service.liveBoard.game(older.gameId, pageIn('hall')));
    expect(shown).toMatchObject({ gameId: older.gameId, version: older.version, status: 'active' });
    expect(new Set([shown.players.W.id, shown.players.B.id])).toEqual(new Set([ANA.id, BEN.id]));
    // Elsewhere, or for a game that is not there: the one answer for what is not the asker's to know.
    const away = await service.liveBoard.game(older.gameId, pageIn('yard'));
    const missing = await service.liveBoard.game(99_999, pageIn('yard'));
    expect(away.ok || away.error.code).toBe('not-found');
    expect(missing.ok || missing.error.code).toBe('not-found');
    expect([ANA.id, BEN.id]).toContain(shown.toActId);
  });

  it("never sends a page the dice's secret", async () => {
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer() });
    const view = await startGame(service, 'hall');
    const shown = value(await service.liveBoard.game(view.gameId, pageIn('hall')));
    const text = JSON.stringify(shown);
    expect(shown.state).not.toHaveProperty('rng');
    expect(text).not.toMatch(/secret|"rng"/i);
  });
});

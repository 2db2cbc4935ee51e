// Deadlines and restarts: state lives in the database file, so closing and reopening mid-game
// loses nothing, and deadlines that fell due while closed are applied exactly once.
import { describe, expect, it } from 'vitest';
import {
  ANA,
  BEN,
  BOT,
  CLEO,
  GUILD,
  open,
  startGame,
  testClock,
  value,
  challengeIn,
  playFirstChoice,
  member,
} from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

const HOUR = 3_600_000;
const config = { challengeTtlMs: 10 * 60_000, turnTtlMs: 24 * HOUR };

describe('restart', () => {
  it('keeps playing after the database is closed and reopened mid-game', async () => {
    const path = await tempDatabase();
    const clock = testClock();
    let service = await open(path, { now: clock.now, config });
    let view = await startGame(service, 'c', 'pennsic');
    for (let i = 0; i < 6; i++) {
      view = await playFirstChoice(service, view);
    }
    await service.storage.close();

    service = await open(path, { now: clock.now, config });
    const [here] = await service.play.gamesHere({ channelId: 'c', userId: ANA.id });
    const resumed = value(await service.play.view(here!.gameId));
    expect(resumed).toMatchObject({
      gameId: view.gameId,
      version: view.version,
      state: view.state,
      toAct: view.toAct,
      choices: view.choices,
    });
    // A button from before the restart still works, once.
    const next = await playFirstChoice(service, view);
    expect(next.version).toBe(view.version + 1);
    expect((await service.storage.verify()).problems).toEqual([]);
    await service.storage.close();
  });

  it('applies deadlines that fell due while closed exactly once, and reports their messages', async () => {
    const path = await tempDatabase();
    const clock = testClock();
    let service = await open(path, { now: clock.now, config });
    const game = await startGame(service, 'c');
    value(await service.chat.setMessage('game', game.gameId, 'msg-game'));
    const made = await challengeIn(service, 'd', CLEO, BEN, 'regency');
    if (made.kind !== 'challenge') throw new Error('expected a challenge');
    value(await service.chat.setMessage('challenge', made.challenge.challengeId, 'msg-challenge'));
    expect(await service.deadlines.sweep()).toEqual({ expiredChallenges: [], timedOutGames: [], threadsToArchive: [] });
    await service.storage.close();

    clock.advance(25 * HOUR); // the bot was down for a day
    service = await open(path, { now: clock.now, config });
    const swept = await service.deadlines.sweep();
    expect(swept.expiredChallenges).toMatchObject([
      { challengeId: made.challenge.challengeId, status: 'expired', channelId: 'd', messageId: 'msg-challenge' },
    ]);
    expect(swept.timedOutGames).toHaveLength(1);
    const ended = swept.timedOutGames[0]!;
    const loser = game.toAct!;
    expect(ended).toMatchObject({ gameId: game.gameId, status: 'finished', channelId: 'c', messageId: 'msg-game' });
    expect(ended.result).toMatchObject({ reason: 'timeout', loser });
    expect(ended.result!.ratings).toHaveLength(2);
    expect(ended.description).toBe(
      `${loser.name.plain} did not play in time: ${ended.result!.winner.name.plain} wins by forfeit.`,
    );
    await service.storage.close();

    // A second process (or the next interval) finds nothing left to do.
    service = await open(path, { now: clock.now, config });
    expect(await service.deadlines.sweep()).toEqual({ expiredChallenges: [], timedOutGames: [], threadsToArchive: [] });
    const stats = value(await service.records.stats({ viewer: member(GUILD), userId: loser.id }));
    expect(stats.total).toMatchObject({ games: 1, losses: 1 });
    expect(stats.ratingHistory).toHaveLength(1);
    await service.storage.close();
  });

  it('moves the deadline on with every action and never times out the bot', async () => {
    const clock = testClock();
    const service = await open(await tempDatabase(), { now: clock.now, config });
    let view = await startGame(service, 'c');
    clock.advance(23 * HOUR);
    view = await playFirstChoice(service, view);
    expect(view.turnDeadline).toBe(clock.now() + 24 * HOUR);
    clock.advance(23 * HOUR);
    expect((await service.deadlines.sweep()).timedOutGames).toEqual([]);

    const made = await challengeIn(service, 'bot', ANA, BOT, 'kendall');
    if (made.kind !== 'game') throw new Error('expected a game');
    let botGame = made.game;
    // Let the person act until it is the bot's turn, then leave the bot waiting for days.
    while (!botGame.botToAct) {
      botGame = value(
        await service.play.act({
          gameId: botGame.gameId,
          userId: ANA.id,
          version: botGame.version,
          action: botGame.choices.at(-1)!.action,
        }),
      );
    }
    expect(botGame.turnDeadline).toBeNull();
    expect(await service.games.botTurns()).toEqual([botGame.gameId]);
    clock.advance(2 * HOUR);
    const swept = await service.deadlines.sweep();
    expect(swept.timedOutGames.map((g) => g.gameId)).toEqual([view.gameId]);
    expect(await service.games.botTurns()).toEqual([botGame.gameId]);
    await service.storage.close();
  });
});

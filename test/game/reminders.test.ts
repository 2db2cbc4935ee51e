// Turn reminders through the service, on a real database file with a clock the test moves: when
// they fall due, that acting (or any end of the game) cancels them and queues their message for
// deletion, that the bot and players who said no get none, and that none is ever claimed twice.
import { describe, expect, it } from 'vitest';
import { finalReminderLead } from '../../src/game/turnReminders.js';
import type { GameService } from '../../src/game/service.js';
import type { GameView } from '../../src/game/types.js';
import { ANA, BOT, GUILD, challengeIn, open, playFirstChoice, startGame, testClock, value } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const config = { turnTtlMs: 24 * HOUR, reminderDelayMs: 10 * MINUTE };

async function setUp(extra: Partial<typeof config> = {}) {
  const path = await tempDatabase();
  const clock = testClock();
  const service = await open(path, { now: clock.now, config: { ...config, ...extra } });
  return { path, clock, service };
}

const claimed = async (service: GameService) =>
  (await service.reminders.claim()).map((r) => [r.gameId, r.player.id, r.ordinal]);

describe('turn reminders', () => {
  it('reminds the player to act once the delay has passed, once more before the timeout, never twice', async () => {
    const { clock, service } = await setUp();
    const game = await startGame(service, 'c');
    const player = game.toAct!.id;
    clock.advance(10 * MINUTE - 1);
    expect(await service.reminders.claim()).toEqual([]);
    clock.advance(1);
    const [first, ...others] = await service.reminders.claim();
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      gameId: game.gameId,
      ordinal: 1,
      final: false,
      guildId: GUILD,
      channelId: 'c',
      player: { id: player },
      turnDeadline: game.turnDeadline,
    });
    expect(first!.opponent.id).not.toBe(player);
    expect(await service.reminders.claim()).toEqual([]); // the next sweep finds it sent

    // The last one comes an hour before the deadline, and no third.
    clock.advance(game.turnDeadline! - HOUR - clock.now() - 1);
    expect(await service.reminders.claim()).toEqual([]);
    clock.advance(1);
    expect(await service.reminders.claim()).toMatchObject([{ gameId: game.gameId, ordinal: 2, final: true }]);
    clock.advance(HOUR - 1);
    expect(await service.reminders.claim()).toEqual([]);
    await service.storage.close();
  });

  it('puts the last reminder a quarter of the turn before short timeouts, and skips it when it would come first', async () => {
    expect(finalReminderLead(24 * HOUR)).toBe(HOUR);
    expect(finalReminderLead(HOUR)).toBe(15 * MINUTE);

    const short = await setUp({ turnTtlMs: HOUR, reminderDelayMs: 10 * MINUTE });
    const game = await startGame(short.service, 'c');
    short.clock.advance(10 * MINUTE);
    expect(await claimed(short.service)).toEqual([[game.gameId, game.toAct!.id, 1]]);
    short.clock.advance(35 * MINUTE - 1);
    expect(await short.service.reminders.claim()).toEqual([]);
    short.clock.advance(1); // 45 minutes into a one-hour turn
    expect(await claimed(short.service)).toEqual([[game.gameId, game.toAct!.id, 2]]);
    await short.service.storage.close();

    // Delay 50 minutes of a one-hour turn: the last reminder (at 45) would come before the first.
    const late = await setUp({ turnTtlMs: HOUR, reminderDelayMs: 50 * MINUTE });
    const other = await startGame(late.service, 'c');
    late.clock.advance(50 * MINUTE);
    expect(await late.service.reminders.claim()).toMatchObject([{ gameId: other.gameId, ordinal: 1, final: true }]);
    late.clock.advance(9 * MINUTE);
    expect(await late.service.reminders.claim()).toEqual([]);
    await late.service.storage.close();
  });

  it('sends none when the delay is 0 (never) or longer than the turn', async () => {
    for (const reminderDelayMs of [0, 25 * HOUR]) {
      const { clock, service } = await setUp({ reminderDelayMs });
      await startGame(service, 'c');
      clock.advance(24 * HOUR - 1);
      expect(await service.reminders.claim()).toEqual([]);
      await service.storage.close();
    }
  });

  it('starts again from each action: none falls due for a turn that was played', async () => {
    const { clock, service } = await setUp();
    let game = await startGame(service, 'c');
    clock.advance(5 * MINUTE);
    game = await playFirstChoice(service, game); // the turn's clock starts again now
    clock.advance(5 * MINUTE);
    expect(await service.reminders.claim()).toEqual([]);
    clock.advance(5 * MINUTE);
    expect(await claimed(service)).toEqual([[game.gameId, game.toAct!.id, 1]]);
    await service.storage.close();
  });

  it('never reminds the bot', async () => {
    const { clock, service } = await setUp();
    const made = await challengeIn(service, 'c', ANA, BOT, 'kendall');
    if (made.kind !== 'game') throw new Error('expected a game against the bot');
    let view: GameView = made.game;
    while (!view.botToAct) view = await playFirstChoice(service, view);
    clock.advance(2 * HOUR);
    expect(await service.reminders.claim()).toEqual([]);
    // Once the bot has played, its opponent's turn is reminded as any other.
    while (view.botToAct) view = value(await service.play.botStep(view.gameId));
    clock.advance(10 * MINUTE);
    expect(await claimed(service)).toEqual(view.status === 'active' ? [[view.gameId, ANA.id, 1]] : []);
    await service.storage.close();
  });

  it('drops the reminders of a player who switched them off, in every server, until they switch them on', async () => {
    const { clock, service } = await setUp();
    let game = await startGame(service, 'c');
    const player = game.toAct!.id;
    expect(await service.reminders.isOn(player)).toBe(true);
    expect(value(await service.reminders.set(player, false))).toBe(false);
    expect(await service.reminders.isOn(player)).toBe(false);
    clock.advance(10 * MINUTE);
    expect(await service.reminders.claim()).toEqual([]);
    clock.advance(game.turnDeadline! - HOUR - clock.now());
    expect(await service.reminders.claim()).toEqual([]);

    value(await service.reminders.set(player, true));
    game = await playFirstChoice(service, game);
    while (game.toAct!.id !== player) game = await playFirstChoice(service, game);
    clock.advance(10 * MINUTE);
    expect(await claimed(service)).toEqual([[game.gameId, player, 1]]);
    await service.storage.close();
  });

  it('is claimed by one of two services sharing the file, once', async () => {
    const { path, clock, service } = await setUp();
    const second = await open(path, { now: clock.now, config });
    const game = await startGame(service, 'c');
    clock.advance(10 * MINUTE);
    const both = [
      ...(await second.reminders.claim()),
      ...(await service.reminders.claim()),
      ...(await second.reminders.claim()),
    ];
    expect(both.map((r) => r.gameId)).toEqual([game.gameId]);
    await second.storage.close();
    await service.storage.close();
  });

  it('queues the reminder message for deletion once the turn is over, by any route', async () => {
    const { clock, service } = await setUp();
    const queued = async () => await service.reminders.deletions(10);
    const remindNow = async (): Promise<Awaited<ReturnType<GameService['reminders']['claim']>>[number]> => {
      const [due] = await service.reminders.claim();
      if (!due) throw new Error('expected a reminder');
      return due;
    };

    // Acting: the first reminder's message is queued.
    let game = await startGame(service, 'c');
    clock.advance(10 * MINUTE);
    value(await service.reminders.record(await remindNow(), { channelId: 'c', messageId: 'r1' }));
    expect(await queued()).toEqual([]);
    game = await playFirstChoice(service, game);
    expect(await queued()).toEqual([{ channelId: 'c', messageId: 'r1' }]);
    value(await service.reminders.deleted({ channelId: 'c', messageId: 'r1' }, true));
    expect(await queued()).toEqual([]);

    // The last reminder replaces the first.
    clock.advance(10 * MINUTE);
    value(await service.reminders.record(await remindNow(), { channelId: 'c', messageId: 'r2' }));
    clock.advance(game.turnDeadline! - HOUR - clock.now());
    value(await service.reminders.record(await remindNow(), { channelId: 'c', messageId: 'r3' }));
    expect(await queued()).toEqual([{ channelId: 'c', messageId: 'r2' }]);
    value(await service.reminders.deleted({ channelId: 'c', messageId: 'r2' }, true));

    // Resigning ends the turn too.
    value(await service.play.resign({ gameId: game.gameId, userId: game.toAct!.id }));
    expect(await queued()).toEqual([{ channelId: 'c', messageId: 'r3' }]);

    // A reminder posted while its player acted goes straight to the queue.
    let next = await startGame(service, 'd');
    clock.advance(10 * MINUTE);
    const due = await remindNow();
    next = await playFirstChoice(service, next);
    value(await service.reminders.record(due, { channelId: 'd', messageId: 'r4' }));
    expect(await queued()).toContainEqual({ channelId: 'd', messageId: 'r4' });

    // A timeout ends it as well.
    clock.advance(10 * MINUTE);
    value(await service.reminders.record(await remindNow(), { channelId: 'd', messageId: 'r5' }));
    clock.advance(next.turnDeadline! - clock.now());
    expect((await service.deadlines.sweep()).timedOutGames).toHaveLength(1);
    expect(await queued()).toContainEqual({ channelId: 'd', messageId: 'r5' });
    await service.storage.close();
  });

  it('gives a deletion up after a few failed attempts', async () => {
    const { clock, service } = await setUp();
    const game = await startGame(service, 'c');
    clock.advance(10 * MINUTE);
    value(await service.reminders.record((await service.reminders.claim())[0]!, { channelId: 'c', messageId: 'r1' }));
    await playFirstChoice(service, game);
    for (let attempt = 1; attempt < 5; attempt++) {
      value(await service.reminders.deleted({ channelId: 'c', messageId: 'r1' }, false));
      expect(await service.reminders.deletions(10)).toHaveLength(1);
    }
    value(await service.reminders.deleted({ channelId: 'c', messageId: 'r1' }, false));
    expect(await service.reminders.deletions(10)).toEqual([]);
    await service.storage.close();
  });
});

// Many games per channel, each in a thread of its own: where a game is shown, its lobby message,
// the fallback to the channel, and archiving the thread a while after the game ends.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THREAD_ARCHIVE_DELAY_MS } from '../../src/game/lifecycle.js';
import type { GameService } from '../../src/game/service.js';
import type { GameView } from '../../src/game/types.js';
import {
  ANA,
  BEN,
  CLEO,
  challengeIn,
  inEnglish,
  open,
  startGame,
  testClock,
  textOnlyRenderer,
  value,
} from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';
import { say } from '../../src/i18n/index.js';

let service: GameService;
let clock: ReturnType<typeof testClock>;

beforeEach(async () => {
  clock = testClock();
  service = await open(await tempDatabase(), { now: clock.now, renderBoard: textOnlyRenderer() });
});
afterEach(async () => await service.storage.close());

/** A challenge posted as message `messageId` in `channelId`, accepted into a thread of its own. */
async function acceptedIntoThread(channelId: string, messageId: string, challenger = ANA, opponent = BEN) {
  const made = await challengeIn(service, channelId, challenger, opponent, 'kendall');
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  value(await service.chat.setMessage('challenge', made.challenge.challengeId, messageId));
  return value(
    await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: opponent.id, ownThread: true }),
  );
}

/** A game between two players in `channelId`, its board in the channel. */
async function startBetween(channelId: string, challenger = ANA, opponent = BEN) {
  const made = await challengeIn(service, channelId, challenger, opponent, 'kendall');
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  return value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: opponent.id }));
}

const resignAs = async (view: GameView, userId: string) =>
  value(await service.play.resign({ gameId: view.gameId, userId }));

describe('many games per channel', () => {
  it('runs any number of games in one channel, a player in several at once', async () => {
    const first = await startGame(service, 'games');
    const second = await startBetween('games', CLEO, BEN);
    const third = await acceptedIntoThread('games', 'm3', ANA, CLEO);
    expect(new Set([first.gameId, second.gameId, third.gameId]).size).toBe(3);
    expect((await service.play.gamesHere({ channelId: 'games', userId: BEN.id })).map((g) => g.gameId)).toEqual([
      first.gameId,
      second.gameId,
    ]);
    expect(await service.play.gamesHere({ channelId: 'games', userId: CLEO.id })).toHaveLength(2);
  });

  it('resigns the only game here, and asks which one when there are several', async () => {
    const first = await startGame(service, 'games');
    const threaded = await acceptedIntoThread('games', 'm2');
    value(await service.chat.setThread(threaded.gameId, 'm2'));
    // In the game's thread, "here" is that game.
    expect((await service.play.gamesHere({ channelId: 'm2', userId: ANA.id })).map((g) => g.gameId)).toEqual([
      threaded.gameId,
    ]);
    const refused = await service.play.resign({ channelId: 'games', userId: ANA.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid' } });
    if (!refused.ok) expect(say('en', refused.error.message)).toMatch(/2 games running here.*`game` option/);
    value(await service.play.resign({ channelId: 'm2', userId: ANA.id }));
    const ended = value(await service.play.resign({ channelId: 'games', userId: ANA.id }));
    expect(ended.gameId).toBe(first.gameId);
    expect(inEnglish(await service.play.resign({ channelId: 'games', userId: ANA.id }))).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: 'You have no game running here.' },
    });
  });
});

describe('a thread per game', () => {
  it('keeps the challenge message as the lobby and shows the board in the thread once made', async () => {
    const view = await acceptedIntoThread('games', 'm1');
    expect(view).toMatchObject({ channelId: 'games', homeChannelId: 'games', messageId: null, lobbyMessageId: 'm1' });
    expect(view.threadId).toBeNull();
    const placed = value(await service.chat.setThread(view.gameId, 'm1'));
    expect(placed).toEqual({
      channelId: 'm1',
      homeChannelId: 'games',
      threadId: 'm1',
      messageId: null,
      lobbyMessageId: 'm1',
    });
    expect(await service.chat.setThread(view.gameId, 'other')).toMatchObject({ ok: false }); // one thread per game
    expect(await service.chat.outOfSync()).toMatchObject({
      unpostedGames: [view.gameId],
      lobbiesBehind: [view.gameId],
    });
    value(await service.chat.setMessage('game', view.gameId, 'board'));
    await service.chat.recordShown({ kind: 'lobby', id: view.gameId, status: 'active' });
    expect(await service.chat.outOfSync()).toMatchObject({ unpostedGames: [], lobbiesBehind: [] });
    // Once the game is over, the lobby is behind until it says who won.
    await resignAs(view, ANA.id);
    expect((await service.chat.outOfSync()).lobbiesBehind).toEqual([view.gameId]);
  });

  it('falls back to the channel: the challenge message becomes the board', async () => {
    const view = await acceptedIntoThread('games', 'm1');
    const placed = value(await service.chat.playInChannel(view.gameId));
    expect(placed).toEqual({
      channelId: 'games',
      homeChannelId: 'games',
      threadId: null,
      messageId: 'm1',
      lobbyMessageId: null,
    });
    expect(value(await service.play.view(view.gameId)).messageId).toBe('m1');
    expect(await service.chat.setThread(view.gameId, 'm1')).toMatchObject({ ok: false }); // too late for a thread
  });

  it('archives a finished game thread once, an hour after the end, unless a rematch lives in it', async () => {
    const done = await acceptedIntoThread('games', 'm1');
    value(await service.chat.setThread(done.gameId, 'm1'));
    const rematched = await acceptedIntoThread('games', 'm2');
    value(await service.chat.setThread(rematched.gameId, 'm2'));
    const inChannel = await startBetween('games', CLEO, BEN);
    await resignAs(done, ANA.id);
    await resignAs(rematched, BEN.id);
    await resignAs(inChannel, CLEO.id); // no thread: nothing to archive
    // A rematch played in the second thread: that thread stays open.
    await startBetween('m2', BEN, ANA);
    clock.advance(THREAD_ARCHIVE_DELAY_MS - 1);
    expect((await service.deadlines.sweep()).threadsToArchive).toEqual([]);
    clock.advance(1);
    expect((await service.deadlines.sweep()).threadsToArchive).toEqual(['m1']);
    expect((await service.deadlines.sweep()).threadsToArchive).toEqual([]); // taken once, whatever happened next
  });
});

// A failover as the players see it, on PostgreSQL: the bot's connection is lost after a move's
// COMMIT reached the server and before its answer came back (test/support/cuttingProxy.ts), as
// when a primary dies or the network cuts at that moment. The move is saved and the bot cannot
// know it: the player hears that it may or may not count, never "nothing was changed", and the
// board catches up from the database by itself as soon as the server answers the driver's probe
// (no sweep needed). SQLite has no connection to lose. Then the server out of reach altogether
// (crashed, restarting): everyone is told the bot is busy, and play goes on once it is back.
import { describe, expect, it } from 'vitest';
import { say } from '../../src/i18n/index.js';
import { onPostgres } from '../support/testDatabase.js';
import { actButtons, liveGameIn, pickButton, startHarness, startHumanGame, toActName, userNamed } from './harness.js';

describe.runIf(onPostgres)("a database connection lost during a move's COMMIT", () => {
  it('tells the player the move may count, and the board catches up by itself', async () => {
    const h = await startHarness({ cuttingProxy: true });
    try {
      const board = await startHumanGame(h);
      const before = await liveGameIn(h, h.fake.channelId);
      const version = (messageId: string) => Number(actButtons(h, messageId)[0]!.custom_id!.split(':')[3]);
      const clickNextMove = () =>
        h.click(
          userNamed(h, toActName(h.fake.messages.get(board)!.content)!),
          board,
          pickButton(actButtons(h, board)).custom_id!,
        );
      expect(version(board)).toBe(before.version);

      h.proxy!.cutAfterNextCommit();
      const reply = await clickNextMove();

      expect(h.proxy!.cuts).toBe(1);
      expect(reply.ephemeral).toBe(true);
      expect(reply.data?.content).toBe(say('en', { key: 'error.outcomeUnknown' }));
      // Saved on the server although the bot never heard so; the chat catches up without a sweep
      // (none runs in the harness by the clock): the database's news of the commit (migration 19's
      // trigger, read every 50 ms) reaches this process, the game's owner, which shows the game as
      // stored.
      const after = await liveGameIn(h, h.fake.channelId);
      expect(after.version).toBe(before.version + 1);
      while (version(board) !== after.version) await new Promise((resolve) => setTimeout(resolve, 20));
      // The pool dropped the cut connection: the game plays on.
      expect((await clickNextMove()).ephemeral).toBeFalsy();
      expect(version(board)).toBe(after.version + 1);
    } finally {
      await h.close();
    }
  });
});

describe.runIf(onPostgres)('the database out of reach (crashed, restarting)', () => {
  it('a click and a command are told the bot is busy, not that something went wrong; play goes on once it is back', async () => {
    const h = await startHarness({ cuttingProxy: true });
    try {
      const board = await startHumanGame(h);
      const mover = () => userNamed(h, toActName(h.fake.messages.get(board)!.content)!);
      const click = () => h.click(mover(), board, pickButton(actButtons(h, board)).custom_id!);
      await h.proxy!.refuse();
      const busy = say('en', { key: 'error.busy' });
      // A move is a transaction; /senet stats reads outside any: both fail alike.
      for (const reply of [await click(), await h.slash(h.ana, 'stats')]) {
        expect(reply.ephemeral).toBe(true);
        expect(reply.data?.content).toBe(busy);
      }
      await h.proxy!.accept();
      expect((await click()).ephemeral).toBeFalsy();
    } finally {
      await h.close();
    }
  });

  it('an answer that reached Discord while the database went away is logged as such, and recorded once it is back', async () => {
    const h = await startHarness({ cuttingProxy: true });
    try {
      const board = await startHumanGame(h);
      const before = await liveGameIn(h, h.fake.channelId);
      const mover = userNamed(h, toActName(h.fake.messages.get(board)!.content)!);
      // The move commits; its answer is held on its way, and meanwhile the database goes away.
      const release = h.fake.holdAnswers();
      const callbacks = h.fake.requests.length;
      const clicked = h.fake.click(mover, board, pickButton(actButtons(h, board)).custom_id!);
      const answering = () => h.fake.requests.slice(callbacks).some((r) => r.path.endsWith('/callback'));
      while (!answering()) await new Promise((resolve) => setTimeout(resolve, 10));
      await h.proxy!.refuse();
      release();
      expect((await clicked).type).toBe(7);
      await h.bot.settled();
      expect(h.logs.some((l) => l.includes('recording what the message shows failed'))).toBe(true);
      expect(h.logs.some((l) => l.includes('did not reach Discord'))).toBe(false);
      // Back: the board is recorded as shown without a click or a sweep of the clock's.
      await h.proxy!.accept();
      const after = await (async () => {
        for (;;) {
          // The test's own reads may meet a connection the outage ended (StorageBusy): read again.
          const game = await h.service.chat.boardStanding(before.gameId).catch(() => null);
          if (game?.ok && !game.value.behind) return game.value;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      expect(after.version).toBe(before.version + 1);
      expect(actButtons(h, board)[0]!.custom_id!.split(':')[3]).toBe(String(before.version + 1));
    } finally {
      await h.close();
    }
  });
});

// Boards reach a message one at a time, and one overtaken while it waited is dropped.
import { describe, expect, it } from 'vitest';
import { BoardsInFlight } from '../../src/chat/boardsInFlight.js';
import type { GameView } from '../../src/game/types.js';

/** A send the test lets through (or fails) when it likes; `started` says whether it began. */
function heldSend() {
  const held = { started: false, release: (_err?: Error) => {} };
  const send = (): Promise<void> =>
    new Promise((resolve, reject) => {
      held.started = true;
      held.release = (err) => (err ? reject(err) : resolve());
    });
  return { held, send };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What trackShown needs of a board: where it is shown and its version. */
const board = (version: number) =>
  ({ kind: 'game', view: { gameId: 1, messageId: 'm', channelId: 'c', version } as GameView }) as const;

describe('BoardsInFlight.deliver', () => {
  it('sends to one message one at a time, each once the one before it landed', async () => {
    const boards = new BoardsInFlight();
    const first = heldSend();
    const second = heldSend();
    const other = heldSend();
    const firstSent = boards.deliver('m', 1, first.send);
    const secondSent = boards.deliver('m', 2, second.send);
    const otherSent = boards.deliver('elsewhere', 1, other.send);
    await tick();
    expect([first.held.started, second.held.started, other.held.started]).toEqual([true, false, true]);
    first.held.release();
    await expect(firstSent).resolves.toBe(true);
    await tick();
    expect(second.held.started).toBe(true);
    second.held.release();
    other.held.release();
    await expect(Promise.all([secondSent, otherSent])).resolves.toEqual([true, true]);
  });

  it('drops a board that a newer one overtook while it waited, and lets the next one through after a failure', async () => {
    const boards = new BoardsInFlight();
    const first = heldSend();
    const older = heldSend();
    const after = heldSend();
    const firstSent = boards.deliver('m', 1, first.send);
    const olderSent = boards.deliver('m', 1, older.send);
    await tick();
    expect(first.held.started).toBe(true);
    // A click's answer shows version 2 meanwhile.
    void boards.trackShown(board(2), new Promise<void>(() => {}));
    first.held.release(new Error('Discord is away'));
    await expect(firstSent).rejects.toThrow('away');
    await expect(olderSent).resolves.toBe(false);
    expect(older.held.started).toBe(false);
    const afterSent = boards.deliver('m', 2, after.send);
    await tick();
    expect(after.held.started).toBe(true);
    after.held.release();
    await expect(afterSent).resolves.toBe(true);
  });
});

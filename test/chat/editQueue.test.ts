// The edit queue: one edit in flight per message, later payloads coalesced into the newest.
import { describe, expect, it, vi } from 'vitest';
import { EditQueue } from '../../src/chat/editQueue.js';
import type { MessagePayload } from '../../src/chat/messages.js';

const payload = (content: string): MessagePayload => ({
  content,
  files: [],
  components: [],
  attachments: [],
  allowedMentions: { users: [] },
});

/** A send that holds each edit until the test lets it through. */
function heldSends() {
  const sent: { messageId: string; content: string; release: (err?: Error) => void }[] = [];
  const send = (_channelId: string, messageId: string, p: MessagePayload): Promise<void> =>
    new Promise((resolve, reject) =>
      sent.push({ messageId, content: p.content, release: (err) => (err ? reject(err) : resolve()) }),
    );
  return { sent, send };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('EditQueue', () => {
  it('sends the first edit at once and only the newest of those queued behind it', async () => {
    const { sent, send } = heldSends();
    const queue = new EditQueue(send);
    const done = ['v1', 'v2', 'v3', 'v4'].map((v) => queue.edit('c', 'm', payload(v)));
    await tick();
    expect(sent.map((s) => s.content)).toEqual(['v1']);
    sent[0]!.release();
    await tick();
    expect(sent.map((s) => s.content)).toEqual(['v1', 'v4']);
    sent[1]!.release();
    await Promise.all(done);
    await queue.idle();
    expect(sent).toHaveLength(2);
  });

  it('keeps messages apart, and a failed edit rejects only the callers it carried', async () => {
    const { sent, send } = heldSends();
    const queue = new EditQueue(send);
    const a1 = queue.edit('c', 'a', payload('a1'));
    const b1 = queue.edit('c', 'b', payload('b1'));
    const a2 = queue.edit('c', 'a', payload('a2'));
    await tick();
    expect(sent.map((s) => s.content)).toEqual(['a1', 'b1']);
    sent[0]!.release(new Error('Unknown Message'));
    await expect(a1).rejects.toThrow('Unknown Message');
    await tick();
    sent[2]!.release();
    sent[1]!.release();
    await expect(a2).resolves.toBe(true);
    await expect(b1).resolves.toBe(true);
  });

  it('drops an edit overtaken while it waited (a newer board shown meanwhile), and says it was not sent', async () => {
    const { sent, send } = heldSends();
    const queue = new EditQueue(send);
    let newest = 1;
    const unlessNewer = async (send: () => Promise<void>): Promise<boolean> => newest <= 1 && (await send(), true);
    const first = queue.edit('c', 'm', payload('v1'), false, unlessNewer);
    const older = queue.edit('c', 'm', payload('v1 again'), false, unlessNewer);
    await tick();
    newest = 2; // a click's answer shows version 2 while the first edit is in flight
    sent[0]!.release();
    await expect(first).resolves.toBe(true);
    await expect(older).resolves.toBe(false);
    await queue.idle();
    expect(sent.map((s) => s.content)).toEqual(['v1']);
  });

  it('holds a background edit until no board edit has been under way for the quiet time', async () => {
    vi.useFakeTimers();
    try {
      const { sent, send } = heldSends();
      const queue = new EditQueue(send, { backgroundWaitMs: 5_000, quietMs: 1_000 });
      const board1 = queue.edit('t1', 'board1', payload('board1'));
      const lobby = queue.edit('c', 'lobby', payload('lobby'), true);
      await vi.advanceTimersByTimeAsync(0);
      sent[0]!.release();
      await board1;
      // A gap between two games' endings: the lobby waits on, and the next board ends the gap.
      await vi.advanceTimersByTimeAsync(999);
      expect(sent.map((s) => s.content)).toEqual(['board1']);
      const board2 = queue.edit('t2', 'board2', payload('board2'));
      await vi.advanceTimersByTimeAsync(500);
      expect(sent.map((s) => s.content)).toEqual(['board1', 'board2']);
      sent[1]!.release();
      await board2;
      await vi.advanceTimersByTimeAsync(999);
      expect(sent.map((s) => s.content)).toEqual(['board1', 'board2']);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent.map((s) => s.content)).toEqual(['board1', 'board2', 'lobby']);
      sent[2]!.release();
      await expect(lobby).resolves.toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a background edit after the longest wait even while boards keep coming', async () => {
    vi.useFakeTimers();
    try {
      const { sent, send } = heldSends();
      const queue = new EditQueue(send, { backgroundWaitMs: 1_000, quietMs: 500 });
      void queue.edit('t', 'board', payload('board'));
      void queue.edit('c', 'lobby', payload('lobby'), true);
      await vi.advanceTimersByTimeAsync(999);
      expect(sent.map((s) => s.content)).toEqual(['board']);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent.map((s) => s.content)).toEqual(['board', 'lobby']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a background edit at once when no board edit is under way', async () => {
    const { sent, send } = heldSends();
    const queue = new EditQueue(send);
    void queue.edit('c', 'lobby', payload('lobby'), true);
    await tick();
    expect(sent.map((s) => s.content)).toEqual(['lobby']);
  });
});

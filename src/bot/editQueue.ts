// Edits of stored messages with the bot's token, one at a time per message, newest state winning.
//
// A fast computer opponent or the sweeper can want several edits of one message faster than
// Discord takes them (its per-channel limit answers 429; discord.js waits out `retry_after` and
// retries). Sent side by side, the edits could land out of order and leave an older board
// showing; queued, each message has at most one edit in flight and one waiting, and a newer
// payload replaces the waiting one: every caller's state is delivered or superseded by a newer one.
import type { MessagePayload } from '../commands/answer/messages.js';

export type SendEdit = (channelId: string, messageId: string, payload: MessagePayload) => Promise<void>;

interface Waiting {
  channelId: string;
  payload: MessagePayload;
  settle: { resolve: () => void; reject: (err: unknown) => void }[];
}

export class EditQueue {
  private readonly waiting = new Map<string, Waiting>();
  private readonly draining = new Map<string, Promise<void>>();

  constructor(private readonly send: SendEdit) {}

  /**
   * Resolves once this payload, or a newer one for the same message, is shown; rejects with the
   * error of the edit that carried it.
   */
  edit(channelId: string, messageId: string, payload: MessagePayload): Promise<void> {
    return new Promise((resolve, reject) => {
      const queued = this.waiting.get(messageId);
      if (queued) {
        queued.payload = payload;
        queued.settle.push({ resolve, reject });
      } else this.waiting.set(messageId, { channelId, payload, settle: [{ resolve, reject }] });
      if (!this.draining.has(messageId)) {
        const drained = this.drain(messageId).finally(() => this.draining.delete(messageId));
        this.draining.set(messageId, drained);
      }
    });
  }

  /** Resolves once no edit is waiting or in flight (shutdown; tests). */
  async idle(): Promise<void> {
    while (this.draining.size > 0) await Promise.all(this.draining.values());
  }

  private async drain(messageId: string): Promise<void> {
    for (let next = this.waiting.get(messageId); next; next = this.waiting.get(messageId)) {
      this.waiting.delete(messageId);
      try {
        await this.send(next.channelId, messageId, next.payload);
        for (const s of next.settle) s.resolve();
      } catch (err) {
        for (const s of next.settle) s.reject(err);
      }
    }
  }
}

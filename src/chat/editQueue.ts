// Edits of stored messages with the bot's token, one at a time per message, newest state winning.
//
// A fast computer opponent or the sweeper can want several edits of one message faster than
// Discord takes them (its per-channel limit answers 429; discord.js waits out `retry_after` and
// retries). Sent side by side, the edits could land out of order and leave an older board
// showing; queued, each message has at most one edit in flight and one waiting, and a newer
// payload replaces the waiting one: every caller's state is delivered or superseded by a newer one.
//
// A board edit may also say how it is to be sent (`deliver`): in its message's turn beside the
// clicks' answers, which go through the interaction, not this queue, and dropped when a newer board
// is already shown or on its way there (src/chat/boardsInFlight.ts), never taking the message back.
//
// Boards come first: an edit marked `background` (a lobby message pointing to its thread) waits
// until no board edit has been queued or in flight for QUIET_MS, up to BACKGROUND_WAIT_MS. The
// bot's token has 50 requests a second in all (discord.js counts them from a window's first
// request); when fifty games end at once, the lobbies of the first ones took places in that second
// that the last ones' game-over boards then waited a second for (issue 31). Waiting only while a
// board was under way left gaps: the endings come a few milliseconds apart, and in each gap the
// lobbies waiting went.
import type { MessagePayload } from './messages.js';

export type SendEdit = (channelId: string, messageId: string, payload: MessagePayload) => Promise<void>;

/** The longest a background edit waits for the board edits: under constant play they never stop. */
const BACKGROUND_WAIT_MS = 2_000;

/** How long no board edit must be under way before background edits go: discord.js's global window. */
const QUIET_MS = 1_000;

export interface EditQueueTimes {
  backgroundWaitMs: number;
  quietMs: number;
}

/** Sends the edit (`send`) when its turn comes, unless a newer state was shown meanwhile; resolves to whether it was sent. */
export type Deliver = (send: () => Promise<void>) => Promise<boolean>;

interface Waiting {
  channelId: string;
  payload: MessagePayload;
  deliver: Deliver | undefined;
  background: boolean;
  settle: { resolve: (sent: boolean) => void; reject: (err: unknown) => void }[];
}

export class EditQueue {
  private readonly waiting = new Map<string, Waiting>();
  private readonly draining = new Map<string, Promise<void>>();
  /** Board (not background) edits queued or in flight, and the background edits waiting for none. */
  private boards = 0;
  private readonly afterBoards = new Set<() => void>();
  /** When the last board edit under way ended (Date.now()). */
  private boardsEndedAt = -Infinity;

  constructor(
    private readonly send: SendEdit,
    private readonly times: EditQueueTimes = { backgroundWaitMs: BACKGROUND_WAIT_MS, quietMs: QUIET_MS },
  ) {}

  /**
   * Resolves once this payload, or a newer one for the same message, is shown (true), or once its
   * `deliver` dropped it unsent (false); rejects with the error of the edit that carried it. A
   * `background` edit lets board edits go first.
   */
  edit(
    channelId: string,
    messageId: string,
    payload: MessagePayload,
    background = false,
    deliver?: Deliver,
  ): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const queued = this.waiting.get(messageId);
      if (queued) {
        queued.payload = payload;
        queued.deliver = deliver;
        queued.settle.push({ resolve, reject });
      } else {
        this.waiting.set(messageId, { channelId, payload, deliver, background, settle: [{ resolve, reject }] });
        if (!background) this.boards++;
      }
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
      if (next.background) await this.boardsQuiet();
      this.waiting.delete(messageId);
      try {
        const { channelId, payload } = next;
        const send = (): Promise<void> => this.send(channelId, messageId, payload);
        const sent = next.deliver ? await next.deliver(send) : (await send(), true);
        for (const s of next.settle) s.resolve(sent);
      } catch (err) {
        for (const s of next.settle) s.reject(err);
      } finally {
        if (!next.background && --this.boards === 0) {
          this.boardsEndedAt = Date.now();
          for (const wake of this.afterBoards) wake();
        }
      }
    }
  }

  /** Resolves once no board edit has been under way for `quietMs`, or after `backgroundWaitMs`. */
  private async boardsQuiet(): Promise<void> {
    const deadline = Date.now() + this.times.backgroundWaitMs;
    for (let now = Date.now(); now < deadline; now = Date.now()) {
      if (this.boards > 0) await this.boardsSent(deadline - now);
      else if (now - this.boardsEndedAt >= this.times.quietMs) return;
      else
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(this.boardsEndedAt + this.times.quietMs, deadline) - now),
        );
    }
  }

  /** Resolves once no board edit is queued or in flight, or after `ms`. */
  private boardsSent(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.afterBoards.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.afterBoards.add(wake);
    });
  }
}

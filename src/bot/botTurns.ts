// Plays the computer's turns at a pace people can follow: one action, a short pause, an edit of
// the game message, and again until a person is to act. Each game runs on its own promise, so a
// slow game never holds up another (no global lock); a game already being played is not doubled.
// The computer does not wait for its edits: they queue per message (src/chat/editQueue.ts), so
// when Discord rate-limits them the waiting ones merge into the newest board.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { GameService } from '../game/service.js';
import type { GameView } from '../game/types.js';

export interface BotTurnsDeps {
  service: Pick<GameService, 'play'>;
  /** Shows the view in the game's stored message (queued; never rejects). */
  show: (view: GameView) => Promise<unknown>;
  delayMs: number;
  log: Logger;
}

export class BotTurns {
  private readonly running = new Map<number, Promise<void>>();
  /** Aborted by stop(): cuts short the pauses, so shutdown does not wait for them. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: BotTurnsDeps) {}

  schedule(gameId: number): void {
    if (this.stopping.signal.aborted || this.running.has(gameId)) return;
    const turn = this.play(gameId)
      .catch((err: unknown) => this.deps.log.error({ err, gameId }, 'bot turn failed'))
      .finally(() => this.running.delete(gameId));
    this.running.set(gameId, turn);
  }

  /** Resolves once the computer's turn in the game, if one is being played, has shown its last board. */
  async finished(gameId: number): Promise<void> {
    await this.running.get(gameId);
  }

  /** Resolves once no bot turn is being played (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /** No new steps after this; a step in progress finishes, a pause is cut short. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  private async play(gameId: number): Promise<void> {
    const { signal } = this.stopping;
    // The turn ends once its last board is shown (or superseded), not at each step.
    let shown: Promise<unknown> = Promise.resolve();
    for (;;) {
      // An abort cuts the pause short; the check after it is the loop's only exit by stop().
      if (this.deps.delayMs > 0) await sleep(this.deps.delayMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) break;
      const step = await this.deps.service.play.botStep(gameId);
      if (!step.ok) {
        // Someone resigned or the game timed out meanwhile: nothing left for the bot to do.
        this.deps.log.debug({ gameId, code: step.error.code }, 'bot step refused');
        break;
      }
      shown = this.deps.show(step.value);
      if (!step.value.botToAct) break;
    }
    await shown;
  }
}

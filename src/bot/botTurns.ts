// Plays the computer's turns at a pace people can follow: one action, a short pause, an edit of
// the game message, and again until a person is to act. Each game runs on its own promise, so a
// slow game never holds up another (no global lock); a game already being played is not doubled.
import type { Logger } from 'pino';
import type { GameService } from '../game/service.js';
import type { GameView } from '../game/types.js';

export interface BotTurnsDeps {
  service: Pick<GameService, 'botStep'>;
  /** Shows the view in the game's stored message. */
  show: (view: GameView) => Promise<void>;
  delayMs: number;
  log: Logger;
}

export class BotTurns {
  private readonly running = new Map<number, Promise<void>>();
  private stopped = false;

  constructor(private readonly deps: BotTurnsDeps) {}

  schedule(gameId: number): void {
    if (this.stopped || this.running.has(gameId)) return;
    const turn = this.play(gameId)
      .catch((err: unknown) => this.deps.log.error({ err, gameId }, 'bot turn failed'))
      .finally(() => this.running.delete(gameId));
    this.running.set(gameId, turn);
  }

  /** Resolves once no bot turn is being played (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /** No new steps after this; turns in progress finish their current step. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async play(gameId: number): Promise<void> {
    while (!this.stopped) {
      if (this.deps.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.deps.delayMs));
      if (this.stopped) return;
      const step = await this.deps.service.botStep(gameId);
      if (!step.ok) {
        // Someone resigned or the game timed out meanwhile: nothing left for the bot to do.
        this.deps.log.debug({ gameId, code: step.code }, 'bot step refused');
        return;
      }
      await this.deps.show(step.value);
      if (!step.value.botToAct) return;
    }
  }
}

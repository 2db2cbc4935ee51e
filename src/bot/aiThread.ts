// The computer player's decisions on a worker thread. Hard and expert search for milliseconds
// (expert's 99th percentile is tens of ms, see the README): on the main thread that is time no
// click is answered. Easy and medium decide in microseconds (`npm run bench -- ai`), less than a
// trip to a worker costs, so they stay on the calling thread. The service takes `choose` as its chooseAction.
import { type Strength, chooseAction } from '../ai/index.js';
import type { Action, GameState } from '../engine/index.js';
import { JobThread } from './workerThread.js';

const SEARCHING: ReadonlySet<Strength> = new Set(['hard', 'expert']);

type SearchThread = JobThread<{ state: GameState; strength: Strength; seed: number }, Action>;

export class AiThread {
  private thread: SearchThread = this.spawn();

  /** The same action as `chooseAction(state, strength, seed)`, searched off the main thread when that matters. */
  readonly choose = (state: GameState, strength: Strength, seed: number): Promise<Action> => {
    if (!SEARCHING.has(strength)) return Promise.resolve(chooseAction(state, strength, seed));
    return this.thread.run({ state, strength, seed });
  };

  async close(): Promise<void> {
    await this.thread.terminate();
  }

  /** A crashed worker is replaced, so one bad decision never stops the bot. */
  private spawn(): SearchThread {
    return new JobThread('aiWorker', () => (this.thread = this.spawn()));
  }
}

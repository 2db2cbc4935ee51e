// The computer player's decisions on a worker thread. Hard and expert search for milliseconds
// (expert's 99th percentile is tens of ms, see the README): on the main thread that is time no
// click is answered. Easy and medium decide in microseconds (`npm run bench -- ai`), less than a
// trip to a worker costs, so they stay on the calling thread. The service takes `choose` as its chooseAction.
// The thread starts with the first search and ends once nobody has played a searching computer for
// a while: idle, it holds some 15 MB that a bot serving only people's games should not carry
// (docs/performance.md).
import { type Strength, chooseAction } from '../ai/index.js';
import type { Action, GameState } from '../engine/index.js';
import { ThreadOnDemand } from './workerThread.js';

const SEARCHING: ReadonlySet<Strength> = new Set(['hard', 'expert']);

/**
 * How long the thread stays after its last decision: longer than people usually think over a
 * move, so a game against the computer keeps its thread (a new one costs its start-up and a cold
 * search on the next computer move).
 */
const AI_IDLE_MS = 5 * 60_000;

export class AiThread {
  private readonly thread: ThreadOnDemand<{ state: GameState; strength: Strength; seed: number }, Action>;

  constructor(idleMs = AI_IDLE_MS) {
    this.thread = new ThreadOnDemand('aiWorker', idleMs);
  }

  /** The same action as `chooseAction(state, strength, seed)`, searched off the main thread when that matters. */
  readonly choose = (state: GameState, strength: Strength, seed: number): Promise<Action> => {
    if (!SEARCHING.has(strength)) return Promise.resolve(chooseAction(state, strength, seed));
    return this.thread.run({ state, strength, seed });
  };

  /** Whether a searching thread is running (it ends `idleMs` after the last search). */
  get running(): boolean {
    return this.thread.running;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

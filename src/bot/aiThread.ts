// The computer player's decisions on a worker thread. Hard and expert search for milliseconds
// (expert's 99th percentile is tens of ms, see the README): on the main thread that is time no
// click is answered. Easy and medium decide in microseconds (`npm run bench -- ai`), less than a
// trip to a worker costs, so they stay on the calling thread. The service takes `choose` as its chooseAction.
import type { Worker } from 'node:worker_threads';
import { type Strength, chooseAction } from '../ai/index.js';
import type { Action, GameState } from '../engine/index.js';
import { newWorker } from './workerThread.js';

const SEARCHING: ReadonlySet<Strength> = new Set(['hard', 'expert']);

interface Pending {
  resolve: (action: Action) => void;
  reject: (err: Error) => void;
}

export class AiThread {
  private worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor() {
    this.worker = this.spawn();
  }

  /** The same action as `chooseAction(state, strength, seed)`, searched off the main thread when that matters. */
  readonly choose = (state: GameState, strength: Strength, seed: number): Promise<Action> => {
    if (!SEARCHING.has(strength)) return Promise.resolve(chooseAction(state, strength, seed));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, state, strength, seed });
    });
  };

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private spawn(): Worker {
    const worker = newWorker('aiWorker');
    worker.on('message', (msg: { id: number; action?: Action; error?: string }) => {
      const job = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (!job) return;
      if (msg.action) job.resolve(msg.action);
      else job.reject(new Error(`ai worker: ${msg.error ?? 'no action'}`));
    });
    // A crashed worker fails its jobs and is replaced, so one bad decision never stops the bot.
    worker.on('error', (err) => {
      for (const job of this.pending.values()) job.reject(err);
      this.pending.clear();
      this.worker = this.spawn();
    });
    return worker;
  }
}

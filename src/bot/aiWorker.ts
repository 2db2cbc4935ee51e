// A worker thread that runs the computer player's search, so a long decision never holds up the
// main thread's clicks. Messages: {id, state, strength, seed} in, {id, action} or {id, error} out.
import { parentPort } from 'node:worker_threads';
import { type Strength, chooseAction } from '../ai/index.js';
import type { GameState } from '../engine/index.js';

interface Job {
  id: number;
  state: GameState;
  strength: Strength;
  seed: number;
}

parentPort!.on('message', (job: Job) => {
  try {
    parentPort!.postMessage({ id: job.id, action: chooseAction(job.state, job.strength, job.seed) });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});

// A worker thread that runs the computer player's search, so a long decision never holds up the
// main thread's clicks (see aiThread.ts).
import { type Strength, chooseAction } from '../ai/index.js';
import type { GameState } from '../engine/index.js';
import { ok } from '../lib/result.js';
import { serveJobs } from './workerThread.js';

serveJobs((job: { state: GameState; strength: Strength; seed: number }) =>
  ok(chooseAction(job.state, job.strength, job.seed)),
);

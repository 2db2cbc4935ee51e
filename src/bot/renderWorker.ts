// A worker thread that draws boards, so pictures are encoded on another core while the main
// thread answers clicks (see renderPool.ts).
import type { GameState } from '../engine/index.js';
import { renderBoard, type BoardView } from '../render/index.js';
import { ok } from '../lib/result.js';
import { serveJobs } from './workerThread.js';

serveJobs(async (job: { state: GameState; view: BoardView }) => ok(await renderBoard(job.state, job.view)));

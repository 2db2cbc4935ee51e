// A worker thread that draws boards, so pictures are encoded on another core while the main
// thread answers clicks. Messages: {id, state, view} in, {id, board} or {id, error} out.
import { parentPort } from 'node:worker_threads';
import type { GameState } from '../engine/index.js';
import { renderBoard, type BoardView } from '../render/index.js';

interface Job {
  id: number;
  state: GameState;
  view: BoardView;
}

parentPort!.on('message', (job: Job) => {
  renderBoard(job.state, job.view).then(
    (board) => parentPort!.postMessage({ id: job.id, board }),
    (err: unknown) =>
      parentPort!.postMessage({ id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});

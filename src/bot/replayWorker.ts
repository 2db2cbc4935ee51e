// A worker thread that draws replays and reviews (see replayThread.ts). Messages: {id, job} in,
// {id, output} or {id, error} out.
import { parentPort } from 'node:worker_threads';
import { type ReplayJob, produceReplay } from '../game/replayJob.js';

interface Message {
  id: number;
  job: ReplayJob;
}

parentPort!.on('message', ({ id, job }: Message) => {
  try {
    const output = produceReplay(job, null);
    parentPort!.postMessage(output.ok ? { id, output: output.value } : { id, error: output.error });
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});

// A worker thread that draws replays and reviews (see replayThread.ts). Messages: {id, job} in,
// {id, output} or {id, error} out.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type ReplayJob, modelChance, produceReplay } from '../game/replayJob.js';

// On Linux a thread has its own nice value: this one yields the cores to the main thread and the
// board renderers, so clicks keep their latency while a replay is drawn (it only waits longer).
setPriority(19);

interface Message {
  id: number;
  job: ReplayJob;
}

parentPort!.on('message', ({ id, job }: Message) => {
  try {
    const output = produceReplay(job, modelChance);
    if (!output.ok) {
      parentPort!.postMessage({ id, error: output.error });
      return;
    }
    // The GIF (megabytes) is moved to the main thread, not copied: it is the encoder's own buffer.
    parentPort!.postMessage({ id, output: output.value }, [output.value.replay.image.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});

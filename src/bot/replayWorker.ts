// A worker thread that draws replays and reviews (see replayThread.ts).
import { setPriority } from 'node:os';
import { type ReplayJob, modelChance, produceReplay } from '../game/replayJob.js';
import { serveJobs } from './workerThread.js';

// On Linux a thread has its own nice value: this one yields the cores to the main thread and the
// board renderers, so clicks keep their latency while a replay is drawn (it only waits longer).
setPriority(19);

serveJobs(
  (job: ReplayJob) => produceReplay(job, modelChance),
  // The GIF (megabytes) is moved to the main thread, not copied: it is the encoder's own buffer.
  (output) => [output.replay.image.buffer as ArrayBuffer],
);

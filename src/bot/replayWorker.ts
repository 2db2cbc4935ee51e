// A worker thread that draws replays and reviews, and uploads them (see replayThread.ts).
import type { REST } from 'discord.js';
import { type ReplayJob, type ReplayOutput, modelChance, produceReplay } from '../game/replayJob.js';
import { ok } from '../lib/result.js';
import { lowestPriority } from './idlePriority.js';
import { type OriginalEdit, interactionRest, patchOriginal } from '../chat/interactionEdits.js';
import type { DiscordApi } from '../chat/interactionEdits.js';
import { asBuffer, serveJobs } from './workerThread.js';

/** A picture to draw, or an edit of an interaction's answer (with the pictures) to send. */
export type ReplayWorkerJob = { draw: ReplayJob } | { upload: OriginalEdit; api: DiscordApi };

// This thread yields the cores to the main thread and the board renderers, so clicks keep their
// latency while a replay is drawn (it only waits longer): SCHED_IDLE where it can (idlePriority.ts).
lowestPriority();

/** One REST client per API address (there is one), made on the first upload. */
const clients = new Map<string, REST>();

serveJobs(
  async (job: ReplayWorkerJob) => {
    if ('draw' in job) return produceReplay(job.draw, modelChance);
    const rest = clients.get(job.api.api) ?? clients.set(job.api.api, interactionRest(job.api)).get(job.api.api)!;
    // Bytes arrive as Uint8Arrays; the REST client sends only Buffers as files.
    const files = job.upload.files.map((file) =>
      file.data instanceof Uint8Array ? { ...file, data: asBuffer(file.data) } : file,
    );
    return ok(await patchOriginal(rest, { ...job.upload, files }));
  },
  // The GIF (megabytes) is moved to the main thread, not copied: it is the encoder's own buffer.
  (output: ReplayOutput | string) => (typeof output === 'string' ? [] : [output.replay.image.buffer as ArrayBuffer]),
);

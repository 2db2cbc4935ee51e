// Replays and reviews drawn on a worker thread of their own. A long game takes seconds of CPU:
// on the main thread no click would be answered meanwhile, and in the board pictures' pool it
// would hold up every board behind it. One thread, started on the first replay; jobs queue in it
// (its work is synchronous), so at most one core goes to replays. The game service takes
// `render` as its `renderReplay`.
import type { Worker } from 'node:worker_threads';
import type { ReplayJob, ReplayOutput } from '../game/types.js';
import { newWorker } from './workerThread.js';

interface Pending {
  resolve: (output: ReplayOutput) => void;
  reject: (err: Error) => void;
}

export class ReplayThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  readonly render = (job: ReplayJob): Promise<ReplayOutput> => {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  };

  /** Jobs waiting or running. */
  get queued(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private spawn(): Worker {
    const worker = newWorker('replayWorker');
    worker.on('message', (msg: { id: number; output?: ReplayOutput; error?: string }) => {
      const job = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (!job) return;
      if (msg.output) job.resolve(asBuffers(msg.output));
      else job.reject(new Error(`replay worker: ${msg.error ?? 'no replay'}`));
    });
    // A crashed worker fails its jobs; the next replay starts a new one.
    worker.on('error', (err) => {
      for (const job of this.pending.values()) job.reject(err);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    });
    return worker;
  }
}

/** Pictures arrive as Uint8Arrays: view them as Buffers without copying. */
function asBuffers(output: ReplayOutput): ReplayOutput {
  const buffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...output,
    replay: { ...output.replay, image: buffer(output.replay.image) },
    chart: output.chart ? { ...output.chart, image: buffer(output.chart.image) } : null,
  };
}

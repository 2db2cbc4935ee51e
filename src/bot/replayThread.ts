// Replays and reviews drawn on a worker thread of their own. A long game takes seconds of CPU:
// on the main thread no click would be answered meanwhile, and in the board pictures' pool it
// would hold up every board behind it. One thread, started on the first replay and ended once
// replays stop coming (a drawing thread holds tens of megabytes); jobs queue in it (its work is
// synchronous), so at most one core goes to replays. The game service takes `render` as its
// `renderReplay`.
import type { Worker } from 'node:worker_threads';
import type { ReplayJob, ReplayOutput } from '../game/types.js';
import { newWorker } from './workerThread.js';

interface Pending {
  resolve: (output: ReplayOutput) => void;
  reject: (err: Error) => void;
}

/** How long the thread stays after its last replay, waiting for the next. */
export const IDLE_MS = 30_000;

export class ReplayThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = IDLE_MS) {}

  readonly render = (job: ReplayJob): Promise<ReplayOutput> => {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  };

  /** Whether a drawing thread is running (it ends `idleMs` after the last replay). */
  get running(): boolean {
    return this.worker !== null;
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
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
      if (this.pending.size === 0) this.endWhenIdle();
    });
    // A crashed worker fails its jobs; the next replay starts a new one.
    worker.on('error', (err) => {
      for (const job of this.pending.values()) job.reject(err);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    });
    return worker;
  }

  private endWhenIdle(): void {
    this.idle = setTimeout(() => void this.close(), this.idleMs);
    // The timer alone must not keep a process alive.
    this.idle.unref();
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

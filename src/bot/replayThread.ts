// Replays and reviews drawn on a worker thread of their own. A long game takes seconds of CPU:
// on the main thread no click would be answered meanwhile, and in the board pictures' pool it
// would hold up every board behind it. One thread, started on the first replay and ended once
// replays stop coming (a drawing thread holds tens of megabytes); jobs queue in it (its work is
// synchronous), so at most one core goes to replays. The game service takes `render` as its
// `renderReplay`.
import type { ReplayJob, ReplayOutput } from '../game/types.js';
import { JobThread, asBuffer } from './workerThread.js';

/** How long the thread stays after its last replay, waiting for the next. */
export const IDLE_MS = 30_000;

export class ReplayThread {
  private thread: JobThread<ReplayJob, ReplayOutput> | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = IDLE_MS) {}

  readonly render = async (job: ReplayJob): Promise<ReplayOutput> => {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    // A crashed worker fails its jobs; the next replay starts a new one.
    const thread = (this.thread ??= new JobThread('replayWorker', (crashed) => {
      if (this.thread === crashed) this.thread = null;
    }));
    try {
      return asBuffers(await thread.run(job));
    } finally {
      if (thread === this.thread && thread.load === 0) this.endWhenIdle();
    }
  };

  /** Whether a drawing thread is running (it ends `idleMs` after the last replay). */
  get running(): boolean {
    return this.thread !== null;
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
  }

  private endWhenIdle(): void {
    this.idle = setTimeout(() => void this.close(), this.idleMs);
    // The timer alone must not keep a process alive.
    this.idle.unref();
  }
}

/** The pictures as Buffers over the memory that crossed from the worker. */
function asBuffers(output: ReplayOutput): ReplayOutput {
  return {
    ...output,
    replay: { ...output.replay, image: asBuffer(output.replay.image) },
    chart: output.chart ? { ...output.chart, image: asBuffer(output.chart.image) } : null,
  };
}

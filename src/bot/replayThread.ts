// Replays and reviews drawn on a worker thread of their own. A long game takes seconds of CPU:
// on the main thread no click would be answered meanwhile, and in the board pictures' pool it
// would hold up every board behind it. One thread, started on the first replay and ended once
// replays stop coming (a drawing thread holds tens of megabytes). Replays are handed to it one at
// a time, each after a rest twice as long as the last one took (replayPace.ts), so replays asked
// for back to back use at most a third of a core, at the lowest priority. The game service takes
// `render` as its `renderReplay`, and the interaction editor `upload` for the replay's answer: the
// thread sends the megabytes itself, so the main thread neither builds nor sends their upload
// (docs/performance.md).
import type { ReplayJob, ReplayOutput } from '../game/types.js';
import type { DiscordApi } from '../chat/interactionEdits.js';
import type { OriginalEdit } from '../chat/interactionEdits.js';
import { Pacer, REPLAY_CORE_SHARE } from './replayPace.js';
import type { ReplayWorkerJob } from './replayWorker.js';
import { ThreadOnDemand, asBuffer } from './workerThread.js';

/**
 * How long the thread stays after its last replay, waiting for the next.
 * @internal
 */
export const IDLE_MS = 30_000;

export class ReplayThread {
  private readonly thread: ThreadOnDemand<ReplayWorkerJob, ReplayOutput | string>;
  private readonly pacer: Pacer;

  /** `share`: the share of a core that replays may use over time (replayPace.ts). */
  constructor(idleMs = IDLE_MS, share = REPLAY_CORE_SHARE) {
    this.thread = new ThreadOnDemand('replayWorker', idleMs);
    this.pacer = new Pacer(share);
  }

  /** Draws a replay once the replays before it are drawn and the rest after the last has passed. */
  readonly render = async (job: ReplayJob): Promise<ReplayOutput> => {
    const output = await this.pacer.run(() => this.thread.run({ draw: job }));
    if (typeof output === 'string') throw new Error('replay worker: a message id instead of a replay');
    return asBuffers(output);
  };

  /**
   * Sends an edit with attachments from the thread; resolves to the message's id. The files'
   * memory moves to the thread: the caller must not read those buffers afterwards.
   */
  readonly upload = async (api: DiscordApi, edit: OriginalEdit): Promise<string> => {
    const messageId = await this.thread.run(
      { upload: edit, api },
      edit.files.flatMap((file) => movable(file.data)),
    );
    if (typeof messageId !== 'string') throw new Error('replay worker: a replay instead of a message id');
    return messageId;
  };

  /** Replays asked for and not drawn yet, the one being drawn included (the replay-queue gauge). */
  get pending(): number {
    return this.pacer.pending;
  }

  /** Whether a drawing thread is running (it ends `idleMs` after the last replay). */
  get running(): boolean {
    return this.thread.running;
  }

  close(): Promise<void> {
    return this.thread.close();
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

/** A file's memory, if it can be moved whole to another thread (not a slice of a shared pool). */
function movable(data: unknown): ArrayBuffer[] {
  if (!(data instanceof Uint8Array) || !(data.buffer instanceof ArrayBuffer)) return [];
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? [data.buffer] : [];
}

// Board pictures drawn on worker threads. Drawing and encoding a board takes ~10 ms of CPU: on
// the main thread that is time no other click is answered. A small pool moves it to other cores;
// the game service takes it as its `renderBoard`. Each job goes to the least busy worker.
import type { Worker } from 'node:worker_threads';
import type { GameState } from '../engine/index.js';
import type { BoardView, RenderedBoard } from '../game/types.js';
import { newWorker } from './workerThread.js';

interface Pending {
  resolve: (board: RenderedBoard) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

export class RenderPool {
  private readonly slots: Slot[];
  private nextId = 0;

  constructor(size: number) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => this.spawn());
  }

  readonly render = (state: GameState, view: BoardView): Promise<RenderedBoard> => {
    const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, state, view });
    });
  };

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = newWorker('renderWorker');
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (msg: { id: number; board?: RenderedBoard; error?: string }) => {
      const job = slot.pending.get(msg.id);
      slot.pending.delete(msg.id);
      if (!job) return;
      // The picture arrives as a Uint8Array: view it as a Buffer without copying it again.
      const image = msg.board?.image;
      if (msg.board && image)
        job.resolve({ ...msg.board, image: Buffer.from(image.buffer, image.byteOffset, image.byteLength) });
      else job.reject(new Error(`render worker: ${msg.error ?? 'no picture'}`));
    });
    // A crashed worker fails its jobs and is replaced, so one bad picture never stops the bot.
    worker.on('error', (err) => {
      for (const job of slot.pending.values()) job.reject(err);
      slot.pending.clear();
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.spawn();
    });
    return slot;
  }
}

// Board pictures drawn on worker threads. Drawing and encoding a board takes ~10 ms of CPU: on
// the main thread that is time no other click is answered. A small pool moves it to other cores;
// the game service takes it as its `renderBoard`. Each job goes to the least busy worker.
import type { GameState } from '../engine/index.js';
import type { BoardView, RenderedBoard } from '../game/types.js';
import { JobThread, asBuffer } from './workerThread.js';

type RenderThread = JobThread<{ state: GameState; view: BoardView }, RenderedBoard>;

export class RenderPool {
  private readonly threads: RenderThread[];

  constructor(size: number) {
    this.threads = Array.from({ length: Math.max(1, size) }, () => this.spawn());
  }

  readonly render = async (state: GameState, view: BoardView): Promise<RenderedBoard> => {
    const thread = this.threads.reduce((a, b) => (b.load < a.load ? b : a));
    const board = await thread.run({ state, view });
    return { ...board, image: asBuffer(board.image) };
  };

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.terminate()));
  }

  /** A crashed worker is replaced, so one bad picture never stops the bot. */
  private spawn(): RenderThread {
    return new JobThread('renderWorker', (crashed) => {
      const index = this.threads.indexOf(crashed);
      if (index >= 0) this.threads[index] = this.spawn();
    });
  }
}

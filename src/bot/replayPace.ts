// Replays drawn one at a time, with a rest after each. A replay keeps a core busy for about a
// second; drawn back to back, the replay thread takes one of this machine's two cores whenever it
// can, and clicks (the main thread, the board renderers) wait for a core more often, even at the
// thread's lowest priority (docs/performance.md). After a replay that took t ms, the next starts
// no sooner than the rest that keeps the thread to its share of a core: a player who asks while
// another replay is drawn waits a little longer; nobody else does. t is wall time, not CPU time:
// at the lowest priority a replay takes longer while the cores are busy, and so does its rest.

/**
 * The share of one core that replays may use over time: each replay is followed by a rest twice
 * as long. Half a core still lengthened clicks while replays were asked for back to back; a third
 * did not, measurably (docs/performance.md).
 */
export const REPLAY_CORE_SHARE = 1 / 3;

/**
 * How long to rest after a job that kept its thread busy `busyMs`, for the thread to use at most `share` of a core.
 * @internal
 */
export function restAfter(busyMs: number, share: number): number {
  if (!(share > 0 && share <= 1)) throw new RangeError(`a core share is in (0, 1], not ${share}`);
  return Math.max(0, busyMs) * ((1 - share) / share);
}

/** The pacer's clock: the time in milliseconds, and a pause (fake in tests). */
export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PaceClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Runs jobs one at a time, in the order given, each started once the rest earned by the one before has passed. */
export class Pacer {
  private tail: Promise<unknown> = Promise.resolve();
  private readyAt = -Infinity;
  private queued = 0;

  constructor(
    private readonly share: number,
    private readonly clock: PaceClock = realClock,
  ) {
    restAfter(0, share);
  }

  /** Jobs given and not finished yet (the one running included). */
  get pending(): number {
    return this.queued;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    this.queued++;
    const result = this.tail.then(async () => {
      const wait = this.readyAt - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
      const started = this.clock.now();
      try {
        return await job();
      } finally {
        const ended = this.clock.now();
        this.readyAt = ended + restAfter(ended - started, this.share);
        this.queued--;
      }
    });
    // A failed job still earns its rest, and does not stop the jobs behind it.
    this.tail = result.catch(() => undefined);
    return result;
  }
}

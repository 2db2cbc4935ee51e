// Each caller's fair share of something they all wait for: at most `perCaller` of one caller's
// tasks run at once, the rest wait in that caller's own line, first come first served. The REST
// proxy runs the bot-token requests of each process through it: Discord's global limit (50 a
// second) is then shared out by callers rather than by requests, so a process that sends hundreds
// at once waits behind its own, and another process's request goes ahead of them.

interface Caller {
  running: number;
  waiting: (() => void)[];
}

export class FairShare {
  private readonly callers = new Map<string, Caller>();

  constructor(private readonly perCaller: number) {}

  /** Runs `task` once fewer than `perCaller` of `caller`'s tasks are running. */
  async run<T>(caller: string, task: () => Promise<T>): Promise<T> {
    let line = this.callers.get(caller);
    if (!line) this.callers.set(caller, (line = { running: 0, waiting: [] }));
    if (line.running < this.perCaller) line.running++;
    // A task that ends hands its place on to the next in line, so `running` stays as it is.
    else await new Promise<void>((resolve) => line.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = line.waiting.shift();
      if (next) next();
      else if (--line.running === 0) this.callers.delete(caller);
    }
  }
}

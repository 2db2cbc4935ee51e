// Small helpers the benchmark groups share.

/** The q-th quantile (0..1) of the samples, by nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Lets the event loop turn (native canvases and timers are freed only then). */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Seconds of CPU this process spent running `work` (user + system). Throughput "on one core" is
 * work per CPU second: unlike wall time, it does not count time other processes held the core.
 */
export function cpuSeconds(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

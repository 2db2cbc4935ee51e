// The bot's periodic collection: a full collection runs while array buffers hold at least the
// threshold, and none below it; the exposed `gc` really runs a full (major) collection.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectBuffersPeriodically, exposeGc } from '../../src/bot/collector.js';

const MB = 1024 * 1024;

describe('collectBuffersPeriodically', () => {
  it('collects only while array buffers hold at least the threshold', async () => {
    // Each check reads the next amount; the collector is stopped at the last one.
    const amounts = [1 * MB, 9 * MB, 3 * MB, 8 * MB];
    const collected: number[] = [];
    let read = 0;
    await new Promise<void>((resolve) => {
      const stop = collectBuffersPeriodically({
        everyMs: 1,
        aboveBytes: 8 * MB,
        gc: () => collected.push(amounts[read - 1]!),
        arrayBufferBytes: () => {
          if (read === amounts.length - 1) {
            stop();
            // That check decides synchronously, before this microtask runs.
            queueMicrotask(resolve);
          }
          return amounts[read++]!;
        },
      });
    });
    expect(collected).toEqual([9 * MB, 8 * MB]);
  });
});

describe('exposeGc', () => {
  it('returns a function that runs a major collection', async () => {
    const observed = new Promise<number | undefined>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        observer.disconnect();
        // Node puts the kind of collection in `detail`, which the Node 20 types do not declare.
        resolve((list.getEntries()[0] as unknown as { detail?: { kind?: number } }).detail?.kind);
      });
      observer.observe({ entryTypes: ['gc'] });
    });
    exposeGc()();
    expect(await observed).toBe(constants.NODE_PERFORMANCE_GC_MAJOR);
  });
});

// The bot's periodic collection: a full collection runs when array buffers hold enough and the bot
// is idle, or hold much more; the exposed `gc` really runs a full (major) collection.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectBuffersPeriodically, exposeGc } from '../../src/bot/collector.js';

const MB = 1024 * 1024;

describe('collectBuffersPeriodically', () => {
  it('collects above the idle threshold only while no click is handled, above the busy one always', async () => {
    // Each check reads the next situation; the collector is stopped at the last one.
    const checks = [
      { bytes: 1 * MB, busy: false, collects: false },
      { bytes: 9 * MB, busy: true, collects: false },
      { bytes: 9 * MB, busy: false, collects: true },
      { bytes: 15 * MB, busy: true, collects: false },
      { bytes: 16 * MB, busy: true, collects: true },
      { bytes: 8 * MB, busy: false, collects: true },
    ];
    const collected: number[] = [];
    let read = 0;
    await new Promise<void>((resolve) => {
      const stop = collectBuffersPeriodically({
        everyMs: 1,
        idleAboveBytes: 8 * MB,
        busyAboveBytes: 16 * MB,
        busy: () => checks[read - 1]!.busy,
        gc: () => collected.push(read - 1),
        arrayBufferBytes: () => {
          if (read === checks.length - 1) {
            stop();
            // That check decides synchronously, before this microtask runs.
            queueMicrotask(resolve);
          }
          return checks[read++]!.bytes;
        },
      });
    });
    expect(collected).toEqual(checks.flatMap((c, i) => (c.collects ? [i] : [])));
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

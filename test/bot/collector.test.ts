// The bot's periodic collection: a full collection runs when array buffers hold enough and the bot
// is idle, or hold much more; the exposed `gc` really runs a full (major) collection.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectBuffersPeriodically, exposeGc } from '../../src/bot/collector.js';

const MB = 1024 * 1024;

describe('collectBuffersPeriodically', () => {
  /**
   * Runs the collector through `checks`, one look each (and, after a collection, one reading of
   * what it `left`); resolves to the looks at which it collected.
   */
  async function collectedAt(checks: { bytes: number; busy: boolean; left?: number }[]): Promise<number[]> {
    const readings = checks.flatMap((c, look) => [
      { bytes: c.bytes, look },
      ...(c.left === undefined ? [] : [{ bytes: c.left, look }]),
    ]);
    const collected: number[] = [];
    let look = -1;
    await new Promise<void>((resolve) => {
      const stop = collectBuffersPeriodically({
        everyMs: 1,
        idleAboveBytes: 8 * MB,
        busyAboveBytes: 16 * MB,
        busy: () => checks[look]!.busy,
        gc: () => collected.push(look),
        arrayBufferBytes: () => {
          const reading = readings.shift()!;
          look = reading.look;
          if (readings.length === 0) {
            stop();
            // The last reading's decision is synchronous, before this microtask runs.
            queueMicrotask(resolve);
          }
          return reading.bytes;
        },
      });
    });
    return collected;
  }

  it('collects above the idle threshold only while no click is handled, above the busy one always', async () => {
    expect(
      await collectedAt([
        { bytes: 1 * MB, busy: false },
        { bytes: 9 * MB, busy: true },
        { bytes: 9 * MB, busy: false, left: 0 },
        { bytes: 15 * MB, busy: true },
        { bytes: 16 * MB, busy: true, left: 0 },
        { bytes: 8 * MB, busy: false, left: 0 },
      ]),
    ).toEqual([2, 4, 5]);
  });

  it('counts only what grew since the last collection: what it left is alive', async () => {
    expect(
      await collectedAt([
        { bytes: 24 * MB, busy: true, left: 20 * MB },
        // 20 MB alive: not collected again and again while it stays.
        { bytes: 21 * MB, busy: true },
        { bytes: 30 * MB, busy: true },
        { bytes: 29 * MB, busy: false, left: 20 * MB },
        { bytes: 37 * MB, busy: true, left: 20 * MB },
        // V8 freed most of it meanwhile: the thresholds count from there.
        { bytes: 5 * MB, busy: false },
        { bytes: 14 * MB, busy: false, left: 0 },
      ]),
    ).toEqual([0, 3, 4, 6]);
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

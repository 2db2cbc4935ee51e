// Replay pacing: one job at a time, each after the rest its predecessor earned (a fake clock).
import { describe, expect, it } from 'vitest';
import { type PaceClock, Pacer, restAfter } from '../../src/bot/replayPace.js';

/** A clock whose pauses move time forward at once, recording how long each was. */
function jumpingClock(): PaceClock & { t: number; pauses: number[] } {
  const clock = {
    t: 0,
    pauses: [] as number[],
    now: () => clock.t,
    sleep: (ms: number): Promise<void> => {
      clock.pauses.push(ms);
      clock.t += ms;
      return Promise.resolve();
    },
  };
  return clock;
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('restAfter', () => {
  it('rests as long as the job ran at half a core, a third as long at three quarters, never at a whole core', () => {
    expect(restAfter(800, 0.5)).toBe(800);
    expect(restAfter(900, 0.75)).toBeCloseTo(300);
    expect(restAfter(900, 1)).toBe(0);
    expect(restAfter(-5, 0.5)).toBe(0);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => restAfter(100, 0)).toThrow(RangeError);
    expect(() => restAfter(100, 1.5)).toThrow(RangeError);
    expect(() => new Pacer(Number.NaN)).toThrow(RangeError);
  });
});

describe('Pacer', () => {
  it('starts each job once the one before has finished and its rest has passed', async () => {
    const clock = jumpingClock();
    const pacer = new Pacer(0.5, clock);
    const starts: number[] = [];
    const job = (busyMs: number) => async (): Promise<number> => {
      starts.push(clock.now());
      clock.t += busyMs;
      return busyMs;
    };
    const results = await Promise.all([pacer.run(job(100)), pacer.run(job(50)), pacer.run(job(10))]);
    expect(results).toEqual([100, 50, 10]);
    // 0-100 busy, 100 ms rest; 200-250 busy, 50 ms rest; 300.
    expect(starts).toEqual([0, 200, 300]);
    expect(clock.pauses).toEqual([100, 50]);
    expect(pacer.pending).toBe(0);
  });

  it('starts a job at once when the last rest is already over', async () => {
    const clock = jumpingClock();
    const pacer = new Pacer(0.5, clock);
    await pacer.run(async () => {
      clock.t += 100;
    });
    clock.t += 500;
    const started = await pacer.run(async () => clock.now());
    expect(started).toBe(600);
    expect(clock.pauses).toEqual([]);
  });

  it('runs one job at a time: the next waits for the running one, however long it takes', async () => {
    const clock = jumpingClock();
    const pacer = new Pacer(1, clock);
    let release = (): void => undefined;
    const first = pacer.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    let secondStarted = false;
    const second = pacer.run(async () => {
      secondStarted = true;
      return 'second';
    });
    await tick();
    await tick();
    expect(secondStarted).toBe(false);
    expect(pacer.pending).toBe(2);
    release();
    await expect(first).resolves.toBe('first');
    await expect(second).resolves.toBe('second');
    expect(secondStarted).toBe(true);
  });

  it('a failed job fails alone, and still earns its rest before the next', async () => {
    const clock = jumpingClock();
    const pacer = new Pacer(0.5, clock);
    const failed = pacer.run(async () => {
      clock.t += 40;
      throw new Error('worker crashed');
    });
    const next = pacer.run(async () => clock.now());
    await expect(failed).rejects.toThrow('worker crashed');
    await expect(next).resolves.toBe(80);
  });
});

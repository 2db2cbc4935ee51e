// The replay thread draws the same replay and review as this thread would, ends itself once replays stop
// coming, and starts again for the next one.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ReplayThread } from '../../src/bot/replayThread.js';
import { type ReplayJob, modelChance, produceReplay } from '../../src/game/replayJob.js';
import { unwrap } from '../../src/lib/result.js';
import { savedRecord } from '../fixtures/games.js';

const thread = new ReplayThread(50);
afterAll(() => thread.close());

const job: ReplayJob = {
  locale: 'en',
  gameId: 1,
  record: { ...savedRecord('kendall-8'), actions: savedRecord('kendall-8').actions.slice(0, 60) },
  names: { W: 'Ana', B: 'Ben' },
  ending: '',
  result: 'The game is still in progress',
};

describe('ReplayThread', () => {
  it('draws what this thread would, then ends when idle and starts again on demand', async () => {
    const expected = unwrap(produceReplay(job, modelChance));
    const drawn = await thread.render(job);
    expect(Buffer.isBuffer(drawn.replay.image)).toBe(true);
    expect(drawn.replay.image.equals(expected.replay.image)).toBe(true);
    expect(drawn.replay.alt).toBe(expected.replay.alt);
    expect(drawn.chart?.image.equals(expected.chart!.image)).toBe(true);
    expect(drawn.review).toEqual(expected.review);
    expect(thread.running).toBe(true);
    await vi.waitFor(() => expect(thread.running).toBe(false), { timeout: 5000 });
    const again = await thread.render(job);
    expect(again.replay.image.equals(expected.replay.image)).toBe(true);
  });

  it('a log that does not replay is a rejected job, and the thread goes on', async () => {
    const broken = { ...job, record: { ...job.record, actions: [{ type: 'take' as const }] } };
    await expect(thread.render(broken)).rejects.toThrow(/replay worker: action 0: /);
    expect((await thread.render(job)).moves).toBeGreaterThan(0);
  });
});

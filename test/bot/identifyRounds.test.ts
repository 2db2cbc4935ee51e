// The order a manager's shards identify in: by rate-limit key buckets (events/gateway.mdx, "Max
// Concurrency"), a window apart.
import { describe, expect, it } from 'vitest';
import { identifyRounds } from '../../src/bot/shardManager.js';

describe('identifyRounds', () => {
  it('starts one shard a window with max_concurrency 1', () => {
    expect(identifyRounds([2, 0, 1], 1)).toEqual([[0], [1], [2]]);
  });

  it("starts a bucket's worth of shards together, buckets in order", () => {
    // The docs' example: 32 shards, max_concurrency 16: 0-15 together, then 16-31.
    const rounds = identifyRounds([...Array(32).keys()], 16);
    expect(rounds).toEqual([[...Array(16).keys()], [...Array(16).keys()].map((i) => i + 16)]);
  });

  it("groups one machine's share by the same buckets as every other machine's", () => {
    // SHARD_IDS=4-11 of 16 with max_concurrency 4: shards 4-7 together, then 8-11.
    expect(identifyRounds([8, 9, 10, 11, 4, 5, 6, 7], 4)).toEqual([
      [4, 5, 6, 7],
      [8, 9, 10, 11],
    ]);
    // Every shard in one round when max_concurrency covers them.
    expect(identifyRounds([1, 3], 16)).toEqual([[1, 3]]);
  });
});

// Seats and bot seeds derive from the game seed: reproducible, and not biased to one player.
import { describe, expect, it } from 'vitest';
import { decisionSeed } from '../../src/ai/index.js';
import { seatsFromSeed } from '../../src/game/seeds.js';

describe('seats from the seed', () => {
  it('gives the challenger light about half the time, the same way every time for a seed', () => {
    const light = Array.from({ length: 1000 }, (_, seed) => seatsFromSeed(seed, 'a', 'b').W === 'a').filter(
      Boolean,
    ).length;
    expect(light).toBeGreaterThan(440);
    expect(light).toBeLessThan(560);
    expect(seatsFromSeed(42, 'a', 'b')).toEqual(seatsFromSeed(42, 'a', 'b'));
    const { W, B } = seatsFromSeed(7, 'a', 'b');
    expect([W, B].sort()).toEqual(['a', 'b']);
  });

  it('gives the bot a different seed at every ply', () => {
    const seeds = new Set(Array.from({ length: 500 }, (_, ply) => decisionSeed(12345, ply)));
    expect(seeds.size).toBe(500);
  });
});

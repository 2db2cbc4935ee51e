// Seats and bot seeds derive from the game's dice: reproducible, and not biased to one player.
import { describe, expect, it } from 'vitest';
import { decisionSeed } from '../../src/ai/index.js';
import { DiceSecret } from '../../src/engine/keyedDice.js';
import { botSeed, seatsFromSecret } from '../../src/game/dice.js';

describe('seats from the secret', () => {
  it('gives the challenger light about half the time, the same way every time for a secret', () => {
    const secrets = DiceSecret.counting();
    const light = Array.from({ length: 1000 }, () => seatsFromSecret(secrets(), 'a', 'b').W === 'a').filter(
      Boolean,
    ).length;
    expect(light).toBeGreaterThan(440);
    expect(light).toBeLessThan(560);
    const secret = DiceSecret.counting(42)();
    expect(seatsFromSecret(secret, 'a', 'b')).toEqual(seatsFromSecret(secret, 'a', 'b'));
    const { W, B } = seatsFromSecret(secret, 'a', 'b');
    expect([W, B].sort()).toEqual(['a', 'b']);
  });

  it('gives the bot a different seed at every ply', () => {
    const game = { seed: 0, diceSecret: DiceSecret.counting(7)() };
    expect(new Set(Array.from({ length: 500 }, (_, ply) => botSeed(game, ply))).size).toBe(500);
    const seeds = new Set(Array.from({ length: 500 }, (_, ply) => decisionSeed(12345, ply)));
    expect(seeds.size).toBe(500);
  });
});

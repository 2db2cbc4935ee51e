// The self-play helpers behind the tournament and the balance report.
import { describe, expect, it } from 'vitest';
import { BALANCE_CONFIGS } from '../../src/ai/configs.js';
import { playGame, wilson } from '../../src/ai/selfplay.js';
import type { GameEvent } from '../../src/engine/index.js';

describe('wilson', () => {
  it('matches the textbook interval', () => {
    const [low, high] = wilson(50, 100);
    expect(low).toBeCloseTo(0.4038, 3);
    expect(high).toBeCloseTo(0.5962, 3);
    const [low2, high2] = wilson(90, 100);
    expect(low2).toBeCloseTo(0.8256, 3);
    expect(high2).toBeCloseTo(0.9448, 3);
  });

  it('stays within 0..1 at the extremes', () => {
    expect(wilson(0, 10)[0]).toBeCloseTo(0, 12);
    expect(wilson(10, 10)[1]).toBeCloseTo(1, 12);
    expect(wilson(10, 10)[0]).toBeCloseTo(0.7225, 3);
  });
});

describe.each(BALANCE_CONFIGS.map((c) => [c.name, c] as const))('playGame in %s', (_name, config) => {
  it('plays to a winner, the same game again for the same seed, and reports every step', () => {
    const events: GameEvent[] = [];
    const first = playGame({
      rules: config.rules,
      seed: 42,
      players: { W: 'medium', B: 'easy' },
      observe: (e) => events.push(...e),
    });
    const again = playGame({ rules: config.rules, seed: 42, players: { W: 'medium', B: 'easy' } });
    expect(first.winner).not.toBeNull();
    expect(again).toEqual(first);
    expect(events.filter((e) => e.type === 'win')).toEqual([expect.objectContaining({ side: first.winner })]);
    const moved = events.filter((e) => e.type === 'move' && e.end === 31).length;
    expect(moved).toBeGreaterThanOrEqual(config.rules.pawns); // every pawn of the winner was borne off
  });
});

// The review over an injected win chance: the chance after every action, luck told apart from
// choices, the turning points and the accuracy scale. The chances here are stand-ins (see
// test/fixtures/games.ts), so the tests check the review's bookkeeping, not any model.
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine/index.js';
import { TURNING_POINTS, forSide, moveAccuracy, reviewGame } from '../../src/game/review.js';
import { unwrap } from '../../src/lib/result.js';
import { raceChance, savedRecord } from '../fixtures/games.js';
import { translator } from '../../src/i18n/index.js';

const NAMES = { W: 'Ana', B: 'Ben' };

/** A chance that rewards pawns on even squares: the computer ignores it, so its choices lose chance. */
function evenSquares(state: GameState): number {
  let lead = 0;
  for (let i = 1; i < 30; i += 2) lead += state.board[i] === 'W' ? 1 : state.board[i] === 'B' ? -1 : 0;
  return 0.5 + 0.45 * Math.tanh(lead / 2);
}

describe('reviewGame', () => {
  const record = savedRecord('kendall-8');
  const review = unwrap(reviewGame(record, NAMES, raceChance, translator()));

  it('has the chance at the start and after every action, ending at 1 or 0 for the winner', () => {
    expect(review.chances).toHaveLength(record.actions.length + 1);
    expect(review.actions).toHaveLength(record.actions.length);
    for (const [i, action] of review.actions.entries()) {
      expect(action.before).toBe(review.chances[i]);
      expect(action.after).toBe(review.chances[i + 1]);
    }
    expect([0, 1]).toContain(review.chances.at(-1));
    for (const chance of review.chances) expect(chance).toBeGreaterThanOrEqual(0);
  });

  it('numbers actions by move (a throw shares the number of the move it leads to)', () => {
    const moves = review.actions.filter((a) => a.action.type === 'move');
    expect(moves.map((a) => a.move)).toEqual(moves.map((_, i) => i + 1));
    for (const a of review.actions.filter((x) => x.kind === 'throw')) expect(a.thrown).toBeGreaterThan(0);
  });

  it('a choice never does better than the best move, and the best move keeps the chance the position had', () => {
    const choices = review.actions.filter((a) => a.kind === 'choice');
    expect(choices.length).toBeGreaterThan(10);
    for (const a of choices) {
      expect(a.best).toBeDefined();
      expect(forSide(a.side, a.after)).toBeLessThanOrEqual(forSide(a.side, a.best!.chance) + 1e-12);
      expect(a.before).toBe(a.best!.chance);
    }
  });

  it('marks captures and extra throws where the events say so', () => {
    expect(review.actions.some((a) => a.capture)).toBe(true);
    for (const a of review.actions.filter((x) => x.capture)) expect(a.action.type).toBe('move');
  });

  it('names the three biggest swings in game order, luck for throws and a choice with its best alternative', () => {
    const luckAndChoices = review.actions.filter((a) => a.kind === 'throw' || a.kind === 'choice');
    const swings = luckAndChoices.map((a) => Math.abs(a.after - a.before)).sort((x, y) => y - x);
    const named = review.turningPoints.map((t) => review.actions[t.index]!);
    expect(named).toHaveLength(TURNING_POINTS);
    expect(named.map((a) => a.index)).toEqual([...named.map((a) => a.index)].sort((x, y) => x - y));
    expect(Math.min(...named.map((a) => Math.abs(a.after - a.before)))).toBe(swings[TURNING_POINTS - 1]);
    for (const t of review.turningPoints) {
      expect(t.words).toMatch(new RegExp(`^Move ${t.move}: (Ana|Ben) `));
      expect(t.words).toMatch(/chance \d+ % → \d+ %/);
    }

    const choosy = unwrap(reviewGame(record, NAMES, evenSquares, translator()));
    const choice = choosy.turningPoints.find((t) => t.kind === 'choice');
    expect(choice?.words).toMatch(/^Move \d+: (Ana|Ben) chose (\d+|enter) → (\d+|off), .* would have kept \d+ %$/);
    const luck = choosy.turningPoints.find((t) => t.kind === 'luck');
    if (luck) expect(luck.words).toMatch(/threw \d \(luck\)/);
  });

  it('accuracy is 100 for the best choices and falls with the chance given up', () => {
    expect(moveAccuracy(0)).toBe(100);
    expect(moveAccuracy(10)).toBeCloseTo(63.6, 1);
    expect(moveAccuracy(50)).toBeLessThan(10);
    expect(moveAccuracy(100)).toBe(0);
    const choosy = unwrap(reviewGame(record, NAMES, evenSquares, translator()));
    for (const side of ['W', 'B'] as const) {
      expect(choosy.accuracy[side]).toBeGreaterThan(0);
      expect(choosy.accuracy[side]).toBeLessThan(review.accuracy[side]!);
    }
  });

  it('an illegal log is an error naming the action', () => {
    const broken = { ...record, actions: [...record.actions.slice(0, 3), { type: 'take' as const }] };
    const reviewed = reviewGame(broken, NAMES, raceChance, translator());
    expect(reviewed.ok).toBe(false);
    if (!reviewed.ok) expect(reviewed.error).toMatch(/^action 3: /);
  });
});

// The calibration measures (src/tools/calibration.ts) on predictions whose answers are known.
import { describe, expect, it } from 'vitest';
import { TOURNAMENT_CONFIGS } from '../../src/ai/configs.js';
import {
  type Prediction,
  brier,
  ceilingSkill,
  heldOutGames,
  recordPredictions,
  reliability,
  skillInterval,
  trueVariance,
  worstGap,
} from '../../src/tools/calibration.js';
import { mix32 } from '../../src/lib/hash.js';

/** The share of wins in `rollouts` coin flips that come up heads with chance `p`. */
function rolledShare(p: number, rollouts: number, salt: number): number {
  let wins = 0;
  for (let r = 0; r < rollouts; r++) if ((mix32(r, salt) >>> 0) / 2 ** 32 < p) wins++;
  return wins / rollouts;
}

describe('calibration measures', () => {
  it('the Brier score is the mean squared error, for the predictions or a constant', () => {
    const predictions = [
      { p: 0.9, won: true, game: 0 },
      { p: 0.2, won: false, game: 1 },
      { p: 0.6, won: false, game: 2 },
    ];
    expect(brier(predictions)).toBeCloseTo((0.01 + 0.04 + 0.36) / 3, 12);
    expect(brier(predictions, 0.5)).toBeCloseTo(0.25, 12);
  });

  it('the reliability table puts each prediction in its decile and says how often W won there', () => {
    const predictions = [
      { p: 0.05, won: false, game: 0 },
      { p: 0.15, won: false, game: 1 },
      { p: 0.12, won: true, game: 2 },
      { p: 0.95, won: true, game: 3 },
      { p: 1, won: true, game: 4 },
    ];
    const table = reliability(predictions);
    expect(table).toHaveLength(10);
    expect(table.map((b) => b.count)).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(table[1]).toMatchObject({ from: 0.1, to: 0.2, observed: 0.5 });
    expect(table[1]!.meanPredicted).toBeCloseTo(0.135, 12);
    expect(table[2]!.observed).toBeNaN();
    expect(worstGap(table, 2)).toBeCloseTo(0.365, 12);
  });

  it("the skill's interval resamples whole games, so one game's many positions count as one outcome", () => {
    // Ten games of ten positions each: the model is right (0.9 for the winner) in nine, and wrong in one.
    const games = (wrongGames: number): Prediction[] =>
      Array.from({ length: 100 }, (_, i) => {
        const game = Math.floor(i / 10);
        return { p: game < wrongGames ? 0.1 : 0.9, won: true, game };
      });
    const [low, high] = skillInterval(games(1), 0.5);
    const point = 1 - brier(games(1)) / brier(games(1), 0.5);
    expect(low).toBeLessThan(point);
    expect(high).toBeGreaterThanOrEqual(point);
    // Skill with the wrong game drawn k times out of ten: 1 − (8k + 1) / 25. It is drawn no time in
    // 35 % of resamples (0.96), and three times or more in 7 % of them (0 or less).
    expect(high).toBeCloseTo(0.96, 12);
    expect(low).toBeCloseTo(0, 12);
    expect(skillInterval(games(1), 0.5)).toEqual([low, high]);
    // With every game right the interval is one point, whatever the resamples.
    const [allLow, allHigh] = skillInterval(games(0), 0.5);
    expect(allLow).toBeCloseTo(0.96, 12);
    expect(allHigh).toBeCloseTo(0.96, 12);
  });

  it("the ceiling counts only the true chances' spread, not the noise of the rollouts that measured them", () => {
    // 400 positions whose true chance is 50 % for all: the shares spread by noise alone.
    const alike = Array.from({ length: 400 }, (_, i) => rolledShare(0.5, 100, i));
    expect(trueVariance(alike, 100)).toBeLessThan(0.0005);
    expect(ceilingSkill(alike, 100)).toBeLessThan(0.002);
    // Half at 30 %, half at 70 %: a true variance of 0.04, and a perfect model removes 0.04 / 0.25.
    const apart = Array.from({ length: 400 }, (_, i) => rolledShare(i % 2 ? 0.7 : 0.3, 100, i));
    expect(trueVariance(apart, 100)).toBeCloseTo(0.04, 2);
    expect(ceilingSkill(apart, 100)).toBeCloseTo(0.16, 1);
  });

  it('the committed held-out games replay to their end, and positions are sampled from them with their outcome', () => {
    const sets = heldOutGames();
    expect(sets.map((s) => s.name)).toEqual(TOURNAMENT_CONFIGS.map((c) => c.name));
    for (const set of sets) {
      expect(set.records.length).toBeGreaterThanOrEqual(20);
      expect(set.lightWins).toBeGreaterThan(0.3);
      expect(set.lightWins).toBeLessThan(0.7);
    }
    const kendall = sets[0]!.records.slice(0, 5);
    const predictions = recordPredictions(kendall, 4, (state) => state.ply / 10_000);
    expect(predictions.length).toBeGreaterThan(100);
    expect(new Set(predictions.map((p) => p.won)).size).toBe(2);
    expect(recordPredictions(kendall, 4, (state) => state.ply / 10_000)).toEqual(predictions);
  });
});

// The calibration measures (src/tools/calibration.ts) on predictions whose answers are known.
import { describe, expect, it } from 'vitest';
import { defaultOptions, resolveRules } from '../../src/engine/index.js';
import { unwrap } from '../../src/lib/result.js';
import { baselineRate, brier, heldOutPredictions, reliability, worstGap } from '../../src/tools/calibration.js';

describe('calibration measures', () => {
  it('the Brier score is the mean squared error, for the predictions or a constant', () => {
    const predictions = [
      { p: 0.9, won: true },
      { p: 0.2, won: false },
      { p: 0.6, won: false },
    ];
    expect(brier(predictions)).toBeCloseTo((0.01 + 0.04 + 0.36) / 3, 12);
    expect(brier(predictions, 0.5)).toBeCloseTo(0.25, 12);
  });

  it('the reliability table puts each prediction in its decile and says how often W won there', () => {
    const predictions = [
      { p: 0.05, won: false },
      { p: 0.15, won: false },
      { p: 0.12, won: true },
      { p: 0.95, won: true },
      { p: 1, won: true },
    ];
    const table = reliability(predictions);
    expect(table).toHaveLength(10);
    expect(table.map((b) => b.count)).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(table[1]).toMatchObject({ from: 0.1, to: 0.2, observed: 0.5 });
    expect(table[1]!.meanPredicted).toBeCloseTo(0.135, 12);
    expect(table[2]!.observed).toBeNaN();
    expect(worstGap(table, 2)).toBeCloseTo(0.365, 12);
  });

  it('samples held-out games reproducibly, labelled with their outcome', () => {
    const rules = unwrap(resolveRules('pennsic', defaultOptions('pennsic')));
    const options = { rules, games: 4, players: 'easy' as const, every: 5 };
    const a = heldOutPredictions(options, (pos) => pos.ply / 1000);
    expect(a.length).toBeGreaterThan(20);
    expect(heldOutPredictions(options, (pos) => pos.ply / 1000)).toEqual(a);
    // Every position of one game has the same outcome; the four games do not all end alike here.
    expect(new Set(a.map((x) => x.won)).size).toBe(2);
    const rate = baselineRate({ rules, games: 10, players: 'easy' });
    expect(rate).toBeGreaterThanOrEqual(0);
    expect(rate).toBeLessThanOrEqual(1);
  });
});

// The committed win-chance model (src/ai/winChance.ts, src/ai/winWeights.ts) against the baseline
// that always says the light side's win rate, on the committed held-out games of every tournament
// configuration: its Brier score must be lower. docs/calibration.md has the full tables.
import { describe, expect, it } from 'vitest';
import { modelChance } from '../../src/game/replayJob.js';
import { brier, heldOutGames, recordPredictions } from '../../src/tools/calibration.js';

/**
 * Where the committed model does not beat the baseline yet (docs/calibration.md): kendall with 7
 * pawns, whose chances it keeps near 50 %. Pinned the other way round, so that a model that does
 * better fails here until it is moved to the configurations that must pass.
 */
const NOT_YET = new Set(['kendall-7']);

describe('the committed win-chance model', () => {
  const sets = heldOutGames().map((set) => {
    const predictions = recordPredictions(set.records, 2, modelChance);
    return { ...set, predictions, model: brier(predictions), baseline: brier(predictions, set.lightWins) };
  });

  it.each(sets.filter((s) => !NOT_YET.has(s.name)).map((s) => [s.name, s] as const))(
    '%s: beats the first-player-rate baseline on held-out games',
    (_name, set) => {
      expect(set.predictions.length).toBeGreaterThan(1000);
      expect(set.model).toBeLessThan(set.baseline);
    },
  );

  it.each(sets.filter((s) => NOT_YET.has(s.name)).map((s) => [s.name, s] as const))(
    '%s: does not beat the baseline yet (move it to the others once it does)',
    (_name, set) => {
      expect(set.model).toBeGreaterThanOrEqual(set.baseline);
    },
  );
});

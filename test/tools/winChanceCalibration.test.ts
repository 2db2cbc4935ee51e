// The committed win-chance model (src/ai/winChance.ts, src/ai/winWeights.ts) against the baseline
// that always says the light side's win rate, on the committed held-out games of every tournament
// configuration: its Brier score must be lower. docs/calibration.md has the full tables.
import { describe, expect, it } from 'vitest';
import { modelChance } from '../../src/game/replayJob.js';
import { brier, heldOutGames, recordPredictions } from '../../src/tools/calibration.js';

describe('the committed win-chance model', () => {
  it.each(heldOutGames().map((set) => [set.name, set] as const))(
    '%s: beats the first-player-rate baseline on held-out games',
    (_name, set) => {
      const predictions = recordPredictions(set.records, 2, modelChance);
      expect(predictions.length).toBeGreaterThan(1000);
      expect(brier(predictions)).toBeLessThan(brier(predictions, set.lightWins));
    },
  );
});

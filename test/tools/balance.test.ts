// The balance report shares its games out to several processes in ranges of seeds: the ranges'
// tallies must add up to exactly what one process playing every seed counts.
import { describe, expect, it } from 'vitest';
import { BALANCE_CONFIGS } from '../../src/ai/configs.js';
import { addTally, emptyTally, simulate } from '../../src/tools/balance/simulate.js';
import { balanceTable } from '../../src/tools/balance/report.js';

describe('balance simulation', () => {
  const config = BALANCE_CONFIGS.find((c) => c.name === 'regency')!;

  it('counts the same from ranges of seeds as from all of them at once', () => {
    const whole = simulate(config, 1, 12, 'medium');
    const parts = [
      simulate(config, 1, 5, 'medium'),
      simulate(config, 6, 6, 'medium'),
      simulate(config, 7, 12, 'medium'),
    ];
    expect(parts.reduce(addTally, emptyTally())).toEqual(whole);
    expect(whole.games).toBe(12);
    expect(whole.throws).toHaveLength(12);
    expect(whole.throws.every((n) => n > 0)).toBe(true);
    expect(whole.firstWins).toBeGreaterThan(0);
    expect(whole.firstWins).toBeLessThan(12);
    expect(Object.keys(whole.reached).length).toBeGreaterThan(0);
  });

  it('tables the first player, the interval and every special square', () => {
    const tally = simulate(config, 1, 4, 'easy');
    const table = balanceTable([{ config, tally }], 'easy');
    expect(table).toContain('two **easy** computer players');
    expect(table).toMatch(/\| regency \| defaults \| 4 \| B \| \d+\.\d % \(\d+\.\d % – \d+\.\d %\) \|/);
    for (const square of Object.keys(config.rules.squares)) expect(table).toContain(`${square} `);
  });
});

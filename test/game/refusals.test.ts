// The engine reports what is wrong with a rule set's options as data; the service says it through
// the catalogs, naming options as players type them (their slash-command names).
import { describe, expect, it } from 'vitest';
import { checkRules, optionProblemWords } from '../../src/engine/index.js';
import { optionRefusal } from '../../src/game/refusals.js';
import { say } from '../../src/i18n/index.js';

function refusalOf(id: string, given: Record<string, unknown>): string {
  const rules = checkRules(id, given);
  if (rules.ok) throw new Error('expected the options to be refused');
  return say('en', optionRefusal(id, rules.error));
}

describe('option refusals', () => {
  it('say each kind of problem in a sentence, with the options’ slash names', () => {
    expect(refusalOf('ludo', {})).toBe(
      'Unknown rule set "ludo" (choose one of kendall, traditional, pennsic, dancers, regency).',
    );
    expect(refusalOf('kendall', { colour: 'red' })).toBe('colour is not an option of these rules.');
    expect(refusalOf('kendall', { colour: 'red', size: 2 })).toBe('colour, size are not options of these rules.');
    expect(refusalOf('kendall', { safePairs: 1 })).toBe('safe_pairs must be on or off.');
    expect(refusalOf('kendall', { pawns: 6 })).toBe('pawns must be one of 5, 7.');
  });

  it('leave the engine’s own English for developers unchanged', () => {
    const rules = checkRules('kendall', { pawns: 6 });
    expect(!rules.ok && optionProblemWords(rules.error)).toBe('pawns must be 5 or 7');
  });
});

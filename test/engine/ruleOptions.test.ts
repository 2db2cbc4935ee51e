// A rule set's options are declared once, in its own file: the slash command, the option parser
// and game titles are derived from that schema, so a new option cannot be forgotten in one of them.
import { describe, expect, it } from 'vitest';
import { RULE_OPTIONS, senetCommand } from '../../src/commands/definition.js';
import { RULESET_IDS, type Variant, defaultOptions, optionSpecs, resolveRules } from '../../src/engine/index.js';
import { variantTitle } from '../../src/i18n/gameWords.js';
import { translator } from '../../src/i18n/index.js';

const english = translator('en');

interface CommandOptionJson {
  name: string;
  description: string;
  type: number;
  choices?: { name: string; value: string | number }[];
  options?: CommandOptionJson[];
}

const json = senetCommand().toJSON() as unknown as { options: CommandOptionJson[] };
const subcommand = (name: string): CommandOptionJson => json.options.find((o) => o.name === name)!;

describe.each(RULESET_IDS.filter((id) => optionSpecs(id).length > 0))('%s options', (ruleset) => {
  it.each(optionSpecs(ruleset))('%s is offered by /senet challenge and /senet play', (_name, spec) => {
    for (const sub of ['challenge', 'play']) {
      const option = subcommand(sub).options!.find((o) => o.name === spec.slashName);
      expect(option, `${sub} ${spec.slashName}`).toBeDefined();
      expect(option!.description.length).toBeLessThanOrEqual(100);
      if (spec.kind === 'number') expect(option!.choices!.map((c) => c.value)).toEqual([...spec.choices]);
    }
  });

  it.each(optionSpecs(ruleset))('%s names itself in a title when it differs from the default', (name, spec) => {
    const values = spec.kind === 'flag' ? [!spec.default] : spec.choices.filter((v) => v !== spec.default);
    for (const value of values) {
      const options = { ...defaultOptions(ruleset), [name]: value };
      expect(resolveRules(ruleset, options).ok).toBe(true);
      const words = spec.kind === 'flag' ? (value ? spec.words.on : spec.words.off) : spec.words(value as never);
      // The players' English (the catalog) says what the engine's reference words say.
      expect(variantTitle(english, ruleset, options)).toContain(words);
    }
    // At the default, the title is the plain name.
    expect(variantTitle(english, ruleset, defaultOptions(ruleset))).not.toContain('(');
  });
});

describe('the rule options as a whole', () => {
  it('have one slash option each, never shared between rule sets', () => {
    const names = RULE_OPTIONS.map((o) => o.spec.slashName);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9_-]{1,32}$/);
  });

  it("type-check a rule set's own options only", () => {
    const fine: Variant = { ruleset: 'kendall', options: { pawns: 7 } };
    // @ts-expect-error pawns is not an option of Dancers
    const foreign: Variant = { ruleset: 'dancers', options: { pawns: 7 } };
    // @ts-expect-error Kendall plays with 5 or 7 pawns
    const wrong: Variant = { ruleset: 'kendall', options: { pawns: 6 } };
    expect([fine, foreign, wrong].map((v) => resolveRules(v.ruleset, v.options).ok)).toEqual([true, false, false]);
  });
});

// The registry of rule sets, and the one place options are checked against a rule set's schema.
import { type Result, err, ok } from '../../lib/result.js';
import type { FlagSpec, NoOptions, NumberSpec, RuleSet, Rules } from '../rules.js';
import type { RuleOptions } from '../types.js';
import { dancers } from './dancers.js';
import { type KendallOptions, kendall } from './kendall.js';
import { pennsic } from './pennsic.js';
import { type RegencyOptions, regency } from './regency.js';
import { traditional } from './traditional.js';

/** Each rule set's own options type, by id. */
export interface OptionsById {
  kendall: KendallOptions;
  traditional: NoOptions;
  pennsic: NoOptions;
  dancers: NoOptions;
  regency: RegencyOptions;
}

export type RuleSetId = keyof OptionsById;

/**
 * A rule set with options it accepts: `{ruleset: 'dancers', options: {pawns: 7}}` does not
 * type-check. Options left out take the rule set's defaults.
 */
export type Variant = {
  [K in RuleSetId]: { readonly ruleset: K; readonly options: Partial<OptionsById[K]> };
}[RuleSetId];

export const RULESETS: { readonly [K in RuleSetId]: RuleSet<OptionsById[K]> } = {
  kendall,
  traditional,
  pennsic,
  dancers,
  regency,
};

export const RULESET_IDS: readonly RuleSetId[] = ['kendall', 'traditional', 'pennsic', 'dancers', 'regency'];

export function isRuleSetId(id: string): id is RuleSetId {
  return Object.hasOwn(RULESETS, id);
}

/** One option of any rule set, as the schema-driven code below sees it. */
export type AnyOptionSpec = FlagSpec | NumberSpec<number>;

/** A rule set's options as [stored name, spec] pairs, in the order the rule set declares them. */
export function optionSpecs(id: RuleSetId): [string, AnyOptionSpec][] {
  return Object.entries(RULESETS[id].options as Readonly<Record<string, AnyOptionSpec>>);
}

/** The rule set's default options. */
export function defaultOptions(id: RuleSetId): RuleOptions {
  return Object.fromEntries(optionSpecs(id).map(([name, spec]) => [name, spec.default]));
}

/** The options' words that differ from the defaults ("7 pawns, no safe pairs", "with variations"). */
export function optionWords(id: RuleSetId, options: Readonly<Record<string, unknown>>): string[] {
  const words: string[] = [];
  for (const [name, spec] of optionSpecs(id)) {
    const value = options[name];
    if (value === undefined || value === spec.default) continue;
    if (spec.kind === 'flag') words.push(value ? spec.words.on : spec.words.off);
    else if (typeof value === 'number') words.push(spec.words(value));
  }
  return words;
}

/** "Kendall", "Kendall (7 pawns, no safe pairs)", "Regency (with variations)". */
export function variantTitle(id: RuleSetId, options: Readonly<Record<string, unknown>>): string {
  const words = optionWords(id, options);
  return `${RULESETS[id].title}${words.length > 0 ? ` (${words.join(', ')})` : ''}`;
}

const resolvedCache = new Map<string, Rules>();

/** The rules in force for a rule set and options, or what is wrong with them. Resolved rules are shared. */
export function resolveRules(id: string, given: Readonly<Record<string, unknown>> = {}): Result<Rules, string> {
  if (!isRuleSetId(id)) return err(`unknown rule set "${id}" (choose one of ${RULESET_IDS.join(', ')})`);
  const options = checkOptions(id, given);
  if (!options.ok) return options;
  const key = `${id}:${JSON.stringify(options.value)}`;
  let rules = resolvedCache.get(key);
  if (!rules) {
    rules = (RULESETS[id] as RuleSet<RuleOptions>).build(options.value);
    resolvedCache.set(key, rules);
  }
  return ok(rules);
}

/** Complete options in the schema's order, or what is wrong: unknown names, values outside their choices. */
function checkOptions(id: RuleSetId, given: Readonly<Record<string, unknown>>): Result<RuleOptions, string> {
  const specs = optionSpecs(id);
  const unknown = Object.keys(given).filter((name) => !specs.some(([known]) => known === name));
  if (unknown.length > 0) return err(`unknown option${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  const options: Record<string, boolean | number> = {};
  for (const [name, spec] of specs) {
    const value = given[name] ?? spec.default;
    if (spec.kind === 'flag') {
      if (typeof value !== 'boolean') return err(`${name} must be true or false`);
      options[name] = value;
    } else {
      if (typeof value !== 'number' || !spec.choices.includes(value)) {
        return err(`${name} must be ${spec.choices.slice(0, -1).join(', ')} or ${spec.choices.at(-1)}`);
      }
      options[name] = value;
    }
  }
  return ok(options);
}

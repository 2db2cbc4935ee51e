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

const resolvedCache = new Map<string, Rules>();

/**
 * What is wrong with a rule set and options, as data: the service says it in the player's
 * language (src/game/refusals.ts); `optionProblemWords` says it in English for developers.
 */
export type OptionProblem =
  | { kind: 'unknown-ruleset'; id: string }
  | { kind: 'unknown-options'; names: readonly string[] }
  | { kind: 'not-a-flag'; name: string }
  | { kind: 'not-a-choice'; name: string; choices: readonly number[] };

/**
 * A problem in English, for tools, .env checks and logs.
 * @internal
 */
export function optionProblemWords(problem: OptionProblem): string {
  switch (problem.kind) {
    case 'unknown-ruleset':
      return `unknown rule set "${problem.id}" (choose one of ${RULESET_IDS.join(', ')})`;
    case 'unknown-options':
      return `unknown option${problem.names.length > 1 ? 's' : ''}: ${problem.names.join(', ')}`;
    case 'not-a-flag':
      return `${problem.name} must be true or false`;
    case 'not-a-choice':
      return `${problem.name} must be ${problem.choices.slice(0, -1).join(', ')} or ${problem.choices.at(-1)}`;
  }
}

/** The rules in force for a rule set and options, or what is wrong with them. Resolved rules are shared. */
export function resolveRules(id: string, given: Readonly<Record<string, unknown>> = {}): Result<Rules, string> {
  const rules = checkRules(id, given);
  return rules.ok ? rules : err(optionProblemWords(rules.error));
}

/** As `resolveRules`, with what is wrong as data. */
export function checkRules(id: string, given: Readonly<Record<string, unknown>> = {}): Result<Rules, OptionProblem> {
  if (!isRuleSetId(id)) return err({ kind: 'unknown-ruleset', id });
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
function checkOptions(id: RuleSetId, given: Readonly<Record<string, unknown>>): Result<RuleOptions, OptionProblem> {
  const specs = optionSpecs(id);
  const unknown = Object.keys(given).filter((name) => !specs.some(([known]) => known === name));
  if (unknown.length > 0) return err({ kind: 'unknown-options', names: unknown });
  const options: Record<string, boolean | number> = {};
  for (const [name, spec] of specs) {
    const value = given[name] ?? spec.default;
    if (spec.kind === 'flag') {
      if (typeof value !== 'boolean') return err({ kind: 'not-a-flag', name });
      options[name] = value;
    } else {
      if (typeof value !== 'number' || !spec.choices.includes(value)) {
        return err({ kind: 'not-a-choice', name, choices: spec.choices });
      }
      options[name] = value;
    }
  }
  return ok(options);
}

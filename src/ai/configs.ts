// The rule configurations the tournament, the balance report and the benchmark play: every rule
// set with its defaults, plus kendall's notable options.
import { type RuleOptions, type RuleSetId, type Rules, RULESET_IDS, resolveRules } from '../engine/index.js';

export interface PlayConfig {
  /** A short name for tables: the rule set id, or id plus an option tag. */
  name: string;
  ruleset: RuleSetId;
  options: RuleOptions;
  rules: Rules;
}

function config(name: string, ruleset: RuleSetId, options: RuleOptions): PlayConfig {
  const rules = resolveRules(ruleset, options);
  if (typeof rules === 'string') throw new Error(`${name}: ${rules}`);
  return { name, ruleset, options, rules };
}

/** Every rule set, plus kendall with 7 pawns. */
export const TOURNAMENT_CONFIGS: readonly PlayConfig[] = [
  ...RULESET_IDS.map((id) => config(id, id, {})),
  config('kendall-7', 'kendall', { pawns: 7 }),
];

/** The tournament's configurations, plus kendall with every optional rule off and regency's variations. */
export const BALANCE_CONFIGS: readonly PlayConfig[] = [
  ...TOURNAMENT_CONFIGS,
  config('kendall-plain', 'kendall', { safePairs: false, blockingThrees: false, lastRowBearOff: false }),
  config('regency-variations', 'regency', { variations: true }),
];

// The rule configurations the tournament, the balance report and the benchmark play: every rule
// set with its defaults, plus the variants each rule set names as notable (rulesets/*.ts).
import { type RuleOptions, type RuleSetId, type Rules, RULESETS, RULESET_IDS, resolveRules } from '../engine/index.js';
import { unwrap } from '../lib/result.js';

export interface PlayConfig {
  /** A short name for tables: the rule set id, or id plus the variant's tag (`kendall-7`). */
  name: string;
  ruleset: RuleSetId;
  options: RuleOptions;
  rules: Rules;
}

function config(name: string, ruleset: RuleSetId, options: RuleOptions): PlayConfig {
  return { name, ruleset, options, rules: unwrap(resolveRules(ruleset, options)) };
}

function notable(tournament: boolean): PlayConfig[] {
  return RULESET_IDS.flatMap((id) =>
    RULESETS[id].notable
      .filter((variant) => tournament === variant.tournament)
      .map((variant) => config(`${id}-${variant.tag}`, id, variant.options as RuleOptions)),
  );
}

/** Every rule set with its defaults, plus the variants marked for the tournament (kendall with 7 pawns). */
export const TOURNAMENT_CONFIGS: readonly PlayConfig[] = [
  ...RULESET_IDS.map((id) => config(id, id, {})),
  ...notable(true),
];

/** The tournament's configurations, plus every other notable variant (kendall-plain, regency-variations). */
export const BALANCE_CONFIGS: readonly PlayConfig[] = [...TOURNAMENT_CONFIGS, ...notable(false)];

// The registry of rule sets, by id.
import type { RuleSet, Rules } from '../rules.js';
import type { RuleOptions, RuleSetId } from '../types.js';
import { dancers } from './dancers.js';
import { kendall } from './kendall.js';
import { pennsic } from './pennsic.js';
import { regency } from './regency.js';
import { traditional } from './traditional.js';

export const RULESETS: Readonly<Record<RuleSetId, RuleSet>> = { kendall, traditional, pennsic, dancers, regency };

export function isRuleSetId(id: string): id is RuleSetId {
  return Object.hasOwn(RULESETS, id);
}

const resolvedCache = new Map<string, Rules>();

/** The rules in force for a rule set and options, or an error message. Resolved rules are shared. */
export function resolveRules(id: string, options: RuleOptions = {}): Rules | string {
  if (!isRuleSetId(id)) return `unknown rule set "${id}" (choose one of ${Object.keys(RULESETS).join(', ')})`;
  const key = `${id}:${JSON.stringify(options, Object.keys(options).sort())}`;
  let rules = resolvedCache.get(key);
  if (!rules) {
    const resolved = RULESETS[id].resolve(options);
    if (typeof resolved === 'string') return resolved;
    rules = resolved;
    resolvedCache.set(key, rules);
  }
  return rules;
}

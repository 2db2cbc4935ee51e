// A rule set's words for /senet rules and the command's choices, in a language: its name and
// summary, and its special squares' names and rules. The engine keeps the English reference
// (tools and docs read it); what players read comes from the catalogs.
import { RULESETS, type RuleSetId, type SquareInfo } from '../engine/index.js';
import type { MessageKey, Translate } from '../i18n/index.js';

/** A rule set's name in a language. */
export function rulesetTitle(_t: Translate, id: RuleSetId): string {
  // i18n: gameWords once merged (variantTitle(t, …) from src/i18n/gameWords.ts)
  return RULESETS[id].title;
}

/** A rule set's one line on what sets it apart. */
export const rulesetSummary = (t: Translate, id: RuleSetId): string => t(`rulesInfo.summary.${id}`);

/** A special square's name in a language. */
export function squareName(_t: Translate, _id: RuleSetId, _square: number, info: SquareInfo): string {
  // i18n: gameWords once merged (the `square.<ruleset>.<n>` names from src/i18n/gameWords.ts)
  return info.name;
}

/**
 * The catalog key of what a special square does, in the rule set's default options (what
 * `/senet rules` explains); test/commands/rulesInfo.test.ts checks every such square has one.
 */
export const squareRuleKey = (id: RuleSetId, square: number): MessageKey =>
  `rulesInfo.squareRule.${id}.${square}` as MessageKey;

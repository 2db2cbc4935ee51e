// A rule set's words for /senet rules and the command's choices, in a language: its name and
// summary, and its special squares' names and rules. The engine keeps the English reference
// (tools and docs read it); what players read comes from the catalogs.
import type { RuleSetId } from '../engine/index.js';
import type { MessageKey, Translate } from '../i18n/index.js';

export { rulesetTitle, squareName } from '../i18n/gameWords.js';

/** A rule set's one line on what sets it apart. */
export const rulesetSummary = (t: Translate, id: RuleSetId): string => t(`rulesInfo.summary.${id}`);

/**
 * The catalog key of what a special square does, in the rule set's default options (what
 * `/senet rules` explains); test/commands/rulesInfo.test.ts checks every such square has one.
 */
export const squareRuleKey = (id: RuleSetId, square: number): MessageKey =>
  `rulesInfo.squareRule.${id}.${square}` as MessageKey;

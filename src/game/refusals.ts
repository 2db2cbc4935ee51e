// Refusals written once: the one answer for what is not the asker's to know, and those built from
// the engine's data (the engine says what is wrong with a rule set's options as a value,
// OptionProblem, and this says it to the player through the catalogs).
import { type OptionProblem, RULESET_IDS, isRuleSetId, optionSpecs } from '../engine/index.js';
import { type Text, text } from '../i18n/index.js';
import { type Outcome, fail } from './types.js';

/** What an id a user can type or forge names. */
type Named = 'game' | 'challenge' | 'tournament';

/**
 * The one answer for an id that is not the asker's to know: missing, hidden from them (a channel or
 * thread they cannot view, another server, someone else's private chat), or elsewhere than the
 * button that names it. Ids count up, so the answer must not tell which exist, whose they are,
 * whether they are over, or where: it depends only on what was asked ("There is no game #12 here.").
 * What is theirs to know (a game they play, a challenge on the message they clicked) may be
 * refused more precisely; everything else gets this.
 */
export function notHere(kind: Named, id: number): Outcome<never> {
  return fail('not-found', 'refusal.notHere', { kind, id });
}

/** An option as the player typed it: its slash-command name (`safe_pairs`), not the engine's. */
function shownName(ruleset: string, name: string): string {
  if (!isRuleSetId(ruleset)) return name;
  return optionSpecs(ruleset).find(([known]) => known === name)?.[1].slashName ?? name;
}

/** Why the rule set `ruleset` does not take these options, in the player's words. */
export function optionRefusal(ruleset: string, problem: OptionProblem): Text {
  switch (problem.kind) {
    case 'unknown-ruleset':
      return text('refusal.unknownRuleset', { id: problem.id, choices: RULESET_IDS.join(', ') });
    case 'unknown-options':
      return text('refusal.unknownOptions', {
        count: problem.names.length,
        names: problem.names.map((name) => shownName(ruleset, name)).join(', '),
      });
    case 'not-a-flag':
      return text('refusal.notAFlag', { name: shownName(ruleset, problem.name) });
    case 'not-a-choice':
      return text('refusal.notAChoice', {
        name: shownName(ruleset, problem.name),
        choices: problem.choices.join(', '),
      });
  }
}

/** Who asks: their id and whether Discord says they have Manage Server in this server. */
export interface AdminInput {
  guildId: string;
  userId: string;
  canManageServer: boolean;
}

/** Refuses a /senet-admin call (or an admin's button) from a member without Manage Server. */
export function requireManager(input: AdminInput): Outcome<never> | null {
  return input.canManageServer ? null : fail('forbidden', 'admin.notAnAdmin');
}

// Reading a slash command's options into the service's plain inputs.
import type { ChatInputCommandInteraction, GuildMember, User } from 'discord.js';
import { RULESETS, isRuleSetId, resolveRules, type RuleOptions, type RuleSetId } from '../engine/index.js';
import { type Player, type Strength, strengthOf } from '../game/types.js';
import { OPT } from './definition.js';
import { echo } from './messages.js';

/** The command option each rule option is read from, to name it back to the player. */
const OPTION_NAMES = {
  pawns: OPT.pawns,
  safePairs: OPT.safePairs,
  blockingThrees: OPT.blockingThrees,
  lastRowBearOff: OPT.lastRowBearOff,
  variations: OPT.variations,
} as const;

export type RulesChoice = { ok: true; ruleset: RuleSetId; options: RuleOptions } | { ok: false; message: string };

/** The rule set and its options; options of another rule set are an error, not silently dropped. */
export function readRules(interaction: ChatInputCommandInteraction): RulesChoice {
  const id = interaction.options.getString(OPT.rules) ?? 'kendall';
  if (!isRuleSetId(id)) return { ok: false, message: `Unknown rules ${echo(id)}.` };
  const options: RuleOptions = {};
  const pawns = interaction.options.getInteger(OPT.pawns);
  if (pawns === 5 || pawns === 7) options.pawns = pawns;
  else if (pawns !== null) return { ok: false, message: 'Pawns must be 5 or 7.' };
  const flags = [
    [OPT.safePairs, 'safePairs'],
    [OPT.blockingThrees, 'blockingThrees'],
    [OPT.lastRowBearOff, 'lastRowBearOff'],
    [OPT.variations, 'variations'],
  ] as const;
  for (const [name, key] of flags) {
    const value = interaction.options.getBoolean(name);
    if (value !== null) options[key] = value;
  }
  const allowed = Object.keys(RULESETS[id].defaults);
  const foreign = Object.keys(options)
    .filter((key) => !allowed.includes(key))
    .map((key) => OPTION_NAMES[key as keyof typeof OPTION_NAMES]);
  if (foreign.length > 0) {
    return {
      ok: false,
      message: `${foreign.join(', ')} ${foreign.length > 1 ? 'are not options' : 'is not an option'} of the ${RULESETS[id].title} rules: pawns, safe pairs, blocking threes and last-row bear-off are Kendall's; variations are Regency's.`,
    };
  }
  const rules = resolveRules(id, options);
  if (typeof rules === 'string') return { ok: false, message: rules };
  return { ok: true, ruleset: id, options };
}

export function readStrength(interaction: ChatInputCommandInteraction): Strength {
  return strengthOf(interaction.options.getString(OPT.strength)) ?? 'medium';
}

/** A user as the service knows them: id and the name people see in this server. */
export function playerOf(user: User, member?: GuildMember | null | object): Player {
  const nick = member && 'displayName' in member && typeof member.displayName === 'string' ? member.displayName : null;
  return { id: user.id, name: nick ?? user.displayName };
}

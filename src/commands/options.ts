// Reading a slash command's options into the service's plain inputs. The rule options come from
// each rule set's schema: an option of another rule set is an error, not silently dropped.
import type { ChatInputCommandInteraction, GuildMember, User } from 'discord.js';
import { RULESET_IDS, type RuleSetId, type Variant, checkRules, isRuleSetId } from '../engine/index.js';
import { rulesetTitle } from '../i18n/gameWords.js';
import { optionRefusal } from '../game/refusals.js';
import { type Locale, type Text, type UserText, text, translate, translator, userText } from '../i18n/index.js';
import { userLocale } from '../chat/locale.js';
import { DEFAULT_STRENGTH, type Strength, offeredStrength } from '../game/strengths.js';
import type { SeenPlayer } from '../game/types.js';
import { type Result, err, ok } from '../lib/result.js';
import { OPT, RULE_OPTIONS } from './definition.js';
import { echo } from '../chat/messages.js';

/** The rules a command names (null: none, the server's default rule set and options apply), or why they cannot be played. */
export type RulesChoice = Result<Variant | null, Text>;

/**
 * The rule set a command names and the options given for it. Options without `rules` change the
 * server's default rules (`serverDefault`: its rule set and options); with neither, null.
 */
export function readRules(interaction: ChatInputCommandInteraction, serverDefault: Variant): RulesChoice {
  const given = RULE_OPTIONS.flatMap(({ ruleset, name, spec }) => {
    const value =
      spec.kind === 'flag'
        ? interaction.options.getBoolean(spec.slashName)
        : interaction.options.getInteger(spec.slashName);
    return value === null ? [] : [{ ruleset, name, slashName: spec.slashName, value }];
  });
  const named = interaction.options.getString(OPT.rules);
  if (named === null && given.length === 0) return ok(null);
  const id = named ?? serverDefault.ruleset;
  if (!isRuleSetId(id)) return err(text('refusal.unknownRules', { name: echo(id) }));
  const options: Record<string, boolean | number> = named === null ? { ...serverDefault.options } : {};
  const foreign: string[] = [];
  for (const { ruleset, name, slashName, value } of given) {
    if (ruleset === id) options[name] = value;
    else foreign.push(slashName);
  }
  if (foreign.length > 0) return err(foreignOptions(id, foreign, userLocale(interaction)));
  const rules = checkRules(id, options);
  if (!rules.ok) return err(optionRefusal(id, rules.error));
  // checkRules accepted these options for this rule set, which is what Variant promises.
  return ok({ ruleset: id, options } as Variant);
}

/**
 * "pawns is not an option of the Dancers rules: pawns, safe_pairs, … are Kendall's; variations is
 * Regency's." The owners' phrases are said in the reader's `locale`, as the whole line will be.
 */
function foreignOptions(id: RuleSetId, foreign: readonly string[], locale: Locale): Text {
  const owners = RULESET_IDS.flatMap((ruleset) => {
    const names = RULE_OPTIONS.filter((o) => o.ruleset === ruleset).map((o) => o.spec.slashName);
    if (names.length === 0) return [];
    const params = {
      names: listWords(names, locale),
      count: names.length,
      rules: rulesetTitle(translator(locale), ruleset),
    };
    return [translate(locale, 'refusal.optionsOwner', params)];
  });
  return text('refusal.foreignOptions', {
    names: listWords(foreign, locale),
    count: foreign.length,
    rules: rulesetTitle(translator(locale), id),
    owners: owners.join('; '),
  });
}

/** "a", "a and b", "a, b and c", in the locale's words. */
function listWords(words: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' }).format(words);
}

export function readStrength(interaction: ChatInputCommandInteraction): Strength {
  return offeredStrength(interaction.options.getString(OPT.strength)) ?? DEFAULT_STRENGTH;
}

/**
 * A user as the interaction shows them, for the service to record: their display name (everywhere)
 * and their nickname in this server, if any. `member` is a GuildMember, or Discord's raw member
 * object (`nick`) where the server is not cached (a server that did not add the bot).
 */
export function playerOf(user: User, member?: GuildMember | null | object): SeenPlayer {
  return { id: user.id, name: user.displayName, nickname: nicknameOf(member) };
}

function nicknameOf(member: GuildMember | null | object | undefined): string | null {
  if (!member) return null;
  const nickname = 'nickname' in member ? member.nickname : 'nick' in member ? member.nick : null;
  return typeof nickname === 'string' && nickname !== '' ? nickname : null;
}

/** The name someone goes by where the interaction is: their nickname in this server, else their display name. */
export function shownName(seen: SeenPlayer): UserText {
  return userText(seen.nickname ?? seen.name);
}

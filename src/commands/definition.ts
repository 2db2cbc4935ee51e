// The /senet slash command: one command, one subcommand per thing a player does. Its JSON is
// what `npm run deploy-commands` registers with Discord, built only when asked for: it is in every
// language, so building it reads all thirty catalogs, which a running bot has no need to hold.
// The rule options are built from each rule set's own option schema (src/engine/rulesets), so a
// new option needs no change here.
// Every description and choice name comes from the catalogs, in every language (localizations.ts);
// names of subcommands and options stay English: they are what players type and the handlers read.
import {
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
} from '@discordjs/builders';
import { ApplicationIntegrationType, InteractionContextType } from 'discord.js';
import { type AnyOptionSpec, RULESET_IDS, type RuleSetId, optionSpecs } from '../engine/index.js';
import { OFFERED_STRENGTHS, type Strength } from '../game/strengths.js';
import type { MessageKey, Translate } from '../i18n/index.js';
import { clip } from '../lib/format.js';
import { MAX_DESCRIPTION, type Words, choice, described, message } from './localizations.js';
import { rulesetSummary, rulesetTitle } from './rulesetWords.js';

/** The command's name, as players type it and the registry routes it. */
export const SENET_COMMAND = 'senet';

/** Option names as players type them, besides the rule options; the parser reads the same constants. */
export const OPT = {
  game: 'game',
  opponent: 'opponent',
  reminders: 'reminders',
  rules: 'rules',
  season: 'season',
  strength: 'strength',
  /** /senet tournament's number. */
  tournament: 'id',
  user: 'user',
} as const;

/** "Kendall: Swap captures, …", cut to the length Discord allows a choice's name. */
const rulesChoiceName =
  (id: RuleSetId): Words =>
  (t) =>
    clip(t('command.rulesChoice', { title: rulesetTitle(t, id), summary: rulesetSummary(t, id) }), MAX_DESCRIPTION);

/** Every rule set's options, each with the rule set it belongs to. */
export const RULE_OPTIONS: readonly { ruleset: RuleSetId; name: string; spec: AnyOptionSpec }[] = RULESET_IDS.flatMap(
  (ruleset) => optionSpecs(ruleset).map(([name, spec]) => ({ ruleset, name, spec })),
);

/**
 * The catalog keys of a rule option's description and (numeric options) choice names: one family
 * per option, enumerated by test/bot/config.test.ts.
 * @internal
 */
export const ruleOptionKeys = (ruleset: RuleSetId, name: string): { description: MessageKey; choice: MessageKey } => ({
  description: `command.ruleOption.${ruleset}.${name}` as MessageKey,
  choice: `command.ruleChoice.${ruleset}.${name}` as MessageKey,
});

/**
 * "Kendall only: pawns per side (7 also fills squares 11-14); default 5".
 * @internal
 */
export function ruleOptionDescription(t: Translate, ruleset: RuleSetId, name: string, spec: AnyOptionSpec): string {
  const byDefault = spec.kind === 'flag' ? (spec.default ? 'on' : 'off') : spec.default;
  return t(ruleOptionKeys(ruleset, name).description, { ruleset: rulesetTitle(t, ruleset), default: byDefault });
}

export function addRules(sub: SlashCommandSubcommandBuilder, description: MessageKey): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    described(o.setName(OPT.rules), message(description)).addChoices(
      ...RULESET_IDS.map((id) => choice(rulesChoiceName(id), id)),
    ),
  );
}

export function addRuleOptions(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  for (const { ruleset, name, spec } of RULE_OPTIONS) {
    const description: Words = (t) => ruleOptionDescription(t, ruleset, name, spec);
    if (spec.kind === 'flag') {
      sub.addBooleanOption((o) => described(o.setName(spec.slashName), description));
    } else {
      const key = ruleOptionKeys(ruleset, name).choice;
      const choices = spec.choices.map((value) => choice((t) => t(key, { value }), value));
      sub.addIntegerOption((o) => described(o.setName(spec.slashName), description).addChoices(...choices));
    }
  }
  return sub;
}

/** A strength's name in a language ("medium"); the choice's value stays the English identifier. */
export const strengthName = (t: Translate, strength: Strength): string =>
  t(`command.strength.${strength}` as MessageKey);

function addStrength(sub: SlashCommandSubcommandBuilder, description: MessageKey): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    described(o.setName(OPT.strength), message(description)).addChoices(
      ...OFFERED_STRENGTHS.map((strength) => choice((t) => strengthName(t, strength), strength)),
    ),
  );
}

/** The /senet command, in every language (for deploy-commands and the tests). */
export const senetCommand = (): SlashCommandSubcommandsOnlyBuilder =>
  described(new SlashCommandBuilder().setName(SENET_COMMAND), message('command.description'))
    // Both installs: to a server (the bot joins it), and to a user's account (the command follows them
    // into DMs, group DMs and servers without the bot; src/chat/interactionPlace.ts says what works where).
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel)
    .addSubcommand((sub) =>
      addRuleOptions(
        addStrength(
          addRules(
            described(sub.setName('challenge'), message('command.challenge.description')).addUserOption((o) =>
              described(o.setName(OPT.opponent), message('command.challenge.opponent')).setRequired(true),
            ),
            'command.rulesToPlay',
          ),
          'command.challenge.strength',
        ),
      ),
    )
    .addSubcommand((sub) =>
      addRuleOptions(
        addStrength(
          addRules(described(sub.setName('play'), message('command.play.description')), 'command.rulesToPlay'),
          'command.play.strength',
        ),
      ),
    )
    .addSubcommand((sub) =>
      addRules(described(sub.setName('rules'), message('command.rules.description')), 'command.rules.rules'),
    )
    .addSubcommand((sub) =>
      addRules(
        described(sub.setName('leaderboard'), message('command.leaderboard.description')),
        'command.leaderboard.rules',
      ).addIntegerOption((o) => described(o.setName(OPT.season), message('command.leaderboard.season')).setMinValue(1)),
    )
    .addSubcommand((sub) =>
      described(sub.setName('stats'), message('command.stats.description')).addUserOption((o) =>
        described(o.setName(OPT.user), message('command.stats.user')),
      ),
    )
    .addSubcommand((sub) =>
      described(sub.setName('history'), message('command.history.description')).addUserOption((o) =>
        described(o.setName(OPT.user), message('command.history.user')),
      ),
    )
    .addSubcommand((sub) =>
      described(sub.setName('resign'), message('command.resign.description')).addIntegerOption((o) =>
        described(o.setName(OPT.game), message('command.resign.game')).setMinValue(1).setAutocomplete(true),
      ),
    )
    .addSubcommand((sub) =>
      described(sub.setName('replay'), message('command.replay.description')).addIntegerOption((o) =>
        described(o.setName(OPT.game), message('command.replay.game')).setMinValue(1).setAutocomplete(true),
      ),
    )
    .addSubcommand((sub) =>
      described(sub.setName('verify'), message('command.verify.description')).addIntegerOption((o) =>
        described(o.setName(OPT.game), message('command.verify.game'))
          .setMinValue(1)
          .setRequired(true)
          .setAutocomplete(true),
      ),
    )
    .addSubcommand((sub) =>
      described(sub.setName('settings'), message('command.settings.description')).addStringOption((o) =>
        described(o.setName(OPT.reminders), message('command.settings.reminders')).addChoices(
          choice(message('command.settings.remindersOn'), 'on'),
          choice(message('command.settings.remindersOff'), 'off'),
        ),
      ),
    )
    .addSubcommand((sub) => described(sub.setName('privacy'), message('command.privacy.description')))
    .addSubcommand((sub) =>
      described(sub.setName('tournament'), message('command.tournament.description')).addIntegerOption((o) =>
        described(o.setName(OPT.tournament), message('command.tournament.id')).setMinValue(1),
      ),
    )
    .addSubcommand((sub) => described(sub.setName('help'), message('command.help.description')));

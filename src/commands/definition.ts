// The /senet slash command: one command, one subcommand per thing a player does. Its JSON is
// what `npm run deploy-commands` registers with Discord. The rule options are built from each
// rule set's own option schema (src/engine/rulesets), so a new option needs no change here.
import {
  ApplicationIntegrationType,
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { type AnyOptionSpec, RULESETS, RULESET_IDS, type RuleSetId, optionSpecs } from '../engine/index.js';
import { OFFERED_STRENGTHS } from '../game/strengths.js';

export const COMMAND_NAME = 'senet';

/** Option names as players type them, besides the rule options; the parser reads the same constants. */
export const OPT = {
  game: 'game',
  opponent: 'opponent',
  reminders: 'reminders',
  rules: 'rules',
  season: 'season',
  strength: 'strength',
  user: 'user',
} as const;

const DEFAULT_RULES_WORDS = "Which rules to play (default: this server's, Kendall unless an admin chose others)";

/** Discord's limit on a description, and on a choice's name. */
const MAX_DESCRIPTION = 100;

const RULES_CHOICES = RULESET_IDS.map((id) => ({
  name: `${RULESETS[id].title}: ${RULESETS[id].summary}`.slice(0, MAX_DESCRIPTION),
  value: id,
}));

/** Every rule set's options, each with the rule set it belongs to. */
export const RULE_OPTIONS: readonly { ruleset: RuleSetId; name: string; spec: AnyOptionSpec }[] = RULESET_IDS.flatMap(
  (ruleset) => optionSpecs(ruleset).map(([name, spec]) => ({ ruleset, name, spec })),
);

/** "Kendall only: pawns per side (7 also fills squares 11-14); default 5". */
export function ruleOptionDescription(ruleset: RuleSetId, spec: AnyOptionSpec): string {
  const byDefault = spec.kind === 'flag' ? (spec.default ? 'on' : 'off') : String(spec.default);
  return `${RULESETS[ruleset].title} only: ${spec.description}; default ${byDefault}`;
}

export function addRules(sub: SlashCommandSubcommandBuilder, description: string): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    o
      .setName(OPT.rules)
      .setDescription(description)
      .addChoices(...RULES_CHOICES),
  );
}

export function addRuleOptions(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  for (const { ruleset, spec } of RULE_OPTIONS) {
    const description = ruleOptionDescription(ruleset, spec);
    if (spec.kind === 'flag') {
      sub.addBooleanOption((o) => o.setName(spec.slashName).setDescription(description));
    } else {
      const choices = spec.choices.map((value) => ({ name: spec.words(value), value }));
      sub.addIntegerOption((o) =>
        o
          .setName(spec.slashName)
          .setDescription(description)
          .addChoices(...choices),
      );
    }
  }
  return sub;
}

function addStrength(sub: SlashCommandSubcommandBuilder, description: string): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    o
      .setName(OPT.strength)
      .setDescription(description)
      .addChoices(...OFFERED_STRENGTHS.map((strength) => ({ name: strength, value: strength }))),
  );
}

export const senetCommand = new SlashCommandBuilder()
  .setName(COMMAND_NAME)
  .setDescription('Play Senet, the board game of ancient Egypt')
  // Both installs: to a server (the bot joins it), and to a user's account (the command follows them
  // into DMs, group DMs and servers without the bot; src/commands/contexts.ts says what works where).
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel)
  .addSubcommand((sub) =>
    addRuleOptions(
      addStrength(
        addRules(
          sub
            .setName('challenge')
            .setDescription('Challenge someone (or the bot) to a game of Senet')
            .addUserOption((o) => o.setName(OPT.opponent).setDescription('Who you want to play').setRequired(true)),
          DEFAULT_RULES_WORDS,
        ),
        'Only when challenging the bot: how well it plays (default medium)',
      ),
    ),
  )
  .addSubcommand((sub) =>
    addRuleOptions(
      addStrength(
        addRules(sub.setName('play').setDescription('Play a game against the bot'), DEFAULT_RULES_WORDS),
        'How well the bot plays (default medium)',
      ),
    ),
  )
  .addSubcommand((sub) =>
    addRules(
      sub.setName('rules').setDescription('How a rule set is played, with its starting board'),
      'Which rules to explain (default: list them all)',
    ),
  )
  .addSubcommand((sub) =>
    addRules(
      sub.setName('leaderboard').setDescription("This server's best players this season"),
      'Only games with these rules',
    ).addIntegerOption((o) =>
      o.setName(OPT.season).setDescription('Which season (default: the current one)').setMinValue(1),
    ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('stats')
      .setDescription('Rating, wins and losses of a player')
      .addUserOption((o) => o.setName(OPT.user).setDescription('Whose stats (default: yours)')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('history')
      .setDescription("A player's recent games")
      .addUserOption((o) => o.setName(OPT.user).setDescription('Whose games (default: yours)')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('resign')
      .setDescription('Resign your game here (in its thread, or started in this channel)')
      .addIntegerOption((o) =>
        o
          .setName(OPT.game)
          .setDescription('Which game, when you have several here (lists them)')
          .setMinValue(1)
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('replay')
      .setDescription('An animated replay of a game, with its win-chance chart and turning points')
      .addIntegerOption((o) =>
        o
          .setName(OPT.game)
          .setDescription('Which game (your recent games here; default: your last finished game)')
          .setMinValue(1)
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('settings')
      .setDescription('Your own settings, the same in every server (no option: show them)')
      .addStringOption((o) =>
        o
          .setName(OPT.reminders)
          .setDescription('Whether I ping you when a turn of yours has waited a while')
          .addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }),
      ),
  )
  .addSubcommand((sub) => sub.setName('help').setDescription('How to play Senet with this bot'));

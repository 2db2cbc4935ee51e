// The /senet slash command: one command, one subcommand per thing a player does. Its JSON is
// what `npm run deploy-commands` registers with Discord.
import { InteractionContextType, SlashCommandBuilder, type SlashCommandSubcommandBuilder } from 'discord.js';
import { RULESETS, RULESET_IDS } from '../engine/index.js';

export const COMMAND_NAME = 'senet';

/** Option names as players type them; the parser in options.ts reads the same constants. */
export const OPT = {
  opponent: 'opponent',
  rules: 'rules',
  strength: 'strength',
  pawns: 'pawns',
  safePairs: 'safe_pairs',
  blockingThrees: 'blocking_threes',
  lastRowBearOff: 'last_row_bear_off',
  variations: 'variations',
  user: 'user',
} as const;

const RULES_CHOICES = RULESET_IDS.map((id) => ({
  name: `${RULESETS[id].title}: ${RULESETS[id].summary}`.slice(0, 100),
  value: id,
}));

function addRules(sub: SlashCommandSubcommandBuilder, description: string): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    o
      .setName(OPT.rules)
      .setDescription(description)
      .addChoices(...RULES_CHOICES),
  );
}

/** Kendall's options and Regency's variations; the descriptions say what each changes in play. */
function addRuleOptions(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub
    .addIntegerOption((o) =>
      o
        .setName(OPT.pawns)
        .setDescription('Kendall only: pawns per side (default 5; 7 also fills squares 11-14)')
        .addChoices({ name: '5 pawns', value: 5 }, { name: '7 pawns', value: 7 }),
    )
    .addBooleanOption((o) =>
      o.setName(OPT.safePairs).setDescription('Kendall only: two pawns side by side cannot be attacked (default on)'),
    )
    .addBooleanOption((o) =>
      o.setName(OPT.blockingThrees).setDescription('Kendall only: three pawns in a row cannot be passed (default on)'),
    )
    .addBooleanOption((o) =>
      o
        .setName(OPT.lastRowBearOff)
        .setDescription('Kendall only: bear off only once all your pawns are on the last row (default on)'),
    )
    .addBooleanOption((o) =>
      o
        .setName(OPT.variations)
        .setDescription(
          'Regency only: its rule variations (exact landing on 26, water to 15, exact exits; default off)',
        ),
    );
}

function addStrength(sub: SlashCommandSubcommandBuilder, description: string): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    o
      .setName(OPT.strength)
      .setDescription(description)
      .addChoices(
        { name: 'easy', value: 'easy' },
        { name: 'medium', value: 'medium' },
        { name: 'hard', value: 'hard' },
        { name: 'expert', value: 'expert' },
      ),
  );
}

export const senetCommand = new SlashCommandBuilder()
  .setName(COMMAND_NAME)
  .setDescription('Play Senet, the board game of ancient Egypt')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    addRuleOptions(
      addStrength(
        addRules(
          sub
            .setName('challenge')
            .setDescription('Challenge someone (or the bot) to a game of Senet')
            .addUserOption((o) => o.setName(OPT.opponent).setDescription('Who you want to play').setRequired(true)),
          'Which rules to play (default Kendall)',
        ),
        'Only when challenging the bot: how well it plays (default medium)',
      ),
    ),
  )
  .addSubcommand((sub) =>
    addRuleOptions(
      addStrength(
        addRules(
          sub.setName('play').setDescription('Play a game against the bot'),
          'Which rules to play (default Kendall)',
        ),
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
    addRules(sub.setName('leaderboard').setDescription("This server's best players"), 'Only games with these rules'),
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
  .addSubcommand((sub) => sub.setName('resign').setDescription('Resign your game in this channel'))
  .addSubcommand((sub) => sub.setName('help').setDescription('How to play Senet with this bot'));

// The /senet-admin slash command: a server's settings and leaderboard seasons. Its own command
// because Discord sets a default permission per command, not per subcommand: registered with
// Manage Server, so only admins see it unless the server changes that (the service checks again).
import type { Locale } from '../i18n/index.js';
import {
  ChannelType,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { SETTING_RANGES } from '../game/settings.js';
import { addRuleOptions, addRules } from './definition.js';

export const ADMIN_COMMAND_NAME = 'senet-admin';

/** Option names of `/senet-admin settings`; the handler reads the same constants. */
export const ADMIN_OPT = {
  threads: 'threads',
  addChannel: 'add_channel',
  removeChannel: 'remove_channel',
  clearChannels: 'clear_channels',
  challengeTimeout: 'challenge_timeout',
  turnTimeout: 'turn_timeout',
  reminderDelay: 'reminder_delay',
  maxGames: 'max_games',
  rated: 'rated',
  language: 'language',
  reset: 'reset',
} as const;

/** The `language` choices: each language named in itself, and following the server's Discord language. */
export const LANGUAGE_CHOICES = [
  { name: "the server's Discord language", value: 'auto' },
  { name: 'English', value: 'en' },
  { name: 'Deutsch', value: 'de' },
  { name: 'Français', value: 'fr' },
  { name: 'Español', value: 'es' },
  { name: 'Português (Brasil)', value: 'pt-BR' },
] as const satisfies readonly { name: string; value: Locale | 'auto' }[];

/** The `reset` choices: a setting's name as admins see it, and the stored key. */
export const RESET_CHOICES = [
  { name: 'all settings', value: 'all' },
  { name: 'default rules', value: 'defaultVariant' },
  { name: 'threads', value: 'threads' },
  { name: 'channels', value: 'channels' },
  { name: 'challenge timeout', value: 'challengeTtlMs' },
  { name: 'turn timeout', value: 'turnTtlMs' },
  { name: 'reminder delay', value: 'reminderDelayMs' },
  { name: 'max games per player', value: 'maxGamesPerPlayer' },
  { name: 'rated games', value: 'rated' },
  { name: 'language', value: 'language' },
] as const;

const PLAYABLE_CHANNELS = [ChannelType.GuildText, ChannelType.GuildAnnouncement] as const;

function addMinutes(
  sub: SlashCommandSubcommandBuilder,
  name: string,
  description: string,
  range: { min: number; max: number },
): SlashCommandSubcommandBuilder {
  return sub.addIntegerOption((o) =>
    o.setName(name).setDescription(description).setMinValue(range.min).setMaxValue(range.max),
  );
}

function settingsSubcommand(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  const withRules = addRules(
    sub.setName('settings').setDescription("Show this server's Senet settings, or change those you give"),
    'The rule set challenges play when they name none',
  );
  addRuleOptions(withRules)
    .addBooleanOption((o) => o.setName(ADMIN_OPT.threads).setDescription('Each game in a thread of its own'))
    .addChannelOption((o) =>
      o
        .setName(ADMIN_OPT.addChannel)
        .setDescription('Let the bot play in this channel (with none listed it plays everywhere)')
        .addChannelTypes(...PLAYABLE_CHANNELS),
    )
    .addChannelOption((o) =>
      o
        .setName(ADMIN_OPT.removeChannel)
        .setDescription('Take this channel off the list of channels the bot plays in')
        .addChannelTypes(...PLAYABLE_CHANNELS),
    )
    .addBooleanOption((o) =>
      o.setName(ADMIN_OPT.clearChannels).setDescription('Empty the channel list: the bot plays in every channel'),
    );
  addMinutes(
    withRules,
    ADMIN_OPT.challengeTimeout,
    'Minutes a challenge waits for an answer',
    SETTING_RANGES.challengeTimeoutMinutes,
  );
  addMinutes(
    withRules,
    ADMIN_OPT.turnTimeout,
    'Minutes a player may take to act before forfeiting',
    SETTING_RANGES.turnTimeoutMinutes,
  );
  addMinutes(
    withRules,
    ADMIN_OPT.reminderDelay,
    'Minutes a turn waits before its player is reminded (0: no reminders)',
    SETTING_RANGES.reminderDelayMinutes,
  );
  return withRules
    .addIntegerOption((o) =>
      o
        .setName(ADMIN_OPT.maxGames)
        .setDescription('The most games a player may play at once on this server')
        .setMinValue(SETTING_RANGES.maxGamesPerPlayer.min)
        .setMaxValue(SETTING_RANGES.maxGamesPerPlayer.max),
    )
    .addBooleanOption((o) => o.setName(ADMIN_OPT.rated).setDescription('Whether games between people change ratings'))
    .addStringOption((o) =>
      o
        .setName(ADMIN_OPT.language)
        .setDescription("The language of the bot's public messages here (challenges, boards, results)")
        .addChoices(...LANGUAGE_CHOICES),
    )
    .addStringOption((o) =>
      o
        .setName(ADMIN_OPT.reset)
        .setDescription("Back to the bot's default for a setting (or all)")
        .addChoices(...RESET_CHOICES),
    );
}

export const adminCommand = new SlashCommandBuilder()
  .setName(ADMIN_COMMAND_NAME)
  .setDescription('Senet server settings and leaderboard seasons (Manage Server)')
  .setContexts(InteractionContextType.Guild)
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .addSubcommand(settingsSubcommand)
  .addSubcommand((sub) =>
    sub.setName('new-season').setDescription("Close this season's leaderboard and start the next: ratings start again"),
  );

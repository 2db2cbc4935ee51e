// The /senet-admin slash command: a server's settings and leaderboard seasons. Its own command
// because Discord sets a default permission per command, not per subcommand: registered with
// Manage Server, so only admins see it unless the server changes that (the service checks again).
import type { Locale, MessageKey } from '../i18n/index.js';
import {
  ChannelType,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { SETTING_KEYS, SETTING_RANGES, type SettingKey } from '../game/settings.js';
import { addRuleOptions, addRules } from './definition.js';
import { choice, described, message } from './localizations.js';
import { tournamentGroup } from './tournamentAdminDefinition.js';

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

/**
 * The `language` choices: each language named in itself (the same in every language, so a reader
 * finds their own), and following the server's Discord language, which is translated.
 */
export const LANGUAGE_CHOICES = [
  choice(message('command.admin.language.auto'), 'auto'),
  { name: 'English', value: 'en' },
  { name: 'Deutsch', value: 'de' },
  { name: 'Français', value: 'fr' },
  { name: 'Español', value: 'es' },
  { name: 'Português (Brasil)', value: 'pt-BR' },
] as const satisfies readonly { name: string; value: Locale | 'auto' }[];

/** The `reset` choices: the stored key of each setting (or all), named as admins see it. */
const RESETTABLE: readonly (SettingKey | 'all')[] = ['all', ...SETTING_KEYS];

export const RESET_CHOICES = RESETTABLE.map((value) => choice(message(`command.admin.reset.${value}`), value));

const PLAYABLE_CHANNELS = [ChannelType.GuildText, ChannelType.GuildAnnouncement] as const;

function addMinutes(
  sub: SlashCommandSubcommandBuilder,
  name: string,
  description: MessageKey,
  range: { min: number; max: number },
): SlashCommandSubcommandBuilder {
  return sub.addIntegerOption((o) =>
    described(o.setName(name), message(description)).setMinValue(range.min).setMaxValue(range.max),
  );
}

function settingsSubcommand(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  const withRules = addRules(
    described(sub.setName('settings'), message('command.admin.settings.description')),
    'command.admin.settings.rules',
  );
  addRuleOptions(withRules)
    .addBooleanOption((o) => described(o.setName(ADMIN_OPT.threads), message('command.admin.settings.threads')))
    .addChannelOption((o) =>
      described(o.setName(ADMIN_OPT.addChannel), message('command.admin.settings.addChannel')).addChannelTypes(
        ...PLAYABLE_CHANNELS,
      ),
    )
    .addChannelOption((o) =>
      described(o.setName(ADMIN_OPT.removeChannel), message('command.admin.settings.removeChannel')).addChannelTypes(
        ...PLAYABLE_CHANNELS,
      ),
    )
    .addBooleanOption((o) =>
      described(o.setName(ADMIN_OPT.clearChannels), message('command.admin.settings.clearChannels')),
    );
  addMinutes(
    withRules,
    ADMIN_OPT.challengeTimeout,
    'command.admin.settings.challengeTimeout',
    SETTING_RANGES.challengeTimeoutMinutes,
  );
  addMinutes(withRules, ADMIN_OPT.turnTimeout, 'command.admin.settings.turnTimeout', SETTING_RANGES.turnTimeoutMinutes);
  addMinutes(
    withRules,
    ADMIN_OPT.reminderDelay,
    'command.admin.settings.reminderDelay',
    SETTING_RANGES.reminderDelayMinutes,
  );
  return withRules
    .addIntegerOption((o) =>
      described(o.setName(ADMIN_OPT.maxGames), message('command.admin.settings.maxGames'))
        .setMinValue(SETTING_RANGES.maxGamesPerPlayer.min)
        .setMaxValue(SETTING_RANGES.maxGamesPerPlayer.max),
    )
    .addBooleanOption((o) => described(o.setName(ADMIN_OPT.rated), message('command.admin.settings.rated')))
    .addStringOption((o) =>
      described(o.setName(ADMIN_OPT.language), message('command.admin.settings.language')).addChoices(
        ...LANGUAGE_CHOICES,
      ),
    )
    .addStringOption((o) =>
      described(o.setName(ADMIN_OPT.reset), message('command.admin.settings.reset')).addChoices(...RESET_CHOICES),
    );
}

export const adminCommand = described(
  new SlashCommandBuilder().setName(ADMIN_COMMAND_NAME),
  message('command.admin.description'),
)
  .setContexts(InteractionContextType.Guild)
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .addSubcommand(settingsSubcommand)
  .addSubcommand((sub) => described(sub.setName('new-season'), message('command.admin.newSeason.description')))
  .addSubcommandGroup(tournamentGroup);

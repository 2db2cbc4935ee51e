// The /senet-admin slash command: a server's settings, leaderboard seasons and stored data. Its own command
// because Discord sets a default permission per command, not per subcommand: registered with
// Manage Server, so only admins see it unless the server changes that (the service checks again).
// Built only when asked for (deploy-commands, the tests), as /senet is: it is in every language.
import {
  ChannelType,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
} from 'discord.js';
import { SERVER_SETTINGS, type SettingKey } from '../game/settingSpecs.js';
import { addRuleOptions, addRules } from './definition.js';
import { choice, described, message } from './localizations.js';
import { tournamentGroup } from './tournamentAdminDefinition.js';

/** The command's name, as admins type it and the registry routes it. */
export const ADMIN_COMMAND = 'senet-admin';

/** The `reset` option of `/senet-admin settings`: back to the default for one setting, or all. */
export const RESET_OPTION = 'reset';

/** What the `reset` option may say: the stored key of each setting, or all. */
export const RESET_VALUES: readonly (SettingKey | 'all')[] = ['all', ...SERVER_SETTINGS.map((spec) => spec.key)];

/**
 * The `reset` choices: each of RESET_VALUES, named as admins see it.
 * @internal
 */
export const resetChoices = (): { name: string; value: SettingKey | 'all' }[] => [
  choice(message('command.admin.reset.all'), 'all'),
  ...SERVER_SETTINGS.map((spec) => choice(message(spec.resetLabel), spec.key)),
];

const PLAYABLE_CHANNELS = [ChannelType.GuildText, ChannelType.GuildAnnouncement] as const;

/** One option (three for the channel list) per server setting, as its spec declares it. */
function addSettingOptions(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  for (const spec of SERVER_SETTINGS) {
    switch (spec.kind) {
      case 'rules':
        addRuleOptions(addRules(sub, spec.description));
        break;
      case 'flag':
        sub.addBooleanOption((o) => described(o.setName(spec.option), message(spec.description)));
        break;
      case 'minutes':
      case 'count':
        sub.addIntegerOption((o) =>
          described(o.setName(spec.option), message(spec.description))
            .setMinValue(spec.range.min)
            .setMaxValue(spec.range.max),
        );
        break;
      case 'language':
        sub.addStringOption((o) =>
          // Suggested as the admin types (src/commands/languageOption.ts): Discord allows 25 choices.
          described(o.setName(spec.option), message(spec.description)).setAutocomplete(true),
        );
        break;
      case 'channels':
        for (const part of ['add', 'remove'] as const)
          sub.addChannelOption((o) =>
            described(o.setName(spec.options[part]), message(spec.descriptions[part])).addChannelTypes(
              ...PLAYABLE_CHANNELS,
            ),
          );
        sub.addBooleanOption((o) => described(o.setName(spec.options.clear), message(spec.descriptions.clear)));
        break;
    }
  }
  return sub;
}

function settingsSubcommand(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return addSettingOptions(
    described(sub.setName('settings'), message('command.admin.settings.description')),
  ).addStringOption((o) =>
    described(o.setName(RESET_OPTION), message('command.admin.settings.reset')).addChoices(...resetChoices()),
  );
}

/** The /senet-admin command, in every language (for deploy-commands and the tests). */
export const adminCommand = (): SlashCommandSubcommandsOnlyBuilder =>
  described(new SlashCommandBuilder().setName(ADMIN_COMMAND), message('command.admin.description'))
    .setContexts(InteractionContextType.Guild)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand(settingsSubcommand)
    .addSubcommand((sub) => described(sub.setName('new-season'), message('command.admin.newSeason.description')))
    .addSubcommand((sub) => described(sub.setName('data'), message('command.admin.data.description')))
    .addSubcommandGroup(tournamentGroup);

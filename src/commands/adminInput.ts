// Who asks an admin's question: /senet-admin's subcommands and the buttons of their answers.
import { type ButtonInteraction, type ChatInputCommandInteraction, PermissionFlagsBits } from 'discord.js';
import type { AdminInput } from '../game/service.js';

/** Who asks, with the permission Discord reports for them in this channel (the command's or the click's). */
export function adminInput(interaction: ChatInputCommandInteraction | ButtonInteraction): AdminInput {
  return {
    guildId: interaction.guildId ?? '',
    userId: interaction.user.id,
    canManageServer: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
  };
}

// /senet settings: a player's own choices, the same in every server (today: turn reminders).
// Answered privately; with no option it shows the choices in force.
import type { ChatInputCommandInteraction } from 'discord.js';
import type { CommandContext } from './commandContext.js';
import { OPT } from './definition.js';
import type { Subcommand } from './declarations.js';
import { type Text, text } from '../i18n/index.js';

async function settings(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const userId = interaction.user.id;
  const choice = interaction.options.getString(OPT.reminders);
  if (choice !== 'on' && choice !== 'off') {
    return ctx.answers.replyPrivately(interaction, remindersText(await ctx.service.reminders.isOn(userId), false));
  }
  const saved = await ctx.service.reminders.set(userId, choice === 'on');
  if (!saved.ok) return ctx.answers.replyPrivately(interaction, saved.error.message);
  await ctx.answers.replyPrivately(interaction, remindersText(saved.value, true));
}

/** Private, and the same everywhere. */
export const settingsSubcommand: Subcommand = { name: 'settings', run: settings, posts: false };

/** What a player is told about their reminders, now or just changed. */
function remindersText(on: boolean, changed: boolean): Text {
  const now = changed ? 'changed' : 'shown';
  return text(on ? 'settings.remindersOn' : 'settings.remindersOff', { now });
}

// /senet settings: a player's own choices, the same in every server (today: turn reminders).
// Answered privately; with no option it shows the choices in force.
import type { ChatInputCommandInteraction } from 'discord.js';
import type { CommandContext } from './context.js';
import { OPT } from './definition.js';
import { replyPrivately } from './replies.js';

export async function settings(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const userId = interaction.user.id;
  const choice = interaction.options.getString(OPT.reminders);
  if (choice !== 'on' && choice !== 'off') {
    return replyPrivately(interaction, remindersText(ctx.service.remindersOn(userId), false));
  }
  const saved = ctx.service.setReminders(userId, choice === 'on');
  if (!saved.ok) return replyPrivately(interaction, saved.error.message);
  await replyPrivately(interaction, remindersText(saved.value, true));
}

/** What a player is told about their reminders, now or just changed. */
export function remindersText(on: boolean, changed: boolean): string {
  const state = `Turn reminders are ${changed ? 'now ' : ''}**${on ? 'on' : 'off'}** for you, in every server.`;
  return on
    ? `${state} When a turn of yours has waited a while, I ping you in the game's channel (and once more shortly before the turn times out); \`/senet settings reminders:off\` stops that.`
    : `${state} I will not ping you when it is your turn (the turn timeout still applies); \`/senet settings reminders:on\` turns them back on.`;
}

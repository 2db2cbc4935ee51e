// The tournament message's Join and Leave buttons: the message is updated in place with the new
// list (or table); a refusal (full, started, twice, not on the tournament's message) is a private
// line.
import type { ButtonInteraction } from 'discord.js';
import type { CommandContext } from './commandContext.js';
import { playerOf } from './options.js';
import type { Buttons } from './declarations.js';
import { showUpdate } from '../chat/replies.js';
import { tournamentMessage } from './tournamentMessages.js';

async function tournamentButton(
  interaction: ButtonInteraction,
  ctx: CommandContext,
  kind: 'join' | 'leave',
  tournamentId: number,
): Promise<void> {
  const input = {
    tournamentId,
    guildId: interaction.guildId ?? '',
    player: playerOf(interaction.user, interaction.member),
    // The change redraws the clicked message: it must be the tournament's own (a custom id can be forged).
    messageId: interaction.message.id,
  };
  if (kind === 'join') {
    const joined = await ctx.service.tournaments.join(input);
    if (!joined.ok) return ctx.answers.replyPrivately(interaction, joined.error.message);
    await showUpdate(interaction, tournamentMessage(joined.value), ctx);
    await ctx.service.tournaments.recordShown(tournamentId, joined.value.version);
    return;
  }
  const left = await ctx.service.tournaments.leave(input);
  if (!left.ok) return ctx.answers.replyPrivately(interaction, left.error.message);
  await showUpdate(interaction, tournamentMessage(left.value.tournament), ctx);
  await ctx.service.tournaments.recordShown(tournamentId, left.value.tournament.version);
  // A game given up by leaving: its board says so.
  for (const view of left.value.ended) await ctx.messages.show({ kind: 'game', view });
}

/** Both update the tournament message in the channel. */
export const TOURNAMENT_BUTTONS: Pick<Buttons, 'join' | 'leave'> = {
  join: { run: (interaction, ctx, id) => tournamentButton(interaction, ctx, id.kind, id.tournamentId), posts: true },
  leave: { run: (interaction, ctx, id) => tournamentButton(interaction, ctx, id.kind, id.tournamentId), posts: true },
};

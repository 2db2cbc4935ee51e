// Button clicks, routed by custom id alone (no collectors), so they keep working after a restart.
// The service decides who may click what; a refusal is a short private explanation.
import type { ButtonInteraction } from 'discord.js';
import type { CommandContext } from './context.js';
import { decodeButtonId } from './customIds.js';
import { challengeMessage, gameMessage } from './messages.js';
import { replayButton } from './replay.js';
import { acknowledgedInTime, postChallengeOrGame, replyPrivately, showUpdate } from './replies.js';

export async function handleButton(interaction: ButtonInteraction, ctx: CommandContext): Promise<void> {
  const id = decodeButtonId(interaction.customId);
  if (!id) {
    await replyPrivately(interaction, 'This button is not one of mine, or it is damaged; nothing happened.');
    return;
  }
  const userId = interaction.user.id;
  switch (id.kind) {
    case 'act': {
      const acting = ctx.service.act({ gameId: id.gameId, userId, version: id.version, action: id.action });
      const outcome = await acknowledgedInTime(interaction, acting, ctx.deferAfterMs, 'update');
      if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
      await showUpdate(interaction, gameMessage(outcome.value), ctx);
      if (outcome.value.botToAct) ctx.scheduleBotTurn(outcome.value.gameId);
      return;
    }
    case 'accept': {
      const accepting = ctx.service.accept({ challengeId: id.challengeId, userId });
      const outcome = await acknowledgedInTime(interaction, accepting, ctx.deferAfterMs, 'update');
      if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
      // The challenge message becomes the game message.
      await showUpdate(interaction, gameMessage(outcome.value), ctx);
      ctx.service.setMessage('game', outcome.value.gameId, interaction.message.id);
      if (outcome.value.botToAct) ctx.scheduleBotTurn(outcome.value.gameId);
      return;
    }
    case 'decline':
    case 'withdraw': {
      const answer = { challengeId: id.challengeId, userId };
      const outcome = id.kind === 'decline' ? ctx.service.decline(answer) : ctx.service.withdraw(answer);
      if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
      await showUpdate(interaction, challengeMessage(outcome.value), ctx);
      return;
    }
    case 'rematch': {
      // A game against the bot is drawn at once: the answer can be slow under load.
      const outcome = await acknowledgedInTime(
        interaction,
        ctx.service.rematch({ gameId: id.gameId, userId, channelId: interaction.channelId }),
        ctx.deferAfterMs,
        'new message',
      );
      if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
      await postChallengeOrGame(interaction, outcome.value, ctx);
      return;
    }
    case 'replay':
      return replayButton(interaction, ctx, id.gameId);
  }
}

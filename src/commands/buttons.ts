// Button clicks, routed by custom id alone (no collectors), so they keep working after a restart.
// The service decides who may click what; a refusal is a short private explanation.
import type { ButtonInteraction } from 'discord.js';
import type { ChallengeMade, Outcome } from '../game/types.js';
import type { CommandContext } from './context.js';
import { decodeButtonId } from './customIds.js';
import { answerWithChallenge, answerWithGame, refreshOutOfDate } from './delivery.js';
import { acknowledgedInTime, postChallengeOrGame, replyPrivately } from './replies.js';

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
      if (!outcome.ok) {
        if (outcome.code === 'stale' || outcome.code === 'finished')
          return refreshOutOfDate(interaction, id.gameId, outcome.message, ctx);
        return replyPrivately(interaction, outcome.message);
      }
      // Shown before the computer's turn is scheduled, so its edits follow this answer.
      await answerWithGame(interaction, outcome.value, ctx);
      if (outcome.value.botToAct) ctx.scheduleBotTurn(outcome.value.gameId);
      return;
    }
    case 'accept': {
      const accepting = ctx.service.accept({ challengeId: id.challengeId, userId });
      const outcome = await acknowledgedInTime(interaction, accepting, ctx.deferAfterMs, 'update');
      if (!outcome.ok) return replyPrivately(interaction, outcome.message);
      // The challenge message becomes the game message (the game inherits its id when it has one).
      const view = outcome.value;
      if (view.messageId !== interaction.message.id)
        ctx.service.setMessage('game', view.gameId, interaction.message.id);
      await answerWithGame(interaction, { ...view, messageId: interaction.message.id }, ctx);
      if (outcome.value.botToAct) ctx.scheduleBotTurn(outcome.value.gameId);
      return;
    }
    case 'decline': {
      const outcome = ctx.service.decline({ challengeId: id.challengeId, userId });
      if (!outcome.ok) return replyPrivately(interaction, outcome.message);
      await answerWithChallenge(interaction, outcome.value, ctx);
      return;
    }
    case 'rematch': {
      // A game against the bot is drawn at once: the answer can be slow under load.
      const outcome = await acknowledgedInTime(
        interaction,
        rematch(id.gameId, interaction, ctx),
        ctx.deferAfterMs,
        'new message',
      );
      if (!outcome.ok) return replyPrivately(interaction, outcome.message);
      await postChallengeOrGame(interaction, outcome.value, ctx);
      return;
    }
  }
}

/** A new challenge between the same players with the same rules, from the clicking player. */
async function rematch(
  gameId: number,
  interaction: ButtonInteraction,
  ctx: CommandContext,
): Promise<Outcome<ChallengeMade>> {
  const found = await ctx.service.game(gameId);
  if (!found.ok) return found;
  const { players, ruleset, options, guildId, botStrength } = found.value;
  const me = [players.W, players.B].find((p) => p.id === interaction.user.id);
  const other = [players.W, players.B].find((p) => p.id !== interaction.user.id);
  if (!me || !other)
    return { ok: false, code: 'forbidden', message: 'Only the two players of this game can ask for a rematch.' };
  const strength = botStrength ?? undefined; // a rematch against the bot keeps its strength
  return ctx.service.challenge({
    guildId,
    channelId: interaction.channelId,
    challenger: me,
    opponent: other,
    ruleset,
    options,
    strength,
  });
}

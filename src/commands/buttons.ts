// Button clicks, routed by custom id alone (no collectors), so they keep working after a restart.
// The service decides who may click what; a refusal is a short private explanation.
import type { ButtonInteraction } from 'discord.js';
import type { CommandContext } from './context.js';
import { decodeButtonId } from './customIds.js';
import { answerWith, refreshOutOfDate } from './delivery.js';
import { privacyButton } from './privacy.js';
import { replayButton } from './replay.js';
import { serverDataButton } from './serverData.js';
import { acknowledgedInTime, postChallengeOrGame, replyPrivately } from './replies.js';
import { parentChannel, placeStarted, threadPlan } from './threads.js';
import { boardShown } from './shown.js';
import { refusedOnChallenge } from './unreachedMessages.js';
import { tournamentButton } from './tournamentButtons.js';
import { ok } from '../game/types.js';
import { text } from '../i18n/index.js';

/**
 * Buttons on a private answer (deleting data): their answers replace that private message, which
 * needs none of the bot's permissions in the channel.
 */
export function answersPrivately(customId: string): boolean {
  const kind = decodeButtonId(customId)?.kind;
  return kind === 'privacy' || kind === 'serverData';
}

export async function handleButton(interaction: ButtonInteraction, ctx: CommandContext): Promise<void> {
  const id = decodeButtonId(interaction.customId);
  if (!id) {
    await replyPrivately(interaction, text('refusal.unknownButton'));
    return;
  }
  const userId = interaction.user.id;
  switch (id.kind) {
    case 'act': {
      // Begun before the commit: a click refused meanwhile waits for this one's board, if it wins.
      const landed = ctx.boardsInFlight.begin(id.gameId);
      try {
        const acting = ctx.service.act({ gameId: id.gameId, userId, version: id.version, action: id.action });
        const outcome = await acknowledgedInTime(interaction, acting, ctx.deferAfterMs, 'update');
        if (!outcome.ok) {
          landed();
          if (outcome.error.code === 'stale' || outcome.error.code === 'finished')
            return await refreshOutOfDate(interaction, id.gameId, outcome.error.message, ctx);
          return await replyPrivately(interaction, outcome.error.message);
        }
        // Shown before the computer's turn is scheduled, so its edits follow this answer.
        await answerWith(interaction, { kind: 'game', view: outcome.value }, ctx);
        if (outcome.value.botToAct) ctx.scheduleBotTurn(outcome.value.gameId);
        return;
      } finally {
        landed();
      }
    }
    case 'accept': {
      const plan = threadPlan(interaction, (await ctx.service.settings(interaction.guildId ?? '')).threads);
      const accepting = ctx.service
        .accept({
          challengeId: id.challengeId,
          userId,
          ownThread: plan.ownThread,
          messageId: interaction.message.id,
          ...parentChannel(interaction),
        })
        .then(async (accepted) => (accepted.ok ? ok(await placeStarted(accepted.value, plan, ctx)) : accepted));
      const outcome = await acknowledgedInTime(interaction, accepting, ctx.deferAfterMs, 'update');
      if (!outcome.ok) return refusedOnChallenge(interaction, id.challengeId, outcome.error, ctx);
      const { view, note } = outcome.value;
      if (view.threadId) {
        // The challenge message points to the thread; the board is posted there.
        await answerWith(interaction, { kind: 'lobby', view }, ctx);
        await ctx.messages.postBoard(view, note);
        return;
      }
      // The challenge message becomes the board.
      await answerWith(interaction, boardShown(view, note), ctx);
      if (view.botToAct) ctx.scheduleBotTurn(view.gameId);
      return;
    }
    case 'decline':
    case 'withdraw': {
      const answer = { challengeId: id.challengeId, userId };
      const outcome = id.kind === 'decline' ? await ctx.service.decline(answer) : await ctx.service.withdraw(answer);
      if (!outcome.ok) return refusedOnChallenge(interaction, id.challengeId, outcome.error, ctx);
      await answerWith(interaction, { kind: 'challenge', view: outcome.value }, ctx);
      return;
    }
    case 'rematch': {
      // A game against the bot is drawn at once: the answer can be slow under load.
      const outcome = await acknowledgedInTime(
        interaction,
        ctx.service.rematch({
          gameId: id.gameId,
          userId,
          channelId: interaction.channelId,
          ...parentChannel(interaction),
        }),
        ctx.deferAfterMs,
        'new message',
      );
      if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
      await postChallengeOrGame(interaction, outcome.value, ctx);
      return;
    }
    case 'replay':
      return replayButton(interaction, ctx, id.gameId);
    case 'privacy':
      return privacyButton(interaction, ctx, id);
    case 'serverData':
      return serverDataButton(interaction, ctx, id);
    case 'join':
    case 'leave':
      return tournamentButton(interaction, ctx, id.kind, id.tournamentId);
  }
}

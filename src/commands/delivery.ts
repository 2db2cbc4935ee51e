// Showing a committed change in the clicked message. The change is already in the database, so
// it must reach the chat even when the answer cannot: then the stored message is edited with the
// bot's own token. And a click on a board the chat shows out of date refreshes it in place.
import type { ButtonInteraction } from 'discord.js';
import type { ChallengeView, GameView } from '../game/types.js';
import type { CommandContext } from './context.js';
import { challengeMessage, gameMessage } from './messages.js';
import { acknowledgedInTime, replyPrivately, showUpdate } from './replies.js';

/** Replaces the clicked message with the game; never rejects. */
export async function answerWithGame(
  interaction: ButtonInteraction,
  view: GameView,
  ctx: CommandContext,
): Promise<void> {
  try {
    await showUpdate(interaction, gameMessage(view), ctx);
    if (interaction.message.id === view.messageId) ctx.service.markShown('game', view.gameId, view.version);
  } catch (err) {
    ctx.log.warn({ err, gameId: view.gameId }, 'the answer did not reach Discord; editing the message instead');
    await ctx.messages.showGame(view);
  }
}

/** Replaces the clicked message with the challenge; never rejects. */
export async function answerWithChallenge(
  interaction: ButtonInteraction,
  view: ChallengeView,
  ctx: CommandContext,
): Promise<void> {
  try {
    await showUpdate(interaction, challengeMessage(view), ctx);
    if (interaction.message.id === view.messageId) ctx.service.markShown('challenge', view.challengeId, view.status);
  } catch (err) {
    ctx.log.warn(
      { err, challengeId: view.challengeId },
      'the answer did not reach Discord; editing the message instead',
    );
    await ctx.messages.showChallenge(view);
  }
}

/** A link that opens a message in Discord. */
export function messageLink(view: Pick<GameView, 'guildId' | 'channelId' | 'messageId'>): string {
  return `https://discord.com/channels/${view.guildId}/${view.channelId}/${view.messageId}`;
}

/**
 * A click refused because its board is out of date (or the game is over). On the game's own
 * message, the message was left behind (a crash, a lost answer): it is brought up to date in
 * place, and a computer turn that never got scheduled is. On an older message, the player is
 * told where the game goes on.
 */
export async function refreshOutOfDate(
  interaction: ButtonInteraction,
  gameId: number,
  refusal: string,
  ctx: CommandContext,
): Promise<void> {
  const found = await acknowledgedInTime(interaction, ctx.service.game(gameId), ctx.deferAfterMs, 'update');
  if (!found.ok) return replyPrivately(interaction, refusal);
  const view = found.value;
  if (view.messageId !== interaction.message.id) {
    const where = view.messageId ? ` The game's current board: ${messageLink(view)}` : '';
    return replyPrivately(interaction, `${refusal}${where}`);
  }
  await answerWithGame(interaction, view, ctx);
  await replyPrivately(
    interaction,
    view.status === 'active'
      ? 'That board was out of date; it now shows the current position. Nothing was played: choose again.'
      : 'That board was out of date; it now shows how the game ended.',
  ).catch((err: unknown) => ctx.log.warn({ err }, 'could not explain the refreshed board'));
  if (view.botToAct) ctx.scheduleBotTurn(view.gameId);
}

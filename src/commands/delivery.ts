// Showing a committed change in the clicked message. The change is already in the database, so
// it must reach the chat even when the answer cannot: then the stored message is edited with the
// bot's own token. And a click on a board the chat shows out of date refreshes it in place.
import type { ButtonInteraction } from 'discord.js';
import type { CommandContext } from './context.js';
import { type Text, say, text } from '../i18n/index.js';
import { userLocale } from './locale.js';
import { rememberAnswer } from './contexts.js';
import { acknowledgedInTime, replyPrivately, showUpdate } from './replies.js';
import { messageLink } from './messages.js';
import { type Shown, idOf, lobbyAfter, markShown, payloadOf, placeOf } from './shown.js';

/**
 * Replaces the clicked message with the game or challenge; never rejects: when the answer cannot
 * reach Discord, the stored message is edited with the bot's token instead.
 */
export async function answerWith(interaction: ButtonInteraction, shown: Shown, ctx: CommandContext): Promise<void> {
  try {
    await showUpdate(interaction, payloadOf(shown), ctx);
    if (interaction.message.id === placeOf(shown).messageId) markShown(ctx.service, shown);
    rememberAnswer(interaction, interaction.message.id, ctx.service);
  } catch (err) {
    const context = { err, kind: shown.kind, id: idOf(shown) };
    ctx.log.warn(context, 'the answer did not reach Discord; editing the message instead');
    await ctx.messages.show(shown);
    return;
  }
  const lobby = lobbyAfter(shown);
  if (lobby) await ctx.messages.show(lobby);
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
  refusal: Text,
  ctx: CommandContext,
): Promise<void> {
  const found = await acknowledgedInTime(interaction, ctx.service.game(gameId), ctx.deferAfterMs, 'update');
  if (!found.ok) return replyPrivately(interaction, refusal);
  const view = found.value;
  if (view.messageId !== interaction.message.id) {
    if (!view.messageId) return replyPrivately(interaction, refusal);
    const said = say(userLocale(interaction), refusal);
    return replyPrivately(interaction, text('refusal.currentBoard', { refusal: said, link: messageLink(view) }));
  }
  await answerWith(interaction, { kind: 'game', view }, ctx);
  await replyPrivately(
    interaction,
    text(view.status === 'active' ? 'refusal.boardRefreshed' : 'refusal.boardRefreshedEnded'),
  ).catch((err: unknown) => ctx.log.warn({ err }, 'could not explain the refreshed board'));
  if (view.botToAct) ctx.scheduleBotTurn(view.gameId);
}

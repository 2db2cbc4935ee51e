// Showing a committed change in the clicked message. The change is already in the database, so
// it must reach the chat even when the answer cannot: then the stored message is edited with the
// bot's own token. And a refused click on a board the database says is behind refreshes it in place;
// on a board that is current, it gets one private line and nothing else. The same goes for a
// challenge that fell behind where only interactions reach the channel.
import type { ButtonInteraction } from 'discord.js';
import type { Standing } from './standingLooks.js';
import type { ServiceError } from '../game/types.js';
import type { ChatContext } from './chatContext.js';
import { type Text, say, text } from '../i18n/index.js';
import { userLocale } from './locale.js';
import { botTokenReaches } from './interactionPlace.js';
import { LATE, showUpdate, within } from './replies.js';
import { messageLink } from './messages.js';
import { type Shown, idOf, lobbyAfter, recordShown, payloadOf, whereShown, rememberAnswer } from './shown.js';

/**
 * Replaces the clicked message with the game or challenge; never rejects: when the answer cannot
 * reach Discord, the stored message is edited with the bot's token instead.
 */
export function answerWith(interaction: ButtonInteraction, shown: Shown, ctx: ChatContext): Promise<void> {
  return ctx.boardsInFlight.trackShown(shown, answer(interaction, shown, ctx));
}

async function answer(interaction: ButtonInteraction, shown: Shown, ctx: ChatContext): Promise<void> {
  let sent: boolean;
  try {
    sent = await showInTurn(interaction, shown, ctx);
  } catch (err) {
    ctx.log.warn(
      { err, kind: shown.kind, id: idOf(shown) },
      'the answer did not reach Discord; editing the message instead',
    );
    await ctx.messages.show(shown);
    return;
  }
  try {
    if (sent && interaction.message.id === whereShown(shown).messageId) await recordShown(ctx.service, shown);
    await rememberAnswer(interaction, interaction.message.id, ctx.service);
  } catch (err) {
    // Shown, but the database did not take the record (it is away): once it answers again, the
    // board is shown and recorded afresh, so no start-up or click takes it for one left behind.
    ctx.log.warn(
      { err, kind: shown.kind, id: idOf(shown) },
      'the answer reached Discord, but recording what the message shows failed; recorded again later',
    );
    if (shown.kind === 'game') ctx.messages.showLater(shown.view.gameId);
  }
  const lobby = lobbyAfter(shown);
  if (lobby) await ctx.messages.show(lobby);
}

/**
 * Replaces the clicked message with `shown`; a game's board in its message's turn (an edit with the
 * bot's token may be on its way there: src/chat/boardsInFlight.ts), deferring the click if that
 * takes long. A board overtaken meanwhile by a newer one only acknowledges the click. Resolves to
 * whether it was shown.
 */
async function showInTurn(interaction: ButtonInteraction, shown: Shown, ctx: ChatContext): Promise<boolean> {
  const payload = payloadOf(shown, ctx.offered);
  if (shown.kind !== 'game') {
    await showUpdate(interaction, payload, ctx);
    return true;
  }
  const sent = await ctx.boardsInFlight.deliver(
    interaction.message.id,
    shown.view.version,
    () => showUpdate(interaction, payload, ctx),
    (turn) => ctx.answers.acknowledgedInTime(interaction, turn, ctx.deferAfterMs, 'update'),
  );
  if (!sent && !interaction.deferred && !interaction.replied) await interaction.deferUpdate();
  return sent;
}

/**
 * A click refused because its board is out of date (or the game is over). Once the boards in flight
 * have landed (the winning click's answer, the computer's edit), the database says whether the
 * clicked message is behind. Current (a double click, the losers of a burst): one private line,
 * nothing redrawn; the same when a board is still on its way after the bot's patience (it brings
 * the message up to date). Behind (a crash, a lost answer), or ahead (`clickedVersion` past the
 * database's: moves a restored backup does not hold): brought to the database's position in place,
 * the player told so, and a computer turn that never got scheduled is. An older message: the
 * player is told where the game goes on.
 */
export async function refreshOutOfDate(
  interaction: ButtonInteraction,
  gameId: number,
  clickedVersion: number,
  refusal: Text,
  ctx: ChatContext,
): Promise<void> {
  const standing = await standingOnceLanded(gameId, ctx, ctx.answers.timeLeft(interaction, ctx.deferAfterMs));
  // Still on its way after the bot's patience: that board brings the message up to date, so the
  // refusal is said at once (one answer, where deferring would take two).
  if (standing === null || !standing.ok || !standing.value.messageId)
    return ctx.answers.replyPrivately(interaction, refusal);
  const board = standing.value;
  if (board.messageId !== interaction.message.id) {
    const said = say(userLocale(interaction), refusal);
    return ctx.answers.replyPrivately(
      interaction,
      text('refusal.currentBoard', { refusal: said, link: messageLink(board) }),
    );
  }
  // Where only interactions reach the message, an edit given up when its answer token expired is
  // recorded as shown (src/chat/messageSync.ts): there the database cannot say, and a click refreshes.
  const ahead = clickedVersion > board.version;
  if (!board.behind && !ahead && botTokenReaches(interaction)) return ctx.answers.replyPrivately(interaction, refusal);
  const found = await ctx.answers.acknowledgedInTime(
    interaction,
    ctx.service.play.view(gameId),
    ctx.deferAfterMs,
    'update',
  );
  if (!found.ok) return ctx.answers.replyPrivately(interaction, refusal);
  const view = found.value;
  await answerWith(interaction, { kind: 'game', view }, ctx);
  await ctx.answers
    .replyPrivately(
      interaction,
      text(view.status === 'active' ? 'refusal.boardRefreshed' : 'refusal.boardRefreshedEnded'),
    )
    .catch((err: unknown) => ctx.log.warn({ err }, 'could not explain the refreshed board'));
  if (view.botToAct) ctx.scheduleBotTurn(view.gameId);
}

/** The board's standing once the boards in flight for the game have landed; null if that takes longer than `patienceMs`. */
async function standingOnceLanded(gameId: number, ctx: ChatContext, patienceMs: number): Promise<Standing | null> {
  const standing = await within(ctx.standings.onceLanded(gameId), patienceMs);
  return standing === LATE ? null : standing;
}

/**
 * Says a refused challenge click privately; first, where needed, shows the challenge as it now
 * stands. Where only interactions reach the channel (src/chat/interactionPlace.ts), a message
 * can fall behind for good: a challenge that expired, or was withdrawn, once the token that could
 * edit it had expired. A refused click on it is the first chance to show it as it is: the message
 * is brought up to date in place, then the refusal is said privately (as refreshOutOfDate does for
 * a board).
 */
export async function refusedOnChallenge(
  interaction: ButtonInteraction,
  challengeId: number,
  refusal: ServiceError,
  ctx: ChatContext,
): Promise<void> {
  if (refusal.code === 'finished' && !botTokenReaches(interaction)) {
    const found = await ctx.service.challenges.stored(challengeId);
    if (found.ok && found.value.messageId === interaction.message.id)
      await answerWith(interaction, { kind: 'challenge', view: found.value }, ctx);
  }
  await ctx.answers.replyPrivately(interaction, refusal.message);
}

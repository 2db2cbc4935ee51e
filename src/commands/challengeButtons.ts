// The buttons of a challenge and a game: Accept, Decline, Withdraw, a move, Rematch. Clicks are
// routed by custom id alone (no collectors, src/commands/registry.ts), so they keep working after
// a restart. The service decides who may click what, and each click says where it was clicked: a
// custom id can be forged on any message, and a button acts only where its game or challenge is
// (src/game/visibility.ts). A refusal is a short private explanation.
import type { ButtonInteraction } from 'discord.js';
import type { CommandContext } from './commandContext.js';
import type { ButtonOf } from '../chat/customIds.js';
import { answerWith, refreshOutOfDate, refusedOnChallenge } from '../chat/delivery.js';
import type { Buttons } from './declarations.js';
import { postChallengeOrGame } from '../chat/replies.js';
import { parentChannel, placeStarted, threadPlan } from '../chat/threads.js';
import { boardShown } from '../chat/shown.js';
import { ok } from '../game/types.js';

/** A move (or a throw) on a game's board. */
async function act(interaction: ButtonInteraction, ctx: CommandContext, id: ButtonOf<'act'>): Promise<void> {
  const userId = interaction.user.id;
  // Begun before the commit: a click refused meanwhile waits for this one's board, if it wins.
  const landed = ctx.boardsInFlight.begin(id.gameId);
  try {
    const acting = ctx.service.play.act({
      gameId: id.gameId,
      userId,
      version: id.version,
      action: id.action,
      where: interaction.channelId,
    });
    const outcome = await ctx.answers.acknowledgedInTime(interaction, acting, ctx.deferAfterMs, 'update');
    if (!outcome.ok) {
      landed();
      if (outcome.error.code === 'stale' || outcome.error.code === 'finished')
        return await refreshOutOfDate(interaction, id.gameId, id.version, outcome.error.message, ctx);
      // The move may have been saved: the sweep redraws the board from the database once it answers.
      if (outcome.error.code === 'outcome-unknown') ctx.messages.showLater(id.gameId);
      return await ctx.answers.replyPrivately(interaction, outcome.error.message);
    }
    // Shown before the computer's turn is scheduled, so its edits follow this answer.
    await answerWith(interaction, { kind: 'game', view: outcome.value }, ctx);
    if (outcome.value.botToAct) ctx.scheduleBotTurn(outcome.value.gameId);
    return;
  } finally {
    landed();
  }
}

/** Accepting a challenge: the game starts, in a thread of its own or in the challenge's place. */
async function accept(interaction: ButtonInteraction, ctx: CommandContext, id: ButtonOf<'accept'>): Promise<void> {
  const userId = interaction.user.id;
  const plan = threadPlan(interaction, (await ctx.service.servers.settings(interaction.guildId ?? '')).threads);
  const accepting = ctx.service.challenges
    .accept({
      challengeId: id.challengeId,
      userId,
      where: interaction.channelId,
      ownThread: plan.ownThread,
      messageId: interaction.message.id,
      ...parentChannel(interaction),
    })
    .then(async (accepted) => (accepted.ok ? ok(await placeStarted(accepted.value, plan, ctx)) : accepted));
  const outcome = await ctx.answers.acknowledgedInTime(interaction, accepting, ctx.deferAfterMs, 'update');
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
}

/** Declining a challenge (its opponent) or withdrawing it (its challenger). */
async function declineOrWithdraw(
  interaction: ButtonInteraction,
  ctx: CommandContext,
  id: ButtonOf<'decline' | 'withdraw'>,
): Promise<void> {
  const userId = interaction.user.id;
  const answer = { challengeId: id.challengeId, userId, where: interaction.channelId };
  const outcome =
    id.kind === 'decline'
      ? await ctx.service.challenges.decline(answer)
      : await ctx.service.challenges.withdraw(answer);
  if (!outcome.ok) return refusedOnChallenge(interaction, id.challengeId, outcome.error, ctx);
  await answerWith(interaction, { kind: 'challenge', view: outcome.value }, ctx);
}

/** A rematch of a finished game: a new challenge (or, against the bot, a new game). */
async function rematch(interaction: ButtonInteraction, ctx: CommandContext, id: ButtonOf<'rematch'>): Promise<void> {
  const userId = interaction.user.id;
  // A game against the bot is drawn at once: the answer can be slow under load.
  const outcome = await ctx.answers.acknowledgedInTime(
    interaction,
    ctx.service.challenges.rematch({
      gameId: id.gameId,
      userId,
      channelId: interaction.channelId,
      ...parentChannel(interaction),
    }),
    ctx.deferAfterMs,
    'new message',
  );
  if (!outcome.ok) return ctx.answers.replyPrivately(interaction, outcome.error.message);
  await postChallengeOrGame(interaction, outcome.value, ctx);
}

/** Every button on a challenge or a game posts to the channel. */
export const CHALLENGE_BUTTONS: Pick<Buttons, 'act' | 'accept' | 'decline' | 'withdraw' | 'rematch'> = {
  act: { run: act, posts: true },
  accept: { run: accept, posts: true },
  decline: { run: declineOrWithdraw, posts: true },
  withdraw: { run: declineOrWithdraw, posts: true },
  rematch: { run: rematch, posts: true },
};

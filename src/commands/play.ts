// /senet challenge, /senet play, /senet resign: parse, call the service, reply.
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Player } from '../game/types.js';
import type { CommandContext } from './context.js';
import { OPT } from './definition.js';
import { resultLine } from './messages.js';
import { playerOf, readRules, readStrength } from './options.js';
import { messageLink } from './delivery.js';
import { acknowledgedInTime, postChallengeOrGame, replyPrivately, sendReply } from './replies.js';

export async function challenge(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const user = interaction.options.getUser(OPT.opponent, true);
  if (user.bot && user.id !== ctx.botUser.id) {
    await replyPrivately(
      interaction,
      `${user.displayName} is a bot and cannot play. Challenge a person, or me (/senet play).`,
    );
    return;
  }
  const opponent =
    user.id === ctx.botUser.id ? ctx.botUser : playerOf(user, interaction.options.getMember(OPT.opponent));
  await start(interaction, ctx, opponent);
}

export async function play(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  await start(interaction, ctx, ctx.botUser);
}

async function start(interaction: ChatInputCommandInteraction, ctx: CommandContext, opponent: Player): Promise<void> {
  const rules = readRules(interaction, ctx.service.defaultVariant(interaction.guildId ?? ''));
  if (!rules.ok) {
    await replyPrivately(interaction, rules.message);
    return;
  }
  // A game against the bot is drawn at once: the answer can be slow under load.
  const making = ctx.service.challenge({
    guildId: interaction.guildId ?? '',
    channelId: interaction.channelId,
    challenger: playerOf(interaction.user, interaction.member),
    opponent,
    ...(rules.variant ? { variant: rules.variant } : {}),
    ...(opponent.id === ctx.botUser.id ? { strength: readStrength(interaction) } : {}),
  });
  const made = await acknowledgedInTime(interaction, making, ctx.deferAfterMs, 'new message');
  if (!made.ok) {
    // Looking at the running game's message takes a round trip to Discord: within the defer rule too.
    const refusal =
      made.error.code === 'busy'
        ? await acknowledgedInTime(
            interaction,
            busyChannel(interaction, made.error.message, ctx),
            ctx.deferAfterMs,
            'new message',
          )
        : made.error.message;
    await replyPrivately(interaction, refusal);
    return;
  }
  await postChallengeOrGame(interaction, made.value, ctx);
}

/**
 * A refusal because a game runs in this channel, with a link to its board: checked to still exist,
 * since a game whose message a moderator deleted would otherwise block the channel unseen.
 */
async function busyChannel(
  interaction: ChatInputCommandInteraction,
  refusal: string,
  ctx: CommandContext,
): Promise<string> {
  const running = await ctx.service.gameInChannel(interaction.channelId);
  // No message yet: it is being posted right now (or, after a crash, at the next start-up).
  if (!running.ok || !running.value.messageId) return refusal;
  const messageId = await ctx.messages.ensurePosted({ ...running.value, messageId: running.value.messageId });
  if (!messageId) return 'The game that was running here has been closed; try again.';
  return `${refusal} Its board: ${messageLink({ ...running.value, messageId })}`;
}

export async function resign(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  // The final board is drawn before the answer.
  const resigning = ctx.service.resign({ channelId: interaction.channelId, userId: interaction.user.id });
  const outcome = await acknowledgedInTime(interaction, resigning, ctx.deferAfterMs, 'new message');
  if (!outcome.ok) {
    await replyPrivately(interaction, outcome.error.message);
    return;
  }
  const view = outcome.value;
  try {
    await sendReply(
      interaction,
      { content: view.result ? resultLine(view.result) : view.description, allowedMentions: { parse: [] } },
      ctx,
    );
  } finally {
    // The game is over whether or not the answer got through: the board says so.
    await ctx.messages.show({ kind: 'game', view });
  }
}

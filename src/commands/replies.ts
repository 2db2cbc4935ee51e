// Reply helpers shared by slash commands and buttons.
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type RepliableInteraction } from 'discord.js';
import type { ChallengeMade } from '../game/types.js';
import type { CommandContext } from './context.js';
import { challengeMessage, gameMessage, type MessagePayload } from './messages.js';

/** A short answer only the clicking or typing user sees. */
export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  const payload = { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;
  if (interaction.replied || interaction.deferred) await interaction.followUp(payload);
  else await interaction.reply(payload);
}

/**
 * Waits for `work`; if it takes longer than `deferAfterMs`, first tells Discord the message will
 * be updated (deferUpdate), so the click is acknowledged within Discord's 3 seconds even when
 * the bot is overloaded. Answer afterwards with `showUpdate` / `replyPrivately`, which know.
 */
export async function acknowledgedInTime<T>(interaction: ButtonInteraction, work: Promise<T>, deferAfterMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deferAfterMs)));
  try {
    const first = await Promise.race([work, late]);
    if (first !== 'late') return first;
    await interaction.deferUpdate();
    return await work;
  } finally {
    clearTimeout(timer);
  }
}

/** Replaces the clicked message with `payload`, whether or not the click was deferred. */
export async function showUpdate(interaction: ButtonInteraction, payload: MessagePayload, ctx: CommandContext): Promise<void> {
  if (interaction.deferred) await ctx.editDeferred(interaction, payload);
  else await interaction.update(payload);
}

/**
 * Posts a new challenge (or, against the bot, the started game) as the reply, and records the
 * message id with the service so the sweeper and the bot's turns can edit it later.
 */
export async function postChallengeOrGame(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  made: ChallengeMade,
  ctx: CommandContext,
): Promise<void> {
  const payload = made.kind === 'challenge' ? challengeMessage(made.challenge) : gameMessage(made.game);
  const response = await interaction.reply({ ...payload, withResponse: true });
  const messageId = response.resource?.message?.id;
  if (!messageId) {
    ctx.log.warn({ kind: made.kind }, 'Discord did not return the posted message; it cannot be edited later');
    return;
  }
  if (made.kind === 'challenge') ctx.service.setMessage('challenge', made.challenge.challengeId, messageId);
  else {
    ctx.service.setMessage('game', made.game.gameId, messageId);
    if (made.game.botToAct) ctx.scheduleBotTurn(made.game.gameId);
  }
}

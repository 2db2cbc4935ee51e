// Reply helpers shared by slash commands and buttons.
import {
  type AttachmentBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  type MessageMentionOptions,
  type RepliableInteraction,
} from 'discord.js';
import type { ChallengeMade } from '../game/types.js';
import type { CommandContext } from './context.js';
import { challengeMessage, gameMessage, type MessagePayload } from './messages.js';

/**
 * Interactions acknowledged with a public "thinking…" reply rather than an in-place update: a
 * private refusal afterwards removes that reply, which would otherwise stay in the channel.
 */
const deferredAsReply = new WeakSet<RepliableInteraction>();

/** A short answer only the clicking or typing user sees. */
export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  const payload = { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;
  if (deferredAsReply.has(interaction) && !interaction.replied) await interaction.deleteReply();
  if (interaction.replied || interaction.deferred) await interaction.followUp(payload);
  else await interaction.reply(payload);
}

/**
 * Waits for `work`; if it takes longer than `deferAfterMs`, first acknowledges the interaction so
 * Discord (which drops answers after 3 s) keeps waiting even when the bot is overloaded: with
 * `deferUpdate` when the answer will replace the clicked message, with a "thinking…" reply when
 * it will be a new message. Answer afterwards with `showUpdate`, `sendReply` or `replyPrivately`,
 * which know.
 */
export async function acknowledgedInTime<T>(
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  work: Promise<T>,
  deferAfterMs: number,
  answer: 'update' | 'new message',
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deferAfterMs)));
  try {
    const first = await Promise.race([work, late]);
    if (first !== 'late') return first;
    if (answer === 'update' && interaction.isButton()) await interaction.deferUpdate();
    else {
      await interaction.deferReply();
      deferredAsReply.add(interaction);
    }
    return await work;
  } finally {
    clearTimeout(timer);
  }
}

/** Answers with a new message (or fills in the "thinking…" reply); resolves to its id, if known. */
export async function sendReply(
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  payload: MessagePayload | { content: string; files?: AttachmentBuilder[]; allowedMentions: MessageMentionOptions },
  ctx: CommandContext,
): Promise<string | undefined> {
  if (interaction.deferred) return ctx.editDeferred(interaction, payload);
  const response = await interaction.reply({ ...payload, withResponse: true });
  return response.resource?.message?.id;
}

/** Replaces the clicked message with `payload`, whether or not the click was deferred. */
export async function showUpdate(
  interaction: ButtonInteraction,
  payload: MessagePayload,
  ctx: CommandContext,
): Promise<void> {
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
  const messageId = await sendReply(interaction, payload, ctx);
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

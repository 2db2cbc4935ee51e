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
import { rememberAnswer } from './contexts.js';
import { clip } from '../lib/format.js';
import { type Text, say, text } from '../i18n/index.js';
import { userLocale } from './locale.js';
import { MAX_CONTENT, type MessagePayload } from './messages.js';
import { DISCORD } from './discordErrors.js';
import { cannotPlayHere, missingPermissions } from './permissions.js';
import { type Shown, boardShown, idOf, markShown, payloadOf, shownOf } from './shown.js';
import { moveIntoThread, threadPlan } from './threads.js';

/**
 * Interactions acknowledged with a public "thinking…" reply rather than an in-place update: a
 * private refusal afterwards removes that reply, which would otherwise stay in the channel.
 */
const deferredAsReply = new WeakSet<RepliableInteraction>();

/**
 * Interactions Discord would no longer take an answer for: the deferral itself was refused
 * (10062 when it arrived after 3 s, a network error). Their answers fail at once, so the caller
 * delivers the change with the bot's token instead (src/commands/delivery.ts).
 */
const unanswerable = new WeakSet<RepliableInteraction>();

function assertAnswerable(interaction: RepliableInteraction): void {
  if (unanswerable.has(interaction)) throw new Error('Discord refused to acknowledge this interaction');
}

/** A short answer only the clicking or typing user sees, in their own language. */
export async function replyPrivately(interaction: RepliableInteraction, said: Text): Promise<void> {
  assertAnswerable(interaction);
  const content = say(userLocale(interaction), said);
  const payload = {
    content: clip(content, MAX_CONTENT),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  } as const;
  if (deferredAsReply.has(interaction) && !interaction.replied) await interaction.deleteReply();
  if (interaction.replied || interaction.deferred) await interaction.followUp(payload);
  else await interaction.reply(payload);
}

/**
 * Waits for `work`; if it takes longer than `deferAfterMs`, first acknowledges the interaction so
 * Discord (which drops answers after 3 s) keeps waiting even when the bot is overloaded: with
 * `deferUpdate` when the answer will replace the clicked message, with a "thinking…" reply when
 * it will be a new message. Answer afterwards with `showUpdate`, `sendReply` or `replyPrivately`,
 * which know. A refused deferral does not lose `work` (it is committed anyway): the answers that
 * follow fail, and the caller delivers the change another way.
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
    if (first !== 'late' || interaction.deferred || interaction.replied) return await work;
    try {
      if (answer === 'update' && interaction.isButton()) await interaction.deferUpdate();
      else {
        await interaction.deferReply();
        deferredAsReply.add(interaction);
      }
    } catch {
      unanswerable.add(interaction);
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
  assertAnswerable(interaction);
  payload = { ...payload, content: clip(payload.content, MAX_CONTENT) };
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
  assertAnswerable(interaction);
  if (interaction.deferred) await ctx.editDeferred(interaction, payload);
  else await interaction.update(payload);
}

/**
 * Posts a new challenge (or, against the bot, the started game) as the reply, and records the
 * message id with the service so the sweeper and the bot's turns can edit it later. A game that
 * gets a thread of its own replies with its lobby message, opens the thread from it and posts the
 * board there. If the reply fails, the challenge or board is posted with the bot's token; if that
 * fails too, it is withdrawn and the user told why in one private line.
 */
export async function postChallengeOrGame(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  made: ChallengeMade,
  ctx: CommandContext,
): Promise<void> {
  const shown = await firstMessage(interaction, made, ctx);
  let messageId: string | undefined;
  try {
    messageId = await sendReply(interaction, payloadOf(shown), ctx);
  } catch (err) {
    ctx.log.warn({ err, kind: made.kind }, 'the reply did not reach Discord; posting with the bot token');
  }
  if (messageId) {
    await rememberAnswer(interaction, messageId, ctx.service);
    await ctx.service.setMessage(shown.kind, idOf(shown), messageId);
    await markShown(ctx.service, shown);
    if (shown.kind === 'lobby') await moveIntoThread({ ...shown.view, lobbyMessageId: messageId }, ctx);
  } else {
    const posted = await ctx.messages.post(made);
    if (!posted.ok) {
      await replyPrivately(interaction, postRefusal(posted.error, interaction)).catch((err: unknown) =>
        ctx.log.warn({ err }, 'could not say why nothing was posted'),
      );
      return;
    }
  }
  if (made.kind === 'game' && made.game.botToAct) ctx.scheduleBotTurn(made.game.gameId);
}

/** A challenge's message; a game's board (noting why it has no thread) or the lobby its thread will start from. */
async function firstMessage(
  interaction: RepliableInteraction,
  made: ChallengeMade,
  ctx: CommandContext,
): Promise<Shown> {
  if (made.kind === 'challenge') return shownOf(made);
  const plan = threadPlan(interaction, (await ctx.service.settings(made.game.guildId)).threads);
  if (plan.ownThread) return { kind: 'lobby', view: made.game };
  return boardShown(made.game, plan.note);
}

/** Why nothing was posted, in one line: the missing permission when Discord says that is why. */
function postRefusal(code: number | null, interaction: RepliableInteraction): Text {
  if (code === DISCORD.missingPermissions || code === DISCORD.missingAccess)
    return cannotPlayHere(interaction, missingPermissions(interaction), true);
  if (code === DISCORD.unknownChannel) return text('refusal.channelGone');
  return text('refusal.postFailed');
}

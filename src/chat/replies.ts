// How a game's change reaches the chat has its one home here, in src/chat/. A change is
// committed first and shown after; the answer to one interaction goes through these states:
//
// - fresh: nothing sent yet. Discord takes a first answer within 3 s only.
// - deferred: the work was slow, so the interaction was acknowledged first (acknowledgedInTime
//   below): as an update (the clicked message will be replaced), or as a public "thinking…"
//   reply that a new message will fill in. discord.js records `deferred`; the "thinking…" kind is
//   recorded by `Answers` below, one per client, made by the bot and handed through the context.
// - replied: the first answer went (a reply, an update, the deferral filled in): `replied`.
// - followed-up: a private line after that goes as a follow-up; a "thinking…" reply still empty is
//   deleted first, or it would stay in the channel.
// - unreachable: Discord refused even the acknowledgement (10062 after 3 s, a network error),
//   recorded by `Answers` too. Every answer then fails at once, and the caller delivers the
//   committed change with the bot's own token instead (chatMessages.ts, done by messageSync.ts).
// - shown recorded: once Discord took a message showing a game, challenge or lobby, the database
//   records what it shows (recordShown in shown.ts), and where only interactions reach the channel
//   the interaction's token is kept to edit that message later (`rememberAnswer`, shown.ts).
//
// The files: replies.ts answers (privately, deferred in time, with a new message or an update,
// a new challenge or game posted); delivery.ts shows a committed change in the clicked message
// (else with the bot's token) and answers refused clicks on a board or challenge that is behind;
// shown.ts is what a message shows (payload, place, marker); messages.ts builds the payloads;
// threads.ts says where a new game is played; boardsInFlight.ts tracks boards on their way, which
// a refused click waits for; chatMessages.ts is what the bot's own token does when an answer
// cannot, and messageSync.ts does it (stored messages edited, re-posted, caught up at start-up)
// through editQueue.ts (the per-channel queue of board edits) and interactionWebhooks.ts (edits
// with a kept interaction token where the bot's token does not reach); interactionEdits.ts sends
// a deferred answer outside discord.js's global queue. customIds.ts, interactionPlace.ts (where an
// interaction happened, what reaches there), locale.ts and discordErrors.ts are the words all of
// them share. chatContext.ts is what they get from the bot. Commands decide and call these; the
// bot wires them (imports flow bot → commands → chat → game).
import {
  type AttachmentBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  type MessageMentionOptions,
  type RepliableInteraction,
} from 'discord.js';
import type { ChallengeMade } from '../game/types.js';
import type { ChatContext } from './chatContext.js';
import { clip } from '../lib/format.js';
import { type Text, say, text } from '../i18n/index.js';
import { InteractionLag } from './interactionLag.js';
import { userLocale } from './locale.js';
import { MAX_CONTENT, type MessagePayload } from './messages.js';
import { DISCORD } from './discordErrors.js';
import { cannotPlayHere, missingPermissions } from './interactionPlace.js';
import { type Shown, boardShown, payloadOf, recordPosted, rememberAnswer, shownOf } from './shown.js';
import { moveIntoThread, threadPlan } from './threads.js';

type AnswerState = 'fresh' | 'deferred' | 'thinking' | 'replied' | 'unreachable';

/**
 * The answers of one client's interactions, and what discord.js does not record about them: a
 * "thinking…" deferral, or Discord's refusal of any (held weakly, each goes with its
 * interaction). Made by the bot for its client (src/bot/context.ts) and handed through the
 * context, so the state lives and ends with the client that answers.
 */
export class Answers {
  private readonly recorded = new WeakMap<RepliableInteraction, 'thinking' | 'unreachable'>();
  /** When each interaction must be acknowledged by (performance.now()), set by the first wait for it. */
  private readonly acknowledgeBy = new WeakMap<RepliableInteraction, number>();
  /** How late interactions reach their handlers, by Discord's clock. */
  private readonly lag = new InteractionLag();

  stateOf(interaction: RepliableInteraction): AnswerState {
    const noted = this.recorded.get(interaction);
    if (noted === 'unreachable') return 'unreachable';
    if (interaction.replied) return 'replied';
    if (noted === 'thinking') return 'thinking';
    return interaction.deferred ? 'deferred' : 'fresh';
  }

  /** Fails at once where Discord would take no answer, so the caller delivers the change another way. */
  assertAnswerable(interaction: RepliableInteraction): void {
    if (this.stateOf(interaction) === 'unreachable') throw new Error('Discord refused to acknowledge this interaction');
  }

  /** A short answer only the clicking or typing user sees, in their own language. */
  async replyPrivately(interaction: RepliableInteraction, said: Text): Promise<void> {
    this.assertAnswerable(interaction);
    const content = say(userLocale(interaction), said);
    const payload = {
      content: clip(content, MAX_CONTENT),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    } as const;
    // A "thinking…" reply still empty would stay in the channel above a private line.
    const state = this.stateOf(interaction);
    if (state === 'thinking') await interaction.deleteReply();
    if (state === 'fresh') await interaction.reply(payload);
    else await interaction.followUp(payload);
  }

  /**
   * How much of `deferAfterMs` is left before `interaction` must be acknowledged. The time starts
   * with the first wait for it, less how late it reached its handler (InteractionLag), and every
   * later wait shares it: Discord counts its 3 s from the interaction, not from each step, and a
   * refused click waits for its refusal, then for the boards on their way, then for its board
   * (delivery.ts), each step short, together too long.
   * Once acknowledged, Discord waits 15 minutes: each wait gets the whole `deferAfterMs` again.
   */
  timeLeft(interaction: RepliableInteraction, deferAfterMs: number): number {
    if (interaction.deferred || interaction.replied) return deferAfterMs;
    const now = performance.now();
    let by = this.acknowledgeBy.get(interaction);
    if (by === undefined) {
      // Time spent before the handler began (a backlog on the gateway socket) counts too.
      const late = this.lag.beyondUsual(interaction.createdTimestamp, Date.now());
      this.acknowledgeBy.set(interaction, (by = now + deferAfterMs - late));
    }
    return Math.max(0, by - now);
  }

  /**
   * Waits for `work`; if it takes longer than what is left of `deferAfterMs` (timeLeft), first
   * acknowledges the interaction so Discord (which drops answers after 3 s) keeps waiting even when
   * the bot is overloaded: with `deferUpdate` when the answer will replace the clicked message, with
   * a "thinking…" reply when it will be a new message. Answer afterwards with `showUpdate`,
   * `sendReply` or `replyPrivately`, which know. A refused deferral does not lose `work` (it is
   * committed anyway): the answers that follow fail, and the caller delivers the change another way.
   */
  async acknowledgedInTime<T>(
    interaction: ButtonInteraction | ChatInputCommandInteraction,
    work: Promise<T>,
    deferAfterMs: number,
    answer: 'update' | 'new message',
  ): Promise<T> {
    const first = await within(work, this.timeLeft(interaction, deferAfterMs));
    if (first !== LATE || interaction.deferred || interaction.replied) return await work;
    try {
      if (answer === 'update' && interaction.isButton()) await interaction.deferUpdate();
      else {
        await interaction.deferReply();
        this.recorded.set(interaction, 'thinking');
      }
    } catch {
      this.recorded.set(interaction, 'unreachable');
    }
    return await work;
  }
}

/** What `within` resolves to when the work is still going on. */
export const LATE = Symbol('late');

/**
 * `work`'s value if it settles within `ms` (or its rejection), else LATE; the work itself goes on.
 * Answering in time needs it: Discord drops answers after 3 s.
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Answers with a new message (or fills in the "thinking…" reply); resolves to its id, if known. */
export async function sendReply(
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  payload: MessagePayload | { content: string; files?: AttachmentBuilder[]; allowedMentions: MessageMentionOptions },
  ctx: ChatContext,
): Promise<string | undefined> {
  ctx.answers.assertAnswerable(interaction);
  payload = { ...payload, content: clip(payload.content, MAX_CONTENT) };
  if (interaction.deferred) return ctx.editDeferred(interaction, payload);
  const response = await interaction.reply({ ...payload, withResponse: true });
  return response.resource?.message?.id;
}

/** Replaces the clicked message with `payload`, whether or not the click was deferred. */
export async function showUpdate(
  interaction: ButtonInteraction,
  payload: MessagePayload,
  ctx: ChatContext,
): Promise<void> {
  ctx.answers.assertAnswerable(interaction);
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
  ctx: ChatContext,
): Promise<void> {
  const shown = await firstMessage(interaction, made, ctx);
  let messageId: string | undefined;
  try {
    messageId = await sendReply(interaction, payloadOf(shown, ctx.offered), ctx);
  } catch (err) {
    ctx.log.warn({ err, kind: made.kind }, 'the reply did not reach Discord; posting with the bot token');
  }
  if (messageId) {
    await rememberAnswer(interaction, messageId, ctx.service);
    await recordPosted(ctx.service, shown, messageId);
    if (shown.kind === 'lobby') await moveIntoThread({ ...shown.view, lobbyMessageId: messageId }, ctx);
  } else {
    const posted = await ctx.messages.post(made);
    if (!posted.ok) {
      await ctx.answers
        .replyPrivately(interaction, postRefusal(posted.error, interaction))
        .catch((err: unknown) => ctx.log.warn({ err }, 'could not say why nothing was posted'));
      return;
    }
  }
  if (made.kind === 'game' && made.game.botToAct) ctx.scheduleBotTurn(made.game.gameId);
}

/** A challenge's message; a game's board (noting why it has no thread) or the lobby its thread will start from. */
async function firstMessage(interaction: RepliableInteraction, made: ChallengeMade, ctx: ChatContext): Promise<Shown> {
  if (made.kind === 'challenge') return shownOf(made);
  const plan = threadPlan(interaction, (await ctx.service.servers.settings(made.game.guildId)).threads);
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

// /senet-admin tournament create|start|cancel|remove. Create answers in the channel with the
// tournament message (Join / Leave); the others answer privately, and the runner
// (src/bot/tournamentRunner.ts) updates the tournament message from the committed change.
import { type ChatInputCommandInteraction, PermissionFlagsBits } from 'discord.js';
import { knockoutRounds } from '../game/tournament/knockout.js';
import type { TournamentFormat, TournamentView } from '../game/tournamentViews.js';
import { text } from '../i18n/index.js';
import { adminInput } from './adminInput.js';
import type { CommandContext } from './commandContext.js';
import { publicLocale } from '../chat/locale.js';
import { playerOf, readRules, shownName } from './options.js';
import type { Subcommand } from './declarations.js';
import { sendReply } from '../chat/replies.js';
import { TOURNAMENT_DEFAULTS, TOURNAMENT_OPT } from './tournamentAdminDefinition.js';
import { tournamentMessage } from './tournamentMessages.js';
import { viewerOf } from './viewer.js';

/**
 * Each belongs to a server that installed the bot. None checks the bot's channel permissions first:
 * create answers with the tournament message itself (an interaction response).
 */
const inServer = { serverOnly: 'dm.adminInServers', posts: false } as const;

export const TOURNAMENT_SUBCOMMANDS: readonly Subcommand[] = [
  { name: 'create', run: create, ...inServer },
  { name: 'start', run: start, ...inServer },
  { name: 'cancel', run: cancel, ...inServer },
  { name: 'remove', run: remove, ...inServer },
];

async function create(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const guildId = interaction.guildId ?? '';
  const serverDefault = await ctx.service.servers.defaultVariant(guildId);
  const rules = readRules(interaction, serverDefault);
  if (!rules.ok) return ctx.answers.replyPrivately(interaction, rules.error);
  const o = interaction.options;
  const format: TournamentFormat = o.getString(TOURNAMENT_OPT.format, true) === 'knockout' ? 'knockout' : 'swiss';
  const startInMinutes = o.getInteger(TOURNAMENT_OPT.startIn) ?? TOURNAMENT_DEFAULTS.startInMinutes;
  const made = await ctx.service.tournaments.create({
    ...adminInput(interaction),
    channelId: interaction.channelId,
    locale: await publicLocale(interaction, ctx),
    spec: {
      name: o.getString(TOURNAMENT_OPT.name, true),
      variant: rules.value ?? serverDefault,
      format,
      rounds: o.getInteger(TOURNAMENT_OPT.rounds) ?? TOURNAMENT_DEFAULTS.rounds,
      startInMinutes,
      roundMinutes: o.getInteger(TOURNAMENT_OPT.roundTime) ?? TOURNAMENT_DEFAULTS.roundMinutes,
      rated: o.getBoolean(TOURNAMENT_OPT.rated) ?? (await ctx.service.servers.settings(guildId)).rated,
      maxPlayers: o.getInteger(TOURNAMENT_OPT.maxPlayers) ?? TOURNAMENT_DEFAULTS.maxPlayers,
    },
  });
  if (!made.ok) return ctx.answers.replyPrivately(interaction, made.error.message);
  const view = made.value;
  const messageId = await sendReply(interaction, tournamentMessage(view), ctx);
  if (!messageId) return;
  await ctx.service.tournaments.setMessage(view.id, messageId);
  await ctx.service.tournaments.recordShown(view.id, view.version);
  await scheduleEvent(interaction, ctx, view, messageId, startInMinutes);
}

/** A tournament starting sooner gets no scheduled event: nobody needs notifying, and Discord refuses a start in the past. */
const EVENT_LEAD_MINUTES = 2;

/**
 * A Discord scheduled event for the tournament, where the bot has Create Events (or Manage Events)
 * and the start is a few minutes away at least. A refusal only
 * costs the event: the tournament message stands on its own.
 */
async function scheduleEvent(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  view: TournamentView,
  messageId: string,
  startInMinutes: number,
): Promise<void> {
  const may = interaction.appPermissions;
  if (!may.has(PermissionFlagsBits.CreateEvents) && !may.has(PermissionFlagsBits.ManageEvents)) return;
  if (startInMinutes < EVENT_LEAD_MINUTES) return;
  const rounds = view.format === 'swiss' ? view.rounds : knockoutRounds(view.maxPlayers);
  try {
    const eventId = await ctx.events.create(view.guildId, {
      // The event's name is plain text; its description is the message's first line, markdown as there.
      name: view.name.plain,
      description: tournamentMessage(view).content.split('\n')[0]!,
      startsAt: view.startsAt,
      endsAt: view.startsAt + rounds * view.roundMs,
      location: `https://discord.com/channels/${view.guildId}/${view.channelId}/${messageId}`,
    });
    await ctx.service.tournaments.setEvent(view.id, eventId);
  } catch (err) {
    ctx.log.info({ err, tournamentId: view.id }, 'could not create a scheduled event for a tournament');
  }
}

const tournamentAsked = (interaction: ChatInputCommandInteraction, ctx: CommandContext) => ({
  ...adminInput(interaction),
  viewer: viewerOf(interaction, ctx),
  tournamentId: interaction.options.getInteger(TOURNAMENT_OPT.id, true),
});

async function start(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const started = await ctx.service.tournaments.start(tournamentAsked(interaction, ctx));
  if (!started.ok) return ctx.answers.replyPrivately(interaction, started.error.message);
  await ctx.answers.replyPrivately(interaction, text('tournament.startingNow', { name: started.value.name }));
}

async function cancel(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const cancelled = await ctx.service.tournaments.cancel(tournamentAsked(interaction, ctx));
  if (!cancelled.ok) return ctx.answers.replyPrivately(interaction, cancelled.error.message);
  await ctx.answers.replyPrivately(interaction, text('tournament.cancelledNow', { name: cancelled.value.name }));
  await cancelEvent(ctx, cancelled.value);
}

/** Cancels the tournament's scheduled event, if it has one (one deleted meanwhile is no matter). */
export async function cancelEvent(ctx: Pick<CommandContext, 'events' | 'log'>, view: TournamentView): Promise<void> {
  if (!view.eventId) return;
  try {
    await ctx.events.cancel(view.guildId, view.eventId);
  } catch (err) {
    ctx.log.info({ err, tournamentId: view.id }, 'could not cancel a tournament’s scheduled event');
  }
}

async function remove(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const user = interaction.options.getUser(TOURNAMENT_OPT.player, true);
  const player = playerOf(user, interaction.options.getMember(TOURNAMENT_OPT.player));
  const removed = await ctx.service.tournaments.remove({ ...tournamentAsked(interaction, ctx), playerId: player.id });
  if (!removed.ok) return ctx.answers.replyPrivately(interaction, removed.error.message);
  await ctx.answers.replyPrivately(
    interaction,
    text('tournament.removedNow', { player: shownName(player), name: removed.value.tournament.name }),
  );
  for (const view of removed.value.ended) await ctx.messages.show({ kind: 'game', view });
}

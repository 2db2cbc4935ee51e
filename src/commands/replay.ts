// /senet replay [game] and the Replay button: the animated replay of a game (and, with the win
// chance, its review) posted as a new message. Drawing takes seconds, so the answer is deferred
// at once ("thinking…") and filled in; a refusal comes back privately before that.
import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { ReplayView } from '../game/service.js';
import { accuracyWords } from '../game/replayJob.js';
import { translator } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import { viewerOf } from './viewer.js';
import { OPT } from './definition.js';
import { userLocale } from '../chat/locale.js';
import { boardFile } from '../chat/messages.js';
import type { Buttons, Subcommand } from './declarations.js';
import { sendReply } from '../chat/replies.js';

/** `/senet replay [game]`. */
async function runReplaySubcommand(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  await postReplay(interaction, ctx, interaction.options.getInteger(OPT.game));
}

/** Posts the replay in the channel; its `game` option lists the player's recent games. */
export const replaySubcommand: Subcommand = {
  name: 'replay',
  run: runReplaySubcommand,
  autocomplete: recentGamesAutocomplete,
  posts: true,
};

/** The Replay button under a finished game, posting like the subcommand. */
export const REPLAY_BUTTON: Pick<Buttons, 'replay'> = {
  replay: { run: (interaction, ctx, id) => postReplay(interaction, ctx, id.gameId), posts: true },
};

async function postReplay(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  ctx: CommandContext,
  gameId: number | null,
): Promise<void> {
  const drawing = ctx.service.replays.draw({ viewer: viewerOf(interaction, ctx), gameId });
  // Deferred as soon as the event loop turns: a refusal (no such game) is answered before that.
  const outcome = await ctx.answers.acknowledgedInTime(interaction, drawing, 0, 'new message');
  if (!outcome.ok) return ctx.answers.replyPrivately(interaction, outcome.error.message);
  const view = outcome.value;
  const tooBig = view.replay.image.length > interaction.attachmentSizeLimit;
  if (tooBig) ctx.log.warn({ gameId: view.gameId, bytes: view.replay.image.length }, 'replay over the upload limit');
  const files = [...(tooBig ? [] : [boardFile(view.replay)]), ...(view.chart ? [boardFile(view.chart)] : [])];
  await sendReply(interaction, { content: replayText(view, tooBig), files, allowedMentions: { parse: [] } }, ctx);
}

/** The replay's message, for the whole channel: in the game's language. */
function replayText(view: ReplayView, tooBig = false): string {
  const t = translator(view.locale);
  const { W, B } = view.players;
  const summary = { result: view.result, moves: view.moves };
  const lines = [
    t('replayPost.heading', { title: view.title, white: W.name, black: B.name, id: view.gameId }),
    view.finished ? t('replayPost.summary', summary) : t('replayPost.summaryUnfinished', summary),
  ];
  if (tooBig) lines.push(t('replayPost.tooBig'));
  if (view.review) {
    lines.push(t('replayPost.turningPoints'), ...view.review.turningPoints.map((words, k) => `${k + 1}. ${words}`));
    lines.push(accuracyWords(t, { W: W.name, B: B.name }, view.review));
  }
  return lines.join('\n');
}

/**
 * The `game` option's list of /senet replay and /senet verify: the player's recent games here that
 * they may still see, newest first.
 */
export async function recentGamesAutocomplete(
  interaction: AutocompleteInteraction,
  ctx: CommandContext,
): Promise<void> {
  const typed = String(interaction.options.getFocused());
  const games = await ctx.service.replays.recentGames({
    viewer: viewerOf(interaction, ctx),
    userId: interaction.user.id,
    typed,
    locale: userLocale(interaction),
  });
  await interaction.respond(games.map((g) => ({ name: g.label, value: g.gameId })));
}

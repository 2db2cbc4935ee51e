// /senet tournament [id]: a tournament's table and games, or (no number) the server's recent
// tournaments. Answered privately, and only about tournaments held where the asker may look (a
// channel or thread they may view: src/game/visibility.ts): the players' names and games are for
// those who could watch them.
import type { ChatInputCommandInteraction } from 'discord.js';
import { text, translator } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import { OPT } from './definition.js';
import { userLocale } from '../chat/locale.js';
import type { Subcommand } from './declarations.js';
import { tournamentDetails, tournamentList } from './tournamentMessages.js';
import { viewerOf } from './viewer.js';

async function tournament(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  if (!interaction.guildId) return ctx.answers.replyPrivately(interaction, text('tournament.notFound'));
  const t = translator(userLocale(interaction));
  const viewer = viewerOf(interaction, ctx);
  const id = interaction.options.getInteger(OPT.tournament);
  if (id === null) {
    const seen = await ctx.service.tournaments.listSeen(viewer);
    return ctx.answers.replyPrivately(interaction, {
      key: 'tournament.raw',
      params: { text: tournamentList(seen, t) },
    });
  }
  const found = await ctx.service.tournaments.seen({ viewer, tournamentId: id });
  if (!found.ok) return ctx.answers.replyPrivately(interaction, found.error.message);
  await ctx.answers.replyPrivately(interaction, {
    key: 'tournament.raw',
    params: { text: tournamentDetails(found.value, t) },
  });
}

/** Private; outside a server it finds none (and says so). */
export const tournamentSubcommand: Subcommand = { name: 'tournament', run: tournament, posts: false };

// /senet tournament [id]: a tournament's table and games, or (no number) the server's recent
// tournaments. Answered privately, and only about tournaments held in a channel the asker can see:
// the players' names and games are for those who could watch them.
import { type ChatInputCommandInteraction, GuildMember, PermissionFlagsBits } from 'discord.js';
import type { TournamentView } from '../game/tournamentViews.js';
import { text, translator } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import { OPT } from './definition.js';
import { userLocale } from './locale.js';
import type { Subcommand } from './registry.js';
import { replyPrivately } from './answer/replies.js';
import { tournamentDetails, tournamentList } from './tournamentMessages.js';

async function tournament(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const guildId = interaction.guildId;
  if (!guildId) return replyPrivately(interaction, text('tournament.notFound'));
  const t = translator(userLocale(interaction));
  const id = interaction.options.getInteger(OPT.tournament);
  if (id === null) {
    const seen = (await ctx.service.tournaments.inServer(guildId)).filter((v) => canSee(interaction, v));
    return replyPrivately(interaction, { key: 'tournament.raw', params: { text: tournamentList(seen, t) } });
  }
  const found = await ctx.service.tournaments.get(id, guildId);
  if (!found.ok || !canSee(interaction, found.value)) return replyPrivately(interaction, text('tournament.notFound'));
  await replyPrivately(interaction, { key: 'tournament.raw', params: { text: tournamentDetails(found.value, t) } });
}

/** Private; outside a server it finds none (and says so). */
export const tournamentSubcommand: Subcommand = { name: 'tournament', run: tournament, posts: false };

/** Whether the asker can view the tournament's channel (where it is asked, or by their permissions there). */
function canSee(interaction: ChatInputCommandInteraction, view: TournamentView): boolean {
  if (view.channelId === interaction.channelId) return true;
  const channel = interaction.guild?.channels.cache.get(view.channelId);
  const member = interaction.member;
  if (!channel || !(member instanceof GuildMember)) return false;
  return channel.permissionsFor(member).has(PermissionFlagsBits.ViewChannel);
}

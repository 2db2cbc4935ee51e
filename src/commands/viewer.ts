// Who asks, as the visibility rule needs it (src/game/visibility.ts). Whether the member may view
// a channel is Discord's own data: for the channel the interaction is used in, the permissions
// Discord computed and sent with it; for another channel, the cached channel's overwrites and the
// member's roles (discord.js permissionsFor). A channel the bot does not know (deleted, hidden
// from it, an archived thread not seen since a restart) counts as not viewable.
import { GuildMember, type Interaction, PermissionFlagsBits } from 'discord.js';
import type { Viewer } from '../game/service.js';
import { placeOf, recordsGuild } from './interactionPlace.js';

export function viewerOf(interaction: Interaction): Viewer {
  return {
    userId: interaction.user.id,
    guildId: recordsGuild(interaction),
    channelId: interaction.channelId ?? '',
    alone: placeOf(interaction) === 'botDm',
    canViewChannel: channelViewer(interaction),
  };
}

/** Whether the member may view a channel of the server (a thread: its parent, as public threads follow it). */
function channelViewer(interaction: Interaction): (channelId: string) => boolean {
  const here = new Set<string>(interaction.channelId ? [interaction.channelId] : []);
  const channel = interaction.channel;
  if (channel?.isThread() && channel.parentId) here.add(channel.parentId);
  const seesHere = interaction.memberPermissions?.has(PermissionFlagsBits.ViewChannel) ?? false;
  const member = interaction.member instanceof GuildMember ? interaction.member : null;
  return (channelId) => {
    if (here.has(channelId)) return seesHere;
    const other = interaction.guild?.channels.cache.get(channelId);
    const where = other?.isThread() ? other.parent : other;
    if (!member || !where) return false;
    return where.permissionsFor(member).has(PermissionFlagsBits.ViewChannel);
  };
}

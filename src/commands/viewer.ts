// Who asks, as the visibility rule needs it (src/game/visibility.ts). Whether the member may view
// a channel or thread is Discord's own data: for the channel the interaction is used in, the
// permissions Discord computed and sent with it (a thread's parent too: whoever is in a thread can
// view its channel); for another, the cached channel's overwrites and the member's roles (discord.js
// permissionsFor). A thread follows its parent channel (topics/permissions.mdx, "Inherited
// Permissions (Threads)"), and a private thread also needs the member in it or allowed to Manage
// Threads there (topics/threads.mdx, "Permissions"): membership is asked of Discord
// (threadMembers.ts). A channel or thread the bot does not know (deleted, hidden from it, an
// archived thread not seen since a restart, a thread whose channel it does not know) counts as not
// viewable.
import { ChannelType, GuildMember, type Interaction, PermissionFlagsBits } from 'discord.js';
import type { Viewer } from '../game/service.js';
import type { CommandContext } from './commandContext.js';
import { placeOf, recordsGuild } from '../chat/interactionPlace.js';

export function viewerOf(interaction: Interaction, ctx: Pick<CommandContext, 'threadMembers'>): Viewer {
  return {
    userId: interaction.user.id,
    guildId: recordsGuild(interaction),
    channelId: interaction.channelId ?? '',
    alone: placeOf(interaction) === 'botDm',
    canViewChannel: channelViewer(interaction, ctx),
  };
}

/** Whether the member may view a channel or thread of the server. */
function channelViewer(
  interaction: Interaction,
  ctx: Pick<CommandContext, 'threadMembers'>,
): (channelId: string) => boolean | Promise<boolean> {
  const here = new Set<string>(interaction.channelId ? [interaction.channelId] : []);
  const channel = interaction.channel;
  if (channel?.isThread() && channel.parentId) here.add(channel.parentId);
  const seesHere = interaction.memberPermissions?.has(PermissionFlagsBits.ViewChannel) ?? false;
  const member = interaction.member instanceof GuildMember ? interaction.member : null;
  return (channelId) => {
    if (here.has(channelId)) return seesHere;
    const other = interaction.guild?.channels.cache.get(channelId);
    const parent = other?.isThread() ? other.parent : other;
    if (!member || !other || !parent) return false;
    const permissions = parent.permissionsFor(member);
    if (!permissions.has(PermissionFlagsBits.ViewChannel)) return false;
    if (other.type !== ChannelType.PrivateThread || permissions.has(PermissionFlagsBits.ManageThreads)) return true;
    return ctx.threadMembers.has(other, member.id);
  };
}

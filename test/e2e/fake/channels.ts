// Channels and threads: their JSON as Discord sends it (server channels with their overwrites,
// DMs, group DMs, public threads), CHANNEL_CREATE/UPDATE for channels a test uses or restricts,
// Start Thread from Message and archiving, and what the bot's own token meets on a channel route:
// no access where it is no member, a deleted channel, missing permissions, an archived thread,
// the per-channel edit bucket.
import { FAILURE, rateLimited, type Failure } from './failures.js';
import { PERMISSION } from './permissions.js';
import { dispatch } from './shards.js';
import {
  serverOf,
  type DiscordState,
  type FakeThread,
  type FakeUser,
  type Overwrite,
  type RecordedRequest,
} from './state.js';

/** Channel types the fake knows (Discord's numbers). */
export const CHANNEL_TYPE = {
  text: 0,
  dm: 1,
  voice: 2,
  groupDm: 3,
  announcement: 5,
  publicThread: 11,
  privateThread: 12,
} as const;

export function channelJson(fake: DiscordState, id: string): Record<string, unknown> {
  const thread = fake.threads.get(id);
  if (thread) return threadJson(fake, thread);
  const scene = fake.scenes.get(id);
  if (scene?.kind === 'botDm') return { id, type: CHANNEL_TYPE.dm, recipients: [scene.user] };
  if (scene?.kind === 'privateChannel')
    return scene.group ? { id, type: CHANNEL_TYPE.groupDm, recipients: [] } : { id, type: CHANNEL_TYPE.dm };
  if (scene?.kind === 'userInstallServer')
    return { id, type: CHANNEL_TYPE.text, guild_id: scene.guildId, name: 'elsewhere', position: 0 };
  return {
    id,
    type: fake.channelTypes.get(id) ?? CHANNEL_TYPE.text,
    guild_id: serverOf(fake, id),
    name: `senet-${id.slice(-4)}`,
    position: 0,
    permission_overwrites: fake.overwrites.get(id) ?? [],
  };
}

function threadJson(fake: DiscordState, thread: FakeThread): Record<string, unknown> {
  return {
    id: thread.id,
    type: thread.members ? CHANNEL_TYPE.privateThread : CHANNEL_TYPE.publicThread,
    guild_id: serverOf(fake, thread.parentId),
    parent_id: thread.parentId,
    owner_id: fake.botUser.id,
    name: thread.name,
    message_count: 0,
    member_count: 1,
    rate_limit_per_user: 0,
    thread_metadata: {
      archived: thread.archived,
      auto_archive_duration: thread.autoArchiveMinutes,
      archive_timestamp: new Date().toISOString(),
      locked: false,
      // resources/channel.mdx, "Thread Metadata Object": invitable is "only available on private threads".
      ...(thread.members ? { invitable: true } : {}),
    },
  };
}

/** The `guild_id` of a channel's payloads: none in DMs and group DMs. */
export function guildOf(fake: DiscordState, channelId: string): { guild_id?: string } {
  const scene = fake.scenes.get(channelId);
  if (!scene) return { guild_id: serverOf(fake, channelId) };
  return scene.kind === 'userInstallServer' ? { guild_id: scene.guildId } : {};
}

/**
 * Tells the bot about a channel a test switched to, as Discord sends CHANNEL_CREATE for a new
 * channel (the bot's cache then knows its type, as it would).
 */
export function announce(fake: DiscordState, channelId: string): void {
  if (fake.announced.has(channelId) || fake.threads.has(channelId) || fake.scenes.has(channelId)) return;
  fake.announced.add(channelId);
  dispatch(fake, 'CHANNEL_CREATE', channelJson(fake, channelId), serverOf(fake, channelId));
}

/**
 * Makes a server channel visible only to `viewers` (a staff-only channel): @everyone denied View
 * Channel, each viewer allowed it by a member overwrite. topics/permissions.mdx, "Permission
 * Overwrites": the @everyone overwrite applies first, then roles', then the member's own. The
 * bot is told by CHANNEL_UPDATE (events/gateway-events.mdx, "Channel Update"); the bot's own
 * access is `appPermissions`, as interactions report it.
 */
export function restrictChannel(fake: DiscordState, channelId: string, viewers: FakeUser[]): void {
  const guildId = serverOf(fake, channelId);
  const view = PERMISSION.viewChannel.toString();
  fake.overwrites.set(channelId, [
    { id: guildId, type: 0, allow: '0', deny: view },
    ...viewers.map((u): Overwrite => ({ id: u.id, type: 1, allow: view, deny: '0' })),
  ]);
  const known = fake.announced.has(channelId);
  fake.announced.add(channelId);
  dispatch(fake, known ? 'CHANNEL_UPDATE' : 'CHANNEL_CREATE', channelJson(fake, channelId), guildId);
}

/**
 * Gives a member `bits` in a server channel by a member overwrite (a moderator's Manage Threads,
 * say), beside the overwrites it has; the bot is told by CHANNEL_UPDATE as above.
 */
export function allowInChannel(fake: DiscordState, channelId: string, user: FakeUser, bits: bigint): void {
  const others = (fake.overwrites.get(channelId) ?? []).filter((o) => o.id !== user.id);
  fake.overwrites.set(channelId, [...others, { id: user.id, type: 1, allow: bits.toString(), deny: '0' }]);
  const known = fake.announced.has(channelId);
  fake.announced.add(channelId);
  dispatch(fake, known ? 'CHANNEL_UPDATE' : 'CHANNEL_CREATE', channelJson(fake, channelId), serverOf(fake, channelId));
}

/** Modify Channel: only archiving or opening a thread again (THREAD_UPDATE follows). */
export function modifyChannel(
  fake: DiscordState,
  channelId: string,
  r: RecordedRequest,
): { status: number; json: unknown } {
  const thread = fake.threads.get(channelId);
  if (!thread) return { status: 400, json: { message: FAILURE.wrongChannelType.message, code: 50024 } };
  if (typeof r.body?.archived === 'boolean') thread.archived = r.body.archived;
  const json = threadJson(fake, thread);
  dispatch(fake, 'THREAD_UPDATE', json, serverOf(fake, thread.id));
  return { status: 200, json };
}

/** Start Thread from Message: a public thread whose id is the message's; one per message. */
export function startThread(
  fake: DiscordState,
  channelId: string,
  messageId: string,
  r: RecordedRequest,
): { status: number; json: unknown } {
  const refuse = (f: Failure) => ({ status: f.status, json: { message: f.message, code: f.code } });
  const type = fake.threads.has(channelId) ? CHANNEL_TYPE.publicThread : (fake.channelTypes.get(channelId) ?? 0);
  if (type !== CHANNEL_TYPE.text && type !== CHANNEL_TYPE.announcement) return refuse(FAILURE.wrongChannelType);
  const message = fake.messages.get(messageId);
  if (!message || message.channelId !== channelId) return refuse(FAILURE.unknownMessage);
  if (fake.threads.has(messageId)) return refuse(FAILURE.threadExists);
  const name = r.body?.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
    return { status: 400, json: { message: 'Invalid Form Body (name)', code: 50035 } };
  }
  const thread: FakeThread = {
    id: messageId,
    parentId: channelId,
    name,
    archived: false,
    autoArchiveMinutes: Number(r.body?.auto_archive_duration ?? 4320),
    members: null,
  };
  fake.threads.set(thread.id, thread);
  const json = threadJson(fake, thread);
  dispatch(fake, 'THREAD_CREATE', { ...json, newly_created: true }, serverOf(fake, thread.id));
  return { status: 201, json };
}

/** What a bot-token request on a channel route meets before it is carried out, if anything. */
export function channelRefusal(fake: DiscordState, r: RecordedRequest): Failure | null {
  const parts = r.path.split('/').filter(Boolean);
  if (parts[0] !== 'channels' || !parts[1]) return null;
  const scene = fake.scenes.get(parts[1])?.kind;
  // Where the bot is no member (a DM or group DM between users, a server that only a user
  // installed the app to), its token reaches nothing of the channel. The docs name no code for
  // this case; topics/opcodes-and-status-codes.mdx, "JSON Error Codes", 50001 "Missing access"
  // is what Discord answers, and the fake answers it to every bot-token channel route there
  // (the stricter reading: not even a read).
  if (scene === 'privateChannel' || scene === 'userInstallServer') return FAILURE.missingAccess;
  const thread = fake.threads.get(parts[1]);
  // A server the bot was removed from: nothing of it is the bot's to reach any more.
  const server = fake.channelGuild.get(thread?.parentId ?? parts[1]);
  if (server !== undefined && !fake.guilds.has(server)) return FAILURE.missingAccess;
  if (fake.deletedChannels.has(parts[1]) || (thread && fake.deletedChannels.has(thread.parentId)))
    return FAILURE.unknownChannel;
  // resources/message.mdx, "Create Message", Limitations: permissions are checked "when
  // operating on a guild channel"; the DM with the bot has none (app_permissions there says
  // what interaction responses may use, not what the bot's token may do).
  if (scene === 'botDm') return null;
  const has = (bit: bigint): boolean => (BigInt(fake.appPermissions) & bit) !== 0n;
  if (r.method === 'POST' && parts[2] === 'messages' && !parts[3]) {
    if (!has(PERMISSION.viewChannel)) return FAILURE.missingAccess;
    // In a thread, Send Messages in Threads is what counts.
    const send = thread ? PERMISSION.sendMessagesInThreads : PERMISSION.sendMessages;
    if (!has(send) || (r.files.length > 0 && !has(PERMISSION.attachFiles))) return FAILURE.missingPermissions;
  }
  if (r.method === 'POST' && parts[2] === 'messages' && parts[4] === 'threads') {
    if (!has(PERMISSION.viewChannel)) return FAILURE.missingAccess;
    if (!has(PERMISSION.createPublicThreads)) return FAILURE.missingPermissions;
  }
  // A message in an archived thread cannot be edited until the thread is opened again.
  if (r.method === 'PATCH' && parts[2] === 'messages' && thread?.archived) return FAILURE.archivedThread;
  if (r.method === 'PATCH' && parts[2] === 'messages' && fake.editLimit) return rateLimited(fake, parts[1]);
  return null;
}

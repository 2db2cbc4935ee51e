// Private threads and who is in them: a test makes one under a server channel with its members,
// adds or removes members, and grants a member a permission in a channel (a moderator's Manage
// Threads); the bot asks whether someone is a member with Get Thread Member. topics/threads.mdx,
// "Permissions": "Private threads are similar to Group DMs, but in a guild: You must be invited to
// the thread to be able to view or participate in it, or be a moderator (`MANAGE_THREADS`
// permission)"; topics/permissions.mdx, "Inherited Permissions (Threads)": "Users must have the
// `VIEW_CHANNEL` permission to view _any_ threads in the channel".
import { FAILURE } from './failures.js';
import { announce, channelJson } from './channels.js';
import { dispatch } from './shards.js';
import { serverOf, snowflake, type DiscordState, type FakeUser, type RecordedRequest } from './state.js';

/**
 * A private thread under `parentId` with `members` in it; its id. The bot has every permission by
 * default, Manage Threads included, so Discord tells it of the new thread: topics/threads.mdx,
 * "Gaining Access to Private Threads": "Private threads are only synced to you if you are a member
 * or a moderator", and "The `THREAD_CREATE` event is also sent when the user is a moderator".
 */
export function makePrivateThread(fake: DiscordState, parentId: string, members: FakeUser[]): string {
  announce(fake, parentId);
  const id = snowflake();
  fake.threads.set(id, {
    id,
    parentId,
    name: `private-${id.slice(-4)}`,
    archived: false,
    autoArchiveMinutes: 4320,
    members: new Set(members.map((u) => u.id)),
  });
  dispatch(fake, 'THREAD_CREATE', { ...channelJson(fake, id), newly_created: true }, serverOf(fake, parentId));
  return id;
}

/**
 * Someone leaves a private thread (or is removed from it). Without the GUILD_MEMBERS intent the
 * bot is not told: events/gateway.mdx, "Gateway Intents", THREAD_MEMBERS_UPDATE "contains
 * different data depending on which intents are used", and topics/threads.mdx, "Syncing for other
 * users": those updates "require the `GUILD_MEMBERS` Gateway Intent".
 */
export function leavePrivateThread(fake: DiscordState, threadId: string, user: FakeUser): void {
  fake.threads.get(threadId)?.members?.delete(user.id);
}

/**
 * Get Thread Member (resources/channel.mdx): "Returns a thread member object for the specified
 * user if they are a member of the thread, returns a 404 response otherwise". Unlike List Thread
 * Members it is not "restricted according to whether the `GUILD_MEMBERS` Privileged Intent is
 * enabled". The docs give no JSON code for the 404; the fake answers 10007 "Unknown member"
 * (topics/opcodes-and-status-codes.mdx, "JSON Error Codes"), as for a member not found elsewhere.
 * A public thread's membership is not kept here: everyone who views its parent may view it.
 */
export function getThreadMember(
  fake: DiscordState,
  threadId: string,
  userId: string,
): { status: number; json: unknown } {
  const thread = fake.threads.get(threadId);
  if (!thread) return { status: 404, json: { message: FAILURE.unknownChannel.message, code: 10003 } };
  if (!thread.members?.has(userId)) return { status: 404, json: { message: 'Unknown Member', code: 10007 } };
  // "Thread Member Object": id and user_id are "omitted on the member sent within each thread in
  // the GUILD_CREATE event", so present here.
  return {
    status: 200,
    json: { id: threadId, user_id: userId, join_timestamp: new Date(0).toISOString(), flags: 0 },
  };
}

/** Whether a request is Get Thread Member: GET /channels/{thread.id}/thread-members/{user.id}. */
export function isGetThreadMember(r: RecordedRequest): boolean {
  const parts = r.path.split('/').filter(Boolean);
  return r.method === 'GET' && parts[0] === 'channels' && parts[2] === 'thread-members' && parts.length === 4;
}

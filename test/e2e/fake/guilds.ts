// Servers (guilds) and their members: a server's JSON as GUILD_CREATE carries it, a member as
// interactions and resolved data carry it, and the bot joining, leaving and rejoining servers.
import { channelJson } from './channels.js';
import { FAILURE, refuse } from './failures.js';
import { MEMBER_PERMISSIONS } from './permissions.js';
import { dispatch, snowflakeOnShard } from './shards.js';
import { snowflake, type DiscordState, type FakeUser, type RecordedRequest } from './state.js';

/**
 * GET /guilds/{guild.id} (resources/guild.mdx, "Get Guild"): the server's object, without what
 * only GUILD_CREATE carries (channels, threads, members, presences), to a bot that is in it; a
 * server it is not in answers 403 50001 Missing Access (topics/opcodes-and-status-codes.mdx,
 * "JSON Error Codes"), as every route of a server not the bot's does.
 */
export function getGuild(fake: DiscordState, r: RecordedRequest, guildId: string): { status: number; json: unknown } {
  if (!fake.guilds.has(guildId)) return refuse(fake, r, FAILURE.missingAccess);
  const { channels: _c, threads: _t, members: _m, presences: _p, ...guild } = guildJson(fake, guildId);
  return { status: 200, json: guild };
}

export function guildJson(fake: DiscordState, guildId: string): Record<string, unknown> {
  const channels = new Set([...fake.channelGuild].filter(([, g]) => g === guildId).map(([c]) => c));
  if (guildId === fake.guildId) channels.add(fake.channelId);
  return {
    id: guildId,
    name: 'Senet Club',
    icon: null,
    preferred_locale: fake.guildLocale,
    owner_id: snowflake(),
    unavailable: false,
    member_count: 3,
    // resources/guild.mdx, "Guild Object": roles; topics/permissions.mdx, "Role Object": the
    // @everyone role has the server's id. Its permissions are what a plain member has.
    roles: [
      {
        id: guildId,
        name: '@everyone',
        color: 0,
        hoist: false,
        position: 0,
        permissions: MEMBER_PERMISSIONS,
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    features: [],
    channels: [...channels].filter((c) => !fake.threads.has(c)).map((c) => channelJson(fake, c)),
    threads: [],
    members: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    joined_at: new Date(0).toISOString(),
    large: false,
  };
}

/**
 * A member of `guildId` as interactions carry them (resources/guild.mdx, "Guild Member Object"):
 * `nick` is their nickname in that server, null when they have none.
 */
export function member(
  fake: DiscordState,
  user: FakeUser,
  withUser: boolean,
  guildId: string,
): Record<string, unknown> {
  return {
    ...(withUser ? { user } : {}),
    nick: fake.nicknames.get(nicknameKey(guildId, user.id)) ?? null,
    roles: [],
    joined_at: new Date(0).toISOString(),
    deaf: false,
    mute: false,
    flags: 0,
    permissions: fake.memberPermissions.get(user.id) ?? MEMBER_PERMISSIONS,
  };
}

/** Where a member's nickname in one server is kept. */
export const nicknameKey = (guildId: string, userId: string): string => `${guildId}:${userId}`;

/**
 * The bot is added to a new server (on `shard` of `count` if given): the shard connected for it
 * gets its GUILD_CREATE. Tests then type commands there with `guildId` (and a new `channelId`).
 */
export function addGuild(fake: DiscordState, on?: { shard: number; count: number }): string {
  const guildId = on ? snowflakeOnShard(on.shard, on.count) : snowflake();
  fake.guilds.add(guildId);
  dispatch(fake, 'GUILD_CREATE', guildJson(fake, guildId), guildId);
  return guildId;
}

/**
 * The bot is removed from a server (kicked, or the server deleted): Discord sends GUILD_DELETE
 * with an unavailable guild object whose `unavailable` is not set, which is how a removal is
 * told from an outage (events/gateway-events.mdx, "Guild Delete").
 */
export function removeGuild(fake: DiscordState, guildId: string): void {
  fake.guilds.delete(guildId);
  dispatch(fake, 'GUILD_DELETE', { id: guildId }, guildId);
}

/** The bot is added back to a server it was removed from: GUILD_CREATE, sent when "user joined a new guild" (events/gateway-events.mdx, "Guild Create"). */
export function rejoinGuild(fake: DiscordState, guildId: string): void {
  fake.guilds.add(guildId);
  dispatch(fake, 'GUILD_CREATE', guildJson(fake, guildId), guildId);
}

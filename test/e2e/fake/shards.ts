// Which shard gets what: Discord's formula for a server's shard, server ids placed on a chosen
// shard, and gateway events (dispatches) sent to the connection that serves their server.
import { snowflake, type DiscordState } from './state.js';

/** The shard that gets a server's events, by Discord's formula; DMs (no server) go to shard 0. */
export function shardOfGuild(guildId: string | null, count: number): number {
  return guildId === null ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** A server id that falls on `shard` of `count` (its timestamp part chosen so). */
export function snowflakeOnShard(shard: number, count: number): string {
  const id = BigInt(snowflake());
  const time = id >> 22n;
  const onShard = time - (time % BigInt(count)) + BigInt(shard);
  return ((onShard << 22n) | (id & 0x3fffffn)).toString();
}

/** Sends an event to the shard that gets `guildId`'s events (null: a DM's, shard 0), as Discord routes them. */
export function dispatch(fake: DiscordState, t: string, d: unknown, guildId: string | null): void {
  const frame = JSON.stringify({ op: 0, t, s: ++fake.gatewaySeq, d });
  for (const [socket, [id, count]] of fake.shardOfSocket) {
    if (shardOfGuild(guildId, count) === id) socket.send(frame);
  }
}

// Which process does a server's timed work. Discord gives each gateway shard the servers whose id
// falls on it by `(guild_id >> 22) % shard_count`, and sends the DMs to shard 0; the process holding
// a shard also runs its servers' deadlines, reminders, catch-up and the computer's pending turns, so
// two processes on one database file never both do them and none is left undone. Games outside
// servers (stored with guild_id '') belong to shard 0, as DMs do.

/** A process's share of the servers: shard `id` of `count`. */
export interface ShardScope {
  readonly id: number;
  readonly count: number;
}

/** One process serving every server (no sharding). */
export const ONE_SHARD: ShardScope = { id: 0, count: 1 };

/**
 * The SQL condition "this row's server is on the shard", in a form both dialects take: server ids
 * are below 2^63, so a BIGINT (SQLite's integers are 64-bit anyway) shifts exactly; games outside
 * servers have guild_id '', which PostgreSQL refuses to cast, so NULLIF makes it NULL and COALESCE
 * puts it on shard 0. The numbers are checked integers, written into the statement once when it
 * is prepared (a store serves one shard for its whole life).
 */
export function onShard(scope: ShardScope, column = 'guild_id'): string {
  const { id, count } = scope;
  if (!isShard(scope)) throw new RangeError(`not a shard: ${id} of ${count}`);
  return count === 1 ? 'TRUE' : `((COALESCE(CAST(NULLIF(${column}, '') AS BIGINT), 0) >> 22) % ${count}) = ${id}`;
}

/** Whether `scope` names a shard: whole numbers, 0 ≤ id < count. */
export function isShard({ id, count }: ShardScope): boolean {
  return Number.isInteger(count) && count >= 1 && Number.isInteger(id) && id >= 0 && id < count;
}

/** Whether a server's work is on the shard (onShard's formula, for a row already read): '' outside servers is shard 0's. */
export function serverOnShard(scope: ShardScope, guildId: string): boolean {
  if (scope.count === 1) return true;
  const id = /^\d+$/.test(guildId) ? BigInt(guildId) : 0n;
  return Number((id >> 22n) % BigInt(scope.count)) === scope.id;
}

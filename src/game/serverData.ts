// A server's data: shown to and deleted by its admins (/senet-admin data), and deleted on its own
// a grace period after the bot left the server (removed, or the server deleted), unless the bot is
// added back before then. The deletion is timed work of the shard that holds the server. While the
// bot is still in the server, what it posted there that names the players (the live games' turn
// reminders) and the tournaments' scheduled events are deleted from Discord after the commit, from
// outboxes the sweeper works through when Discord fails at first (src/bot/deletionFollowUp.ts).
import type { EventRef, ServerDataRecord } from '../db/privacyStore.js';
import { type AdminInput, requireManager } from './admin.js';
import type { ServiceCore } from './core.js';
import { type Outcome, fail, ok } from './types.js';

export type ServerData = ServerDataRecord;
export type { EventRef } from '../db/privacyStore.js';

/** Failed deletions of a scheduled event before it is left as it is (the bot lost access to the server). */
const MAX_EVENT_ATTEMPTS = 5;

/** How long a server's data is kept after the bot left it: time to add the bot back by mistake undone. */
export const LEFT_SERVER_GRACE_MS = 30 * 24 * 3_600_000;

export async function serverData(core: ServiceCore, input: AdminInput): Promise<Outcome<ServerData>> {
  return requireManager(input) ?? ok(await core.privacy.serverData(input.guildId));
}

/** Deletes everything stored for the admin's server at once; answers with what was stored. */
export async function deleteServerData(core: ServiceCore, input: AdminInput): Promise<Outcome<ServerData>> {
  const refused = requireManager(input);
  if (refused) return refused;
  return core.transact(async (core) => {
    const data = await core.privacy.serverData(input.guildId);
    await core.privacy.purgeServer(input.guildId, true);
    core.live.forgetServer(input.guildId);
    return ok(data);
  });
}

/** A deleted server's scheduled events still to delete from Discord. */
export async function eventDeletions(core: ServiceCore, guildId: string): Promise<EventRef[]> {
  return (await core.privacy.eventDeletions(guildId)).map((eventId) => ({ guildId, eventId }));
}

/** Scheduled events still to delete from Discord (of this shard's servers), fewest failed attempts first. */
export async function dueEventDeletions(core: ServiceCore, limit: number): Promise<EventRef[]> {
  return await core.privacy.dueEventDeletions(limit);
}

/** A scheduled event deleted (or gone already), or not (tried again at the next sweeps, a few times). */
export async function eventDeleted(core: ServiceCore, event: EventRef, done: boolean): Promise<Outcome<null>> {
  return core.transact(async (core) => {
    if (done) await core.privacy.eventDeleted(event);
    else await core.privacy.eventDeletionFailed(event, MAX_EVENT_ATTEMPTS);
    return ok(null);
  });
}

/** The bot was removed from a server (or the server deleted): its data goes after the grace period. */
export async function serverLeft(core: ServiceCore, guildId: string): Promise<Outcome<null>> {
  const now = core.now();
  return core.transact(async (core) => {
    await core.privacy.markLeft(guildId, now, now + LEFT_SERVER_GRACE_MS);
    return ok(null);
  });
}

/** The bot is in these servers (joined again, or found at start-up): nothing of theirs is deleted. */
export async function serversPresent(core: ServiceCore, guildIds: readonly string[]): Promise<Outcome<string[]>> {
  return core.transact(async (core) => {
    const present: string[] = [];
    for (const id of guildIds) if (await core.privacy.markPresent(id)) present.push(id);
    return ok(present);
  });
}

/**
 * Deletes the data of the servers on this process's shard whose grace period is over, each in a
 * transaction of its own that checks again (the bot may have been added back a moment ago).
 * Answers with the servers deleted.
 */
export async function purgeLeftServers(core: ServiceCore): Promise<string[]> {
  const now = core.now();
  const deleted: string[] = [];
  for (const guildId of await core.privacy.dueServerPurges(now)) {
    const purged = await core.transact(async (core) => {
      if (!(await core.privacy.purgeDue(guildId, now))) return fail('finished', 'error.movedOn');
      // The bot is no longer in the server: what it posted there is beyond its reach.
      await core.privacy.purgeServer(guildId, false);
      return ok(null);
    });
    if (purged.ok) deleted.push(guildId);
  }
  return deleted;
}

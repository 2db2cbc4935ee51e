// A server's data: shown to and deleted by its admins (/senet-admin data), and deleted on its own
// a grace period after the bot left the server (removed, or the server deleted), unless the bot is
// added back before then. The deletion is timed work of the shard that holds the server.
import type { ServerDataRecord } from '../db/privacyStore.js';
import { type AdminInput, requireManager } from './admin.js';
import type { ServiceCore } from './core.js';
import { type Outcome, fail, ok } from './types.js';

export type ServerData = ServerDataRecord;

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
    await core.privacy.purgeServer(input.guildId);
    return ok(data);
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
      await core.privacy.purgeServer(guildId);
      return ok(null);
    });
    if (purged.ok) deleted.push(guildId);
  }
  return deleted;
}

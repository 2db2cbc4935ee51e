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

export function serverData(core: ServiceCore, input: AdminInput): Outcome<ServerData> {
  return requireManager(input) ?? ok(core.privacy.serverData(input.guildId));
}

/** Deletes everything stored for the admin's server at once; answers with what was stored. */
export function deleteServerData(core: ServiceCore, input: AdminInput): Outcome<ServerData> {
  const refused = requireManager(input);
  if (refused) return refused;
  return core.transact(() => {
    const data = core.privacy.serverData(input.guildId);
    core.privacy.purgeServer(input.guildId);
    return ok(data);
  });
}

/** The bot was removed from a server (or the server deleted): its data goes after the grace period. */
export function serverLeft(core: ServiceCore, guildId: string): Outcome<null> {
  const now = core.now();
  return core.transact(() => {
    core.privacy.markLeft(guildId, now, now + LEFT_SERVER_GRACE_MS);
    return ok(null);
  });
}

/** The bot is in these servers (joined again, or found at start-up): nothing of theirs is deleted. */
export function serversPresent(core: ServiceCore, guildIds: readonly string[]): Outcome<string[]> {
  return core.transact(() => ok(guildIds.filter((id) => core.privacy.markPresent(id))));
}

/**
 * Deletes the data of the servers on this process's shard whose grace period is over, each in a
 * transaction of its own that checks again (the bot may have been added back a moment ago).
 * Answers with the servers deleted.
 */
export function purgeLeftServers(core: ServiceCore): string[] {
  const now = core.now();
  return core.privacy.dueServerPurges(now).filter((guildId) => {
    const purged = core.transact(() => {
      if (!core.privacy.purgeDue(guildId, now)) return fail('finished', 'error.movedOn');
      core.privacy.purgeServer(guildId);
      return ok(null);
    });
    return purged.ok;
  });
}

// Data rights, a person's and a server's. A person's (/senet privacy): what the bot stores about
// them, and deleting it. Their games stay, for their opponents' records and replays, with a stand-in
// in their seat: a new player id ('deleted:…') named as a deleted player, which nothing links back
// to them. Ratings are frozen:
// their opponents' ratings and past rating changes stay as they were (recomputing them would move
// other people's ratings without a game, and closed seasons' tables never change), and their own
// ratings stay in the tables under the stand-in. Their names, settings and stored answer tokens go.
// What the bot shows of them in Discord follows: the tournament messages that named them are drawn
// again with the stand-in (by the tournament runner, after the commit and at every sweep until
// Discord took the edit).
import { randomUUID } from 'node:crypto';
import type { EventRef, PlayerDataRecord, ServerDataRecord } from '../db/privacyStore.js';
import type { ServiceCore } from './core.js';
import { type AdminInput, requireManager } from './refusals.js';
import { type Outcome, fail, ok } from './types.js';

export type PlayerData = PlayerDataRecord;
export type { EventRef } from '../db/privacyStore.js';

/** What a deletion did: what was stored, and the tournaments whose message it changed (to be drawn again). */
export interface PlayerForgotten {
  data: PlayerData;
  tournaments: number[];
}

/** The prefix of every stand-in's id; the action log's trigger allows only such ids to replace a person's. */
export const STAND_IN_PREFIX = 'deleted:';

/** Of these tournaments, those whose message still shows an older version than the database holds. */
export async function tournamentsBehind(core: ServiceCore, ids: readonly number[]): Promise<number[]> {
  const behind: number[] = [];
  for (const id of ids) {
    const t = await core.tournaments.tournament(id);
    if (t?.messageId && (t.shownVersion === null || t.shownVersion < t.version)) behind.push(id);
  }
  return behind;
}

export async function playerData(core: ServiceCore, userId: string): Promise<PlayerData> {
  return await core.privacy.playerData(userId);
}

/** Whether anything shared with other people holds the person's id (else there is nothing to stand in for). */
const sharedRecords = (d: PlayerData): number =>
  d.games + d.challenges + d.ratings + d.ratingChanges + d.adminMarks + d.tournaments;

/** Whether the bot stores anything at all about the person. */
export const storesAnything = (d: PlayerData): boolean =>
  d.name !== null || d.reminders !== null || sharedRecords(d) > 0;

/**
 * Deletes what the bot stores about a person, in one transaction; answers with what was stored.
 * Refused while they have a live game or an open challenge: those still need them (they can
 * resign or withdraw first). `standInName`: the name their seat shows from now on.
 */
export async function forgetPlayer(
  core: ServiceCore,
  input: { userId: string; standInName: string },
): Promise<Outcome<PlayerForgotten>> {
  return core.transact(async (core) => {
    const data = await core.privacy.playerData(input.userId);
    if (data.liveGames > 0 || data.pendingChallenges > 0)
      return fail('invalid', 'privacy.stillPlaying', { games: data.liveGames, challenges: data.pendingChallenges });
    // Their messages show the stand-in from now on: left (not begun yet) or replaced (under way or over).
    const tournaments = await core.privacy.tournamentsOf(input.userId);
    for (const id of tournaments) await core.tournamentChanged(id);
    if (sharedRecords(data) > 0)
      await core.privacy.replaceWithStandIn(
        input.userId,
        STAND_IN_PREFIX + randomUUID(),
        input.standInName,
        core.now(),
      );
    await core.privacy.deleteOwnRows(input.userId);
    return ok({ data, tournaments });
  });
}

// A server's data: shown to and deleted by its admins (/senet-admin data), and deleted on its own
// a grace period after the bot left the server (removed, or the server deleted), unless the bot is
// added back before then. The deletion is timed work of the shard that holds the server. While the
// bot is still in the server, what it posted there that names the players (the live games' turn
// reminders) and the tournaments' scheduled events are deleted from Discord after the commit, from
// outboxes the sweeper works through when Discord fails at first (src/bot/deletionFollowUp.ts).
export type ServerData = ServerDataRecord;

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

// A person's data rights (/senet privacy): what the bot stores about them, and deleting it. Their
// games stay, for their opponents' records and replays, with a stand-in in their seat: a new player
// id ('deleted:…') named as a deleted player, which nothing links back to them. Ratings are frozen:
// their opponents' ratings and past rating changes stay as they were (recomputing them would move
// other people's ratings without a game, and closed seasons' tables never change), and their own
// ratings stay in the tables under the stand-in. Their names, settings and stored answer tokens go.
// What the bot shows of them in Discord follows: the tournament messages that named them are drawn
// again with the stand-in (by the tournament runner, after the commit and at every sweep until
// Discord took the edit).
import { randomUUID } from 'node:crypto';
import type { PlayerDataRecord } from '../db/privacyStore.js';
import type { ServiceCore } from './core.js';
import { type Outcome, fail, ok } from './types.js';

export type PlayerData = PlayerDataRecord;

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

// Leaderboard seasons: an admin closes the current season and the next one starts. Ratings start
// again each season (a player's first rated game of a season starts from the initial rating);
// a game's result counts in the season running when it ends. Closed seasons stay readable.
import { type AdminInput, requireManager } from './admin.js';
import type { ServiceCore } from './core.js';
import { leaderboard } from './playerRecords.js';
import { type LeaderboardEntry, type Outcome, fail, ok } from './types.js';

export interface SeasonClosed {
  /** The season just closed, and its final table. */
  closed: number;
  finalTable: LeaderboardEntry[];
  /** The season now running. */
  current: number;
}

/** Closes the current season and starts the next, in one transaction. */
export async function newSeason(core: ServiceCore, input: AdminInput): Promise<Outcome<SeasonClosed>> {
  const refused = requireManager(input);
  if (refused) return refused;
  return core.transact(async (core) => {
    const closed = await core.server.currentSeason(input.guildId);
    const finalTable = await leaderboard(core.ratings, { guildId: input.guildId, season: closed });
    if (!finalTable.ok) return finalTable;
    await core.server.startSeason(input.guildId, closed + 1, core.now(), input.userId);
    return ok({ closed, finalTable: finalTable.value, current: closed + 1 });
  });
}

/** A season's leaderboard (default: the current season's). */
export async function seasonLeaderboard(
  core: ServiceCore,
  input: { guildId: string; ruleset?: string; season?: number; limit?: number },
): Promise<Outcome<LeaderboardEntry[]>> {
  const season = await seasonAsked(core, input.guildId, input.season);
  return season.ok ? await leaderboard(core.ratings, { ...input, season: season.value }) : season;
}

/** The season a look-up asks for (default: the current one), refused if it has not started. */
async function seasonAsked(core: ServiceCore, guildId: string, season?: number): Promise<Outcome<number>> {
  const current = await core.server.currentSeason(guildId);
  if (season === undefined) return ok(current);
  if (!Number.isInteger(season) || season < 1 || season > current) {
    return fail('invalid', 'error.noSuchSeason', { season, current });
  }
  return ok(season);
}

// Leaderboard seasons: an admin closes the current season and the next one starts. Ratings start
// again each season (a player's first rated game of a season starts from the initial rating);
// a game's result counts in the season running when it ends. Closed seasons stay readable.
import { type AdminInput, requireManager } from './refusals.js';
import type { ServiceCore } from './core.js';
import { seasonTable } from './playerRecords.js';
import { type LeaderboardEntry, type Outcome, ok } from './types.js';
import type { Viewer } from './visibility.js';

export interface SeasonClosed {
  /** The season just closed, and its final table (of the games the admin could see). */
  closed: number;
  finalTable: LeaderboardEntry[];
  /** The season now running. */
  current: number;
}

/**
 * Closes the current season and starts the next, in one transaction. The final table is read
 * after it: no result counts in a closed season, and who may view which channel is not asked
 * inside a transaction (src/game/visibility.ts).
 */
export async function newSeason(
  core: ServiceCore,
  input: AdminInput & { viewer: Viewer },
): Promise<Outcome<SeasonClosed>> {
  const refused = requireManager(input);
  if (refused) return refused;
  const closing = await core.transact(async (core) => {
    const closed = await core.server.currentSeason(input.guildId);
    await core.server.startSeason(input.guildId, closed + 1, core.now(), input.userId);
    return ok(closed);
  });
  if (!closing.ok) return closing;
  const closed = closing.value;
  const finalTable = await seasonTable(core, { viewer: input.viewer, season: closed });
  return finalTable.ok ? ok({ closed, finalTable: finalTable.value, current: closed + 1 }) : finalTable;
}

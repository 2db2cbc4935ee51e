// Ratings, leaderboards, stats and history over the stores: what the service answers about
// players rather than games. Rating changes are written inside the transaction that ends a game.
// What is read counts only the games the asker could see where they were played
// (src/game/visibility.ts): outside servers someone else's totals, in a server the games of the
// channels and threads the asker may view. Each answer reads its rows in one or two queries and
// asks about each channel once, never a query per game.
import type { GameRecord } from '../db/records.js';
import type { PlayedGameRecord, RatingStore } from '../db/ratingStore.js';
import type { ServiceCore } from './core.js';
import { RULESET_IDS, type Side, isRuleSetId, opponentOf } from '../engine/index.js';
import { userText } from '../i18n/index.js';
import { INITIAL_RATING, rateGame } from './ratings.js';
import { historyEntry, rankStandings, standingsSeen, summarise } from './playerStandings.js';
import {
  type HistoryEntry,
  type LeaderboardEntry,
  type Outcome,
  type PlayerStats,
  type RatingChange,
  fail,
  ok,
} from './types.js';
import { type Viewer, totalsOnly, viewable } from './visibility.js';

/**
 * Updates both players' guild ratings in the current `season` for a rated game `winnerSide` won;
 * call inside the game's transaction. A player's first game of a season starts from the initial rating.
 */
export async function recordRatedResult(
  ratings: RatingStore,
  game: GameRecord,
  winnerSide: Side,
  now: number,
  season: number,
): Promise<RatingChange[]> {
  const ids = { winner: game.seats[winnerSide], loser: game.seats[opponentOf(winnerSide)] };
  const before = {
    winner: (await ratings.rating(game.guildId, season, ids.winner)) ?? { ...INITIAL_RATING, games: 0 },
    loser: (await ratings.rating(game.guildId, season, ids.loser)) ?? { ...INITIAL_RATING, games: 0 },
  };
  const after = rateGame(before.winner, before.loser);
  await ratings.setGameSeason(game.id, season);
  const changes: RatingChange[] = [];
  for (const who of ['winner', 'loser'] as const) {
    const userId = ids[who];
    const next = after[who];
    await ratings.saveRating({
      guildId: game.guildId,
      season,
      userId,
      ...next,
      games: before[who].games + 1,
      updatedAt: now,
    });
    await ratings.addRatingChange({
      guildId: game.guildId,
      season,
      userId,
      gameId: game.id,
      before: before[who].rating,
      after: next.rating,
      rd: next.rd,
      at: now,
    });
    changes.push({ userId, before: Math.round(before[who].rating), after: Math.round(next.rating) });
  }
  return changes;
}

/** A season's leaderboard where the asker is, or one rule set's, from the games they could see (see rankStandings for the order). */
export async function seasonTable(
  core: ServiceCore,
  input: { viewer: Viewer; season: number; ruleset?: string; limit?: number },
): Promise<Outcome<LeaderboardEntry[]>> {
  const ruleset = input.ruleset ?? null;
  if (ruleset !== null && !isRuleSetId(ruleset))
    return fail('invalid', 'refusal.unknownRuleset', { id: ruleset, choices: RULESET_IDS.join(', ') });
  const { guildId } = input.viewer;
  const results = await core.ratings.resultsByChannel(guildId, input.season, ruleset);
  const ratings = await core.ratings.ratingsByChannel(guildId, input.season);
  const places = [...new Set(results.map((r) => r.channelId))].map((channelId) => ({ guildId, channelId }));
  const seen = new Set((await viewable(input.viewer, places)).map((p) => p.channelId));
  const rows = standingsSeen(results, ratings, seen);
  return ok(rankStandings(rows, ruleset === null ? 'rating' : 'winRate', input.limit ?? 10));
}

/**
 * A player's figures where the asker is: all-time totals, and the current season's rating and
 * rated record, from the games the asker could see. The rating shown is the one after the latest
 * of those games (a rating moves with every rated game: a later one would tell of games hidden
 * from the asker). Outside servers, someone else's totals only (src/game/visibility.ts).
 */
export async function stats(
  core: ServiceCore,
  input: { viewer: Viewer; userId: string },
): Promise<Outcome<PlayerStats>> {
  const { viewer, userId } = input;
  const name = await core.games.playerName(userId, viewer.guildId);
  if (name === undefined) return fail('not-found', 'error.neverPlayed');
  const season = await core.server.currentSeason(viewer.guildId);
  const all = await core.ratings.playedGames(viewer.guildId, userId);
  const player = { id: userId, name: userText(name) };
  if (totalsOnly(viewer, userId)) return ok(totalsOf(player, season, all));
  const played = await seenGames(viewer, userId, all);
  const seenIds = new Set(played.map((g) => g.gameId));
  const history = (await core.ratings.ratingHistory(viewer.guildId, season, userId)).filter((c) =>
    seenIds.has(c.gameId),
  );
  const latest = history.at(-1);
  return ok({
    player,
    season,
    totalsOnly: false,
    rating: latest ? Math.round(latest.after) : null,
    ...summarise(played, season),
    ratingHistory: history.map((c) => ({
      gameId: c.gameId,
      before: Math.round(c.before),
      after: Math.round(c.after),
      at: c.at,
    })),
  });
}

/** Someone's totals alone: games, wins, losses (see totalsOnly). */
function totalsOf(player: PlayerStats['player'], season: number, played: readonly PlayedGameRecord[]): PlayerStats {
  const { total } = summarise(played, season);
  const none = { games: 0, wins: 0, losses: 0, winRate: 0 };
  return {
    player,
    season,
    totalsOnly: true,
    rating: null,
    provisional: true,
    seasonRecord: none,
    total,
    byRuleset: [],
    vsBot: none,
    streak: null,
    ratingHistory: [],
  };
}

/** The player's last games here that the asker may see, newest first. */
export async function history(
  core: ServiceCore,
  input: { viewer: Viewer; userId: string; limit?: number },
): Promise<Outcome<HistoryEntry[]>> {
  if ((await core.games.playerName(input.userId, input.viewer.guildId)) === undefined)
    return fail('not-found', 'error.neverPlayed');
  const { viewer } = input;
  const seen = await seenGames(viewer, input.userId, await core.ratings.playedGames(viewer.guildId, input.userId));
  return ok(seen.slice(0, input.limit ?? 10).map(historyEntry));
}

/** Which of a player's games (all in the asker's server, or all outside servers) the asker could see. */
async function seenGames(
  viewer: Viewer,
  userId: string,
  played: readonly PlayedGameRecord[],
): Promise<PlayedGameRecord[]> {
  const placed = played.map((g) => ({ guildId: viewer.guildId, channelId: g.channelId, seats: seatsOf(userId, g), g }));
  return (await viewable(viewer, placed)).map((p) => p.g);
}

/** The seats of a played game, from one player's side. */
function seatsOf(userId: string, g: PlayedGameRecord): Record<Side, string> {
  return g.side === 'W' ? { W: userId, B: g.opponentId } : { W: g.opponentId, B: userId };
}

/** The season running in a server. */
export async function currentSeason(core: ServiceCore, guildId: string): Promise<number> {
  return await core.server.currentSeason(guildId);
}

/** A season's leaderboard where the asker is (default: the current season's). */
export async function leaderboard(
  core: ServiceCore,
  input: { viewer: Viewer; ruleset?: string; season?: number; limit?: number },
): Promise<Outcome<LeaderboardEntry[]>> {
  const season = await seasonAsked(core, input.viewer.guildId, input.season);
  return season.ok ? await seasonTable(core, { ...input, season: season.value }) : season;
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

// Ratings, leaderboards, stats and history over the stores: what the service answers about
// players rather than games. Rating changes are written inside the transaction that ends a game.
import type { GameStore } from '../db/gameStore.js';
import type { GameRecord } from '../db/records.js';
import type { PlayedGameRecord, RatingStore } from '../db/ratingStore.js';
import type { ServiceCore } from './core.js';
import { RULESET_IDS, type Side, isRuleSetId, opponentOf } from '../engine/index.js';
import { userText } from '../i18n/index.js';
import { INITIAL_RATING, PROVISIONAL_GAMES, rateGame } from './ratings.js';
import { historyEntry, rankStandings, summarise } from './standings.js';
import {
  type HistoryEntry,
  type LeaderboardEntry,
  type Outcome,
  type PlayerStats,
  type RatingChange,
  fail,
  ok,
} from './types.js';
import { type Viewer, mayView, statsFor } from './visibility.js';

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

/** A season's leaderboard in the guild, or one rule set's (see rankStandings for the order). */
export async function leaderboard(
  ratings: RatingStore,
  input: { guildId: string; season: number; ruleset?: string; limit?: number },
): Promise<Outcome<LeaderboardEntry[]>> {
  const ruleset = input.ruleset ?? null;
  if (ruleset !== null && !isRuleSetId(ruleset))
    return fail('invalid', 'refusal.unknownRuleset', { id: ruleset, choices: RULESET_IDS.join(', ') });
  const rows = await ratings.standings(input.guildId, input.season, ruleset);
  return ok(rankStandings(rows, ruleset === null ? 'rating' : 'winRate', input.limit ?? 10));
}

/** A player's figures in the guild: all-time totals, and the current `season`'s rating and rated record. */
async function playerStats(
  games: GameStore,
  ratings: RatingStore,
  input: { guildId: string; userId: string; season: number },
): Promise<Outcome<PlayerStats>> {
  const name = await games.playerName(input.userId, input.guildId);
  if (name === undefined) return fail('not-found', 'error.neverPlayed');
  const rating = await ratings.rating(input.guildId, input.season, input.userId);
  const standing = (await ratings.standings(input.guildId, input.season, null)).find((r) => r.userId === input.userId);
  const seasonGames = standing?.games ?? 0;
  const seasonWins = standing?.wins ?? 0;
  return ok({
    player: { id: input.userId, name: userText(name) },
    season: input.season,
    rating: rating ? Math.round(rating.rating) : null,
    provisional: !rating || rating.games < PROVISIONAL_GAMES,
    seasonRecord: {
      games: seasonGames,
      wins: seasonWins,
      losses: seasonGames - seasonWins,
      winRate: seasonGames === 0 ? 0 : seasonWins / seasonGames,
    },
    ...summarise(await ratings.playedGames(input.guildId, input.userId)),
    ratingHistory: (await ratings.ratingHistory(input.guildId, input.season, input.userId)).map((c) => ({
      gameId: c.gameId,
      before: Math.round(c.before),
      after: Math.round(c.after),
      at: c.at,
    })),
  });
}

/** The player's last games here that the asker may see, newest first. */
/** A player's figures where the asker is, as much as the asker may see (src/game/visibility.ts). */
export async function statsHere(
  core: ServiceCore,
  input: { viewer: Viewer; userId: string },
): Promise<Outcome<PlayerStats>> {
  const { guildId } = input.viewer;
  const season = await core.server.currentSeason(guildId);
  const found = await playerStats(core.games, core.ratings, { guildId, userId: input.userId, season });
  return found.ok ? ok(statsFor(input.viewer, found.value)) : found;
}

export async function playerHistory(
  games: GameStore,
  ratings: RatingStore,
  input: { viewer: Viewer; userId: string; limit?: number },
): Promise<Outcome<HistoryEntry[]>> {
  if ((await games.playerName(input.userId, input.viewer.guildId)) === undefined)
    return fail('not-found', 'error.neverPlayed');
  const { viewer } = input;
  const seen = (await ratings.playedGames(viewer.guildId, input.userId)).filter((g) =>
    mayView(viewer, { guildId: viewer.guildId, channelId: g.channelId, seats: seatsOf(input.userId, g) }),
  );
  return ok(seen.slice(0, input.limit ?? 10).map(historyEntry));
}

/** The seats of a played game, from one player's side. */
function seatsOf(userId: string, g: PlayedGameRecord): Record<Side, string> {
  return g.side === 'W' ? { W: userId, B: g.opponentId } : { W: g.opponentId, B: userId };
}

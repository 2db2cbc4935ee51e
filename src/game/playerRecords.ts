// Ratings, leaderboards, stats and history over the stores: what the service answers about
// players rather than games. Rating changes are written inside the transaction that ends a game.
import type { GameStore } from '../db/gameStore.js';
import type { GameRecord } from '../db/records.js';
import type { RatingStore } from '../db/ratingStore.js';
import { type Side, isRuleSetId, opponentOf } from '../engine/index.js';
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

/** Updates both players' guild ratings for a rated game `winnerSide` won; call inside the game's transaction. */
export function recordRatedResult(
  ratings: RatingStore,
  game: GameRecord,
  winnerSide: Side,
  now: number,
): RatingChange[] {
  const ids = { winner: game.seats[winnerSide], loser: game.seats[opponentOf(winnerSide)] };
  const before = {
    winner: ratings.rating(game.guildId, ids.winner) ?? { ...INITIAL_RATING, games: 0 },
    loser: ratings.rating(game.guildId, ids.loser) ?? { ...INITIAL_RATING, games: 0 },
  };
  const after = rateGame(before.winner, before.loser);
  return (['winner', 'loser'] as const).map((who) => {
    const userId = ids[who];
    const next = after[who];
    ratings.saveRating({ guildId: game.guildId, userId, ...next, games: before[who].games + 1, updatedAt: now });
    ratings.addRatingChange({
      guildId: game.guildId,
      userId,
      gameId: game.id,
      before: before[who].rating,
      after: next.rating,
      rd: next.rd,
      at: now,
    });
    return { userId, before: Math.round(before[who].rating), after: Math.round(next.rating) };
  });
}

/** The guild's leaderboard, or one rule set's (see rankStandings for the order). */
export function leaderboard(
  ratings: RatingStore,
  input: { guildId: string; ruleset?: string; limit?: number },
): Outcome<LeaderboardEntry[]> {
  const ruleset = input.ruleset ?? null;
  if (ruleset !== null && !isRuleSetId(ruleset)) return fail('invalid', `Unknown rule set "${ruleset}".`);
  const rows = ratings.standings(input.guildId, ruleset);
  return ok(rankStandings(rows, ruleset === null ? 'rating' : 'winRate', input.limit ?? 10));
}

const NEVER_PLAYED = 'That player has not played Senet here yet.';

export function playerStats(
  games: GameStore,
  ratings: RatingStore,
  input: { guildId: string; userId: string },
): Outcome<PlayerStats> {
  const name = games.playerName(input.userId);
  if (name === undefined) return fail('not-found', NEVER_PLAYED);
  const rating = ratings.rating(input.guildId, input.userId);
  return ok({
    player: { id: input.userId, name },
    rating: rating ? Math.round(rating.rating) : null,
    provisional: !rating || rating.games < PROVISIONAL_GAMES,
    ...summarise(ratings.playedGames(input.guildId, input.userId)),
    ratingHistory: ratings
      .ratingHistory(input.guildId, input.userId)
      .map((c) => ({ gameId: c.gameId, before: Math.round(c.before), after: Math.round(c.after), at: c.at })),
  });
}

/** The player's last games in the guild, newest first. */
export function playerHistory(
  games: GameStore,
  ratings: RatingStore,
  input: { guildId: string; userId: string; limit?: number },
): Outcome<HistoryEntry[]> {
  if (games.playerName(input.userId) === undefined) return fail('not-found', NEVER_PLAYED);
  return ok(ratings.playedGames(input.guildId, input.userId, input.limit ?? 10).map(historyEntry));
}

// Ranking and statistics over stored results: pure functions, so the ordering rules are stated
// (and tested) in one place.
import type { PlayedGameRecord, StandingRecord } from '../db/ratingStore.js';
import type { RuleSetId } from '../engine/index.js';
import { userText } from '../i18n/index.js';
import { PROVISIONAL_GAMES } from './ratings.js';
import type { HistoryEntry, LeaderboardEntry, PlayerStats, RulesetRecord } from './types.js';

const byUserId = (a: StandingRecord, b: StandingRecord): number =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;

/**
 * Ranks standings. Established players (≥ PROVISIONAL_GAMES rated games) come before provisional
 * ones. Ratings are guild-wide (a rating mixes every rule set, as players are the same people),
 * so the whole-guild board ranks by rating; a one-rule-set board ranks by win rate in that rule
 * set instead (then wins). Remaining ties: more games, then user id, so the order is stable.
 */
export function rankStandings(
  rows: readonly StandingRecord[],
  by: 'rating' | 'winRate',
  limit: number,
): LeaderboardEntry[] {
  const established = (r: StandingRecord): number => (r.games >= PROVISIONAL_GAMES ? 0 : 1);
  const rate = (r: StandingRecord): number => (r.games === 0 ? 0 : r.wins / r.games);
  const primary =
    by === 'rating'
      ? (a: StandingRecord, b: StandingRecord) => (b.rating ?? -Infinity) - (a.rating ?? -Infinity)
      : (a: StandingRecord, b: StandingRecord) => rate(b) - rate(a) || b.wins - a.wins;
  return [...rows]
    .sort((a, b) => established(a) - established(b) || primary(a, b) || b.games - a.games || byUserId(a, b))
    .slice(0, limit)
    .map((r, i) => ({
      rank: i + 1,
      player: { id: r.userId, name: userText(r.name) },
      rating: r.rating === null ? null : Math.round(r.rating),
      games: r.games,
      wins: r.wins,
      losses: r.games - r.wins,
      provisional: r.games < PROVISIONAL_GAMES,
    }));
}

type Tally = Omit<RulesetRecord, 'ruleset'>;

function tally(games: readonly PlayedGameRecord[]): Tally {
  const wins = games.filter((g) => g.won).length;
  return {
    games: games.length,
    wins,
    losses: games.length - wins,
    winRate: games.length === 0 ? 0 : wins / games.length,
  };
}

/** The run of equal results ending with the newest game (`played` is newest first). */
function currentStreak(played: readonly PlayedGameRecord[]): PlayerStats['streak'] {
  const first = played[0];
  if (!first) return null;
  let length = 0;
  while (length < played.length && played[length]!.won === first.won) length++;
  return { result: first.won ? 'won' : 'lost', length };
}

/** Stats from a player's finished games (newest first): totals, per rule set, against the bot, streak. */
export function summarise(
  played: readonly PlayedGameRecord[],
): Pick<PlayerStats, 'total' | 'byRuleset' | 'vsBot' | 'streak'> {
  const rulesets = [...new Set(played.map((g) => g.ruleset))].sort();
  return {
    total: tally(played),
    byRuleset: rulesets.map((ruleset: RuleSetId) => ({
      ruleset,
      ...tally(played.filter((g) => g.ruleset === ruleset)),
    })),
    vsBot: tally(played.filter((g) => g.vsBot)),
    streak: currentStreak(played),
  };
}

export function historyEntry(g: PlayedGameRecord): HistoryEntry {
  return {
    gameId: g.gameId,
    opponent: { id: g.opponentId, name: userText(g.opponentName) },
    vsBot: g.vsBot,
    ruleset: g.ruleset,
    result: g.won ? 'won' : 'lost',
    reason: g.endReason,
    score: g.score,
    rated: g.rated,
    finishedAt: g.finishedAt,
  };
}

// Ranking and statistics over stored results: pure functions, so the ordering rules are stated
// (and tested) in one place.
import type { ChannelRating, ChannelResults, PlayedGameRecord } from '../db/ratingStore.js';
import type { RuleSetId } from '../engine/index.js';
import { userText } from '../i18n/index.js';
import { PROVISIONAL_GAMES } from './ratings.js';
import type { HistoryEntry, LeaderboardEntry, PlayerStats, RulesetRecord } from './types.js';

/** One leaderboard line before ranking: rated games only. */
interface StandingRecord {
  userId: string;
  name: string;
  /** Guild-wide rating, or null for a player who has no rating yet. */
  rating: number | null;
  games: number;
  wins: number;
}

/**
 * A season's standings from the results in the channels `seen` (those the asker may view): each
 * player's games and wins there, and their rating after the latest of their rated games there (a
 * rating moves with every rated game, so one from a later game would tell of games the asker could
 * not see). A player with no result there is not listed.
 */
export function standingsSeen(
  results: readonly ChannelResults[],
  ratings: readonly ChannelRating[],
  seen: ReadonlySet<string>,
): StandingRecord[] {
  const rows = new Map<string, StandingRecord>();
  for (const r of results) {
    if (!seen.has(r.channelId)) continue;
    const row = rows.get(r.userId) ?? { userId: r.userId, name: r.name, rating: null, games: 0, wins: 0 };
    row.games += r.games;
    row.wins += r.wins;
    rows.set(r.userId, row);
  }
  const latest = new Map<string, ChannelRating>();
  for (const r of ratings) {
    const before = latest.get(r.userId);
    const later = !before || r.at > before.at || (r.at === before.at && r.gameId > before.gameId);
    if (seen.has(r.channelId) && later) latest.set(r.userId, r);
  }
  for (const row of rows.values()) row.rating = latest.get(row.userId)?.rating ?? null;
  return [...rows.values()];
}

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
  while (played[length]?.won === first.won) length++;
  return { result: first.won ? 'won' : 'lost', length };
}

/**
 * Stats from a player's finished games (newest first): totals, per rule set, against the bot,
 * streak, and the rated record of `season` (provisional while it holds fewer than PROVISIONAL_GAMES).
 */
export function summarise(
  played: readonly PlayedGameRecord[],
  season: number,
): Pick<PlayerStats, 'total' | 'byRuleset' | 'vsBot' | 'streak' | 'seasonRecord' | 'provisional'> {
  const rulesets = [...new Set(played.map((g) => g.ruleset))].sort();
  const rated = played.filter((g) => g.rated && g.season === season);
  return {
    seasonRecord: tally(rated),
    provisional: rated.length < PROVISIONAL_GAMES,
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

// Every SQL statement about ratings, leaderboards, player stats and history.
import { NICKNAME_IN, SHOWN_NAME } from './names.js';
import { Query } from './query.js';
import type { Sql } from './database.js';
import type { RuleSetId, Side } from '../engine/index.js';
import type { EndReason, RatingChangeRecord, RatingRecord } from './records.js';

/**
 * A player's rated results of a season in one channel (or thread): the leaderboard counts those of
 * the channels the asker may view (src/game/visibility.ts), so the store hands them over per channel.
 */
export interface ChannelResults {
  userId: string;
  name: string;
  channelId: string;
  games: number;
  wins: number;
}

/** A player's rating after their latest rated game of a season in one channel (or thread). */
export interface ChannelRating {
  userId: string;
  channelId: string;
  rating: number;
  /** When that game ended, and its id (a tie's order): the latest of the channels seen is the rating shown. */
  at: number;
  gameId: number;
}

/** One finished game seen from one player. */
export interface PlayedGameRecord {
  gameId: number;
  /** Where it was played (the channel, not its thread): who may see it depends on it. */
  channelId: string;
  /** The leaderboard season its result counted in (rated games only), else null. */
  season: number | null;
  ruleset: RuleSetId;
  side: Side;
  won: boolean;
  rated: boolean;
  vsBot: boolean;
  opponentId: string;
  opponentName: string;
  endReason: EndReason;
  score: number | null;
  finishedAt: number;
}

interface RatingRow {
  guild_id: string;
  season: number;
  user_id: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  updated_at: number;
}

interface ChannelResultsRow {
  user_id: string;
  name: string;
  channel_id: string;
  played: number;
  won: number;
}

interface ChannelRatingRow {
  user_id: string;
  channel_id: string;
  after: number;
  at: number;
  game_id: number;
}

interface PlayedRow {
  id: number;
  channel_id: string;
  season: number | null;
  ruleset: string;
  side: string;
  won: number;
  rated: number;
  vs_bot: number;
  opponent_id: string;
  opponent_name: string;
  end_reason: string;
  score: number | null;
  finished_at: number;
}

const toChannelResults = (r: ChannelResultsRow): ChannelResults => ({
  userId: r.user_id,
  name: r.name,
  channelId: r.channel_id,
  games: r.played,
  wins: r.won,
});

const toChannelRating = (r: ChannelRatingRow): ChannelRating => ({
  userId: r.user_id,
  channelId: r.channel_id,
  rating: r.after,
  at: r.at,
  gameId: r.game_id,
});

const toPlayed = (r: PlayedRow): PlayedGameRecord => ({
  gameId: r.id,
  channelId: r.channel_id,
  season: r.season,
  ruleset: r.ruleset as RuleSetId,
  side: r.side as Side,
  won: r.won === 1,
  rated: r.rated === 1,
  vsBot: r.vs_bot === 1,
  opponentId: r.opponent_id,
  opponentName: r.opponent_name,
  endReason: r.end_reason as EndReason,
  score: r.score,
  finishedAt: r.finished_at,
});

// A player's finished games in a guild, one row per game from their side (not those closed without a result).
const PLAYED_GAMES = `
  SELECT g.id, g.channel_id, g.season, g.ruleset, g.rated, g.end_reason, g.score, g.finished_at,
         CASE WHEN g.white_id = @user THEN 'W' ELSE 'B' END AS side,
         CASE WHEN g.winner_side = CASE WHEN g.white_id = @user THEN 'W' ELSE 'B' END THEN 1 ELSE 0 END AS won,
         (g.bot_strength IS NOT NULL) AS vs_bot,
         p.user_id AS opponent_id, ${SHOWN_NAME} AS opponent_name
  FROM games g
  JOIN players p ON p.user_id = CASE WHEN g.white_id = @user THEN g.black_id ELSE g.white_id END
  ${NICKNAME_IN('@guild')}
  WHERE g.guild_id = @guild AND g.status = 'finished' AND g.winner_side IS NOT NULL
    AND (g.white_id = @user OR g.black_id = @user)
  ORDER BY g.finished_at DESC, g.id DESC`;

// Rated results in a guild's season (optionally one rule set), one row per player per game.
const RATED_RESULTS = `
  WITH season_games AS (
    SELECT channel_id, white_id, black_id, winner_side FROM games
      WHERE guild_id = @guild AND season = @season AND status = 'finished' AND winner_side IS NOT NULL AND rated = 1
        AND (CAST(@ruleset AS TEXT) IS NULL OR ruleset = @ruleset)
  ), results AS (
    SELECT channel_id, white_id AS user_id, CASE WHEN winner_side = 'W' THEN 1 ELSE 0 END AS won FROM season_games
    UNION ALL
    SELECT channel_id, black_id AS user_id, CASE WHEN winner_side = 'B' THEN 1 ELSE 0 END AS won FROM season_games
  )`;

export class RatingStore {
  private readonly s: ReturnType<typeof prepare>;

  constructor(private readonly sql: Sql) {
    this.s = prepare();
  }

  async rating(guildId: string, season: number, userId: string): Promise<RatingRecord | undefined> {
    const r = await this.s.rating.get(this.sql, guildId, season, userId);
    return (
      r && {
        guildId: r.guild_id,
        season: r.season,
        userId: r.user_id,
        rating: r.rating,
        rd: r.rd,
        vol: r.vol,
        games: r.games,
        updatedAt: r.updated_at,
      }
    );
  }

  async saveRating(r: RatingRecord): Promise<void> {
    await this.s.saveRating.run(this.sql, r.guildId, r.season, r.userId, r.rating, r.rd, r.vol, r.games, r.updatedAt);
  }

  async addRatingChange(c: RatingChangeRecord): Promise<void> {
    await this.s.addChange.run(this.sql, c.guildId, c.userId, c.gameId, c.before, c.after, c.rd, c.at, c.season);
  }

  /** Marks the season a rated game's result counted in (the season's standings read it). */
  async setGameSeason(gameId: number, season: number): Promise<void> {
    await this.s.setGameSeason.run(this.sql, season, gameId);
  }

  /** A player's rating changes in one season, oldest first. */
  async ratingHistory(guildId: string, season: number, userId: string): Promise<RatingChangeRecord[]> {
    return (await this.s.history.all(this.sql, guildId, season, userId)).map((r) => ({
      guildId,
      season,
      userId,
      gameId: r.game_id,
      before: r.before,
      after: r.after,
      rd: r.rd,
      at: r.at,
    }));
  }

  /** The rating changes a game caused (none for an unrated or unfinished game). */
  async gameRatingChanges(gameId: number): Promise<RatingChangeRecord[]> {
    return (await this.s.gameChanges.all(this.sql, gameId)).map((r) => ({
      guildId: r.guild_id,
      season: r.season,
      userId: r.user_id,
      gameId,
      before: r.before,
      after: r.after,
      rd: r.rd,
      at: r.at,
    }));
  }

  /**
   * A season's rated results (optionally one rule set's) per player and channel. Unordered: which
   * channels count and the ranking rules live in the game service (src/game/playerStandings.ts).
   */
  async resultsByChannel(guildId: string, season: number, ruleset: RuleSetId | null): Promise<ChannelResults[]> {
    return (await this.s.resultsByChannel.all(this.sql, { guild: guildId, season, ruleset })).map(toChannelResults);
  }

  /** Each player's rating after their latest rated game of a season in each channel (any rule set). */
  async ratingsByChannel(guildId: string, season: number): Promise<ChannelRating[]> {
    return (await this.s.ratingsByChannel.all(this.sql, { guild: guildId, season })).map(toChannelRating);
  }

  /**
   * A player's finished games in a guild, newest first (by default all: the largest safe integer
   * is a LIMIT both dialects take, where SQLite's "-1 = no limit" is an error on PostgreSQL).
   */
  async playedGames(guildId: string, userId: string, limit = Number.MAX_SAFE_INTEGER): Promise<PlayedGameRecord[]> {
    return (await this.s.played.all(this.sql, { guild: guildId, user: userId, limit })).map(toPlayed);
  }
}

function prepare() {
  const st = <P extends unknown[] | object, R = unknown>(sql: string) => new Query<P, R>(sql);
  return {
    rating: st<[string, number, string], RatingRow>(
      `SELECT * FROM ratings WHERE guild_id = ? AND season = ? AND user_id = ?`,
    ),
    saveRating: st<[string, number, string, number, number, number, number, number]>(
      `INSERT INTO ratings (guild_id, season, user_id, rating, rd, vol, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (guild_id, season, user_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
         vol = excluded.vol, games = excluded.games, updated_at = excluded.updated_at`,
    ),
    addChange: st<[string, string, number, number, number, number, number, number]>(
      `INSERT INTO rating_history (guild_id, user_id, game_id, before, after, rd, at, season) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    setGameSeason: st<[number, number]>(`UPDATE games SET season = ? WHERE id = ?`),
    history: st<[string, number, string], { game_id: number; before: number; after: number; rd: number; at: number }>(
      `SELECT game_id, before, after, rd, at FROM rating_history WHERE guild_id = ? AND season = ? AND user_id = ?
       ORDER BY at, game_id`,
    ),
    gameChanges: st<
      [number],
      { guild_id: string; season: number; user_id: string; before: number; after: number; rd: number; at: number }
    >(`SELECT guild_id, season, user_id, before, after, rd, at FROM rating_history WHERE game_id = ?`),
    resultsByChannel: st<{ guild: string; season: number; ruleset: string | null }, ChannelResultsRow>(
      `${RATED_RESULTS}
       SELECT res.user_id, ${SHOWN_NAME} AS name, res.channel_id, count(*) AS played, sum(res.won) AS won
       FROM results res
       JOIN players p ON p.user_id = res.user_id
       ${NICKNAME_IN('@guild')}
       GROUP BY res.user_id, p.name, n.name, res.channel_id`,
    ),
    // The latest change per player and channel: a window over the season's changes, newest first.
    ratingsByChannel: st<{ guild: string; season: number }, ChannelRatingRow>(
      `SELECT user_id, channel_id, after, at, game_id FROM (
         SELECT h.user_id, g.channel_id, h.after, h.at, h.game_id,
                row_number() OVER (PARTITION BY h.user_id, g.channel_id ORDER BY h.at DESC, h.game_id DESC) AS newest
         FROM rating_history h JOIN games g ON g.id = h.game_id
         WHERE h.guild_id = @guild AND h.season = @season
       ) latest
       WHERE newest = 1`,
    ),
    played: st<{ guild: string; user: string; limit: number }, PlayedRow>(`${PLAYED_GAMES} LIMIT @limit`),
  };
}

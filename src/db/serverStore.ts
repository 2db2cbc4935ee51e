// Every SQL statement about a server as a whole: the settings its admins chose, its leaderboard
// seasons, and the counts its limits read (live games, open challenges, recent declines).
import { Query } from './query.js';
import type { Sql } from './database.js';

/** A season's start; season 1 has no row (it starts with the server's first game). */
export interface SeasonRecord {
  season: number;
  startedAt: number;
  startedBy: string;
}

export class ServerStore {
  private readonly s: ReturnType<typeof prepare>;

  constructor(private readonly sql: Sql) {
    this.s = prepare();
  }

  /** The stored settings JSON of a server, or undefined if its admins never set any. */
  async settingsJson(guildId: string): Promise<string | undefined> {
    return (await this.s.settings.get(this.sql, guildId))?.settings;
  }

  async saveSettingsJson(guildId: string, json: string, at: number, by: string): Promise<void> {
    await this.s.saveSettings.run(this.sql, guildId, json, at, by);
  }

  /** The season now running in a server (1 until an admin starts the second). */
  async currentSeason(guildId: string): Promise<number> {
    return (await this.s.currentSeason.get(this.sql, guildId))?.season ?? 1;
  }

  /** When a season started (undefined for season 1 and for seasons not started yet). */
  async season(guildId: string, season: number): Promise<SeasonRecord | undefined> {
    const r = await this.s.season.get(this.sql, guildId, season);
    return r && { season: r.season, startedAt: r.started_at, startedBy: r.started_by };
  }

  async startSeason(guildId: string, season: number, at: number, by: string): Promise<void> {
    await this.s.startSeason.run(this.sql, guildId, season, at, by);
  }

  /** Live games a player sits in, in one server. */
  async activeGamesOf(guildId: string, userId: string): Promise<number> {
    return (await this.s.activeGames.one(this.sql, { guild: guildId, user: userId })).n;
  }

  /** Challenges a player has made that still wait for an answer at `now`, in one server (past expiry, not swept yet: not counted). */
  async openChallengesBy(guildId: string, challengerId: string, now: number): Promise<number> {
    return (await this.s.openChallenges.one(this.sql, challengerId, guildId, now)).n;
  }

  /**
   * Whether a challenge between two players (either way) is pending anywhere in the server. One
   * past its expiry counts until the sweep marks it (within seconds): the database allows one
   * pending challenge per pair and channel.
   */
  async openChallengeBetween(guildId: string, a: string, b: string): Promise<boolean> {
    return (await this.s.openBetween.get(this.sql, { guild: guildId, a, b })) !== undefined;
  }

  /** When `opponentId` last declined a challenge from `challengerId` in the server, if ever. */
  /**
   * When the player's latest `limit` challenges and games against the bot in the server, made
   * after `since`, were made (ms), newest first: what the creation budget counts.
   */
  async creationsSince(guildId: string, userId: string, since: number, limit: number): Promise<number[]> {
    return (await this.s.creations.all(this.sql, { guild: guildId, user: userId, since, limit })).map((r) => r.at);
  }

  async lastDecline(guildId: string, challengerId: string, opponentId: string): Promise<number | undefined> {
    return (await this.s.lastDecline.get(this.sql, challengerId, guildId, opponentId))?.at ?? undefined;
  }
}

function prepare() {
  const st = <P extends unknown[] | object, R = unknown>(sql: string) => new Query<P, R>(sql);
  return {
    settings: st<[string], { settings: string }>(`SELECT settings FROM guild_settings WHERE guild_id = ?`),
    saveSettings: st<[string, string, number, string]>(
      `INSERT INTO guild_settings (guild_id, settings, updated_at, updated_by) VALUES (?, ?, ?, ?)
       ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at,
         updated_by = excluded.updated_by`,
    ),
    currentSeason: st<[string], { season: number }>(
      `SELECT season FROM seasons WHERE guild_id = ? ORDER BY season DESC LIMIT 1`,
    ),
    season: st<[string, number], { season: number; started_at: number; started_by: string }>(
      `SELECT season, started_at, started_by FROM seasons WHERE guild_id = ? AND season = ?`,
    ),
    startSeason: st<[string, number, number, string]>(
      `INSERT INTO seasons (guild_id, season, started_at, started_by) VALUES (?, ?, ?, ?)`,
    ),
    // Two index lookups (games_by_white, games_by_black) rather than one scan of the server's games.
    activeGames: st<{ guild: string; user: string }, { n: number }>(
      `SELECT (SELECT count(*) FROM games WHERE white_id = @user AND guild_id = @guild AND status = 'active')
            + (SELECT count(*) FROM games WHERE black_id = @user AND guild_id = @guild AND status = 'active') AS n`,
    ),
    openChallenges: st<[string, string, number], { n: number }>(
      `SELECT count(*) AS n FROM challenges
       WHERE challenger_id = ? AND guild_id = ? AND status = 'pending' AND expires_at > ?`,
    ),
    openBetween: st<{ guild: string; a: string; b: string }, { id: number }>(
      `SELECT id FROM challenges WHERE guild_id = @guild AND status = 'pending'
         AND ((challenger_id = @a AND opponent_id = @b) OR (challenger_id = @b AND opponent_id = @a))
       LIMIT 1`,
    ),
    // A game against the bot has no challenge row (it starts at once): counted from the games.
    creations: st<{ guild: string; user: string; since: number; limit: number }, { at: number }>(
      `SELECT created_at AS at FROM challenges WHERE challenger_id = @user AND guild_id = @guild AND created_at > @since
       UNION ALL SELECT created_at FROM games
         WHERE white_id = @user AND guild_id = @guild AND bot_strength IS NOT NULL AND created_at > @since
       UNION ALL SELECT created_at FROM games
         WHERE black_id = @user AND guild_id = @guild AND bot_strength IS NOT NULL AND created_at > @since
       ORDER BY at DESC LIMIT @limit`,
    ),
    lastDecline: st<[string, string, string], { at: number | null }>(
      `SELECT max(resolved_at) AS at FROM challenges
       WHERE challenger_id = ? AND guild_id = ? AND status = 'declined' AND opponent_id = ?`,
    ),
  };
}

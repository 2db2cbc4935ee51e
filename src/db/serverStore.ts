// Every SQL statement about a server as a whole: the settings its admins chose, its leaderboard
// seasons, and the counts its limits read (live games, open challenges, recent declines).
import type { Database, Statement } from 'better-sqlite3';

/** A season's start; season 1 has no row (it starts with the server's first game). */
export interface SeasonRecord {
  season: number;
  startedAt: number;
  startedBy: string;
}

export class ServerStore {
  private readonly s: ReturnType<typeof prepare>;

  constructor(db: Database) {
    this.s = prepare(db);
  }

  /** The stored settings JSON of a server, or undefined if its admins never set any. */
  settingsJson(guildId: string): string | undefined {
    return this.s.settings.get(guildId)?.settings;
  }

  saveSettingsJson(guildId: string, json: string, at: number, by: string): void {
    this.s.saveSettings.run(guildId, json, at, by);
  }

  /** The season now running in a server (1 until an admin starts the second). */
  currentSeason(guildId: string): number {
    return this.s.currentSeason.get(guildId)?.season ?? 1;
  }

  /** When a season started (undefined for season 1 and for seasons not started yet). */
  season(guildId: string, season: number): SeasonRecord | undefined {
    const r = this.s.season.get(guildId, season);
    return r && { season: r.season, startedAt: r.started_at, startedBy: r.started_by };
  }

  startSeason(guildId: string, season: number, at: number, by: string): void {
    this.s.startSeason.run(guildId, season, at, by);
  }

  /** Live games a player sits in, in one server. */
  activeGamesOf(guildId: string, userId: string): number {
    return this.s.activeGames.get({ guild: guildId, user: userId })!.n;
  }

  /** Challenges a player has made that still wait for an answer at `now`, in one server (past expiry, not swept yet: not counted). */
  openChallengesBy(guildId: string, challengerId: string, now: number): number {
    return this.s.openChallenges.get(challengerId, guildId, now)!.n;
  }

  /**
   * Whether a challenge between two players (either way) is pending anywhere in the server. One
   * past its expiry counts until the sweep marks it (within seconds): the database allows one
   * pending challenge per pair and channel.
   */
  openChallengeBetween(guildId: string, a: string, b: string): boolean {
    return this.s.openBetween.get({ guild: guildId, a, b }) !== undefined;
  }

  /** When `opponentId` last declined a challenge from `challengerId` in the server, if ever. */
  /**
   * When the player's latest `limit` challenges and games against the bot in the server, made
   * after `since`, were made (ms), newest first: what the creation budget counts.
   */
  creationsSince(guildId: string, userId: string, since: number, limit: number): number[] {
    return this.s.creations.all({ guild: guildId, user: userId, since, limit }).map((r) => r.at);
  }

  lastDecline(guildId: string, challengerId: string, opponentId: string): number | undefined {
    return this.s.lastDecline.get(challengerId, guildId, opponentId)?.at ?? undefined;
  }
}

function prepare(db: Database) {
  const st = <P extends unknown[] | object, R = unknown>(sql: string): Statement<P extends unknown[] ? P : [P], R> =>
    db.prepare(sql);
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
      `SELECT (SELECT count(*) FROM games WHERE white_id = :user AND guild_id = :guild AND status = 'active')
            + (SELECT count(*) FROM games WHERE black_id = :user AND guild_id = :guild AND status = 'active') AS n`,
    ),
    openChallenges: st<[string, string, number], { n: number }>(
      `SELECT count(*) AS n FROM challenges
       WHERE challenger_id = ? AND guild_id = ? AND status = 'pending' AND expires_at > ?`,
    ),
    openBetween: st<{ guild: string; a: string; b: string }, { id: number }>(
      `SELECT id FROM challenges WHERE guild_id = :guild AND status = 'pending'
         AND ((challenger_id = :a AND opponent_id = :b) OR (challenger_id = :b AND opponent_id = :a))
       LIMIT 1`,
    ),
    // A game against the bot has no challenge row (it starts at once): counted from the games.
    creations: st<{ guild: string; user: string; since: number; limit: number }, { at: number }>(
      `SELECT created_at AS at FROM challenges WHERE challenger_id = :user AND guild_id = :guild AND created_at > :since
       UNION ALL SELECT created_at FROM games
         WHERE white_id = :user AND guild_id = :guild AND bot_strength IS NOT NULL AND created_at > :since
       UNION ALL SELECT created_at FROM games
         WHERE black_id = :user AND guild_id = :guild AND bot_strength IS NOT NULL AND created_at > :since
       ORDER BY at DESC LIMIT :limit`,
    ),
    lastDecline: st<[string, string, string], { at: number | null }>(
      `SELECT max(resolved_at) AS at FROM challenges
       WHERE challenger_id = ? AND guild_id = ? AND status = 'declined' AND opponent_id = ?`,
    ),
  };
}

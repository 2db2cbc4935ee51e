// Every SQL statement about data rights: what the bot holds about a person or a server, a person's
// id replaced by a stand-in when they delete their data, a server's data deleted whole, and the
// servers the bot left (their data deleted after a grace period). Everything here runs inside the
// caller's transaction.
import { Query } from './query.js';
import type { Sql } from './database.js';
import { ONE_SHARD, type ShardScope, onShard } from './shards.js';

/** What the bot stores about one person (counts; their name as last seen). */
export interface PlayerDataRecord {
  /** Their display name, as last seen. */
  name: string | null;
  /** Servers where a nickname of theirs is kept (each shown only in its server). */
  nicknames: number;
  /** Their own choice of turn reminders, if they made one (null: the default). */
  reminders: boolean | null;
  games: number;
  liveGames: number;
  challenges: number;
  pendingChallenges: number;
  /** Rating rows (one per server and season they played rated games in) and rating changes. */
  ratings: number;
  ratingChanges: number;
  /** Interaction tokens kept for messages of their games and challenges. */
  answerTokens: number;
  /** Server settings they last changed and seasons they started, as an admin. */
  adminMarks: number;
  /** Their places in tournaments that have begun (those not begun they simply leave). */
  tournaments: number;
}

/** What the bot stores about one server. */
export interface ServerDataRecord {
  games: number;
  liveGames: number;
  challenges: number;
  players: number;
  ratings: number;
  seasons: number;
  settings: boolean;
}

interface PlayerRow {
  name: string | null;
  nicknames: number;
  reminders: number | null;
  games: number;
  live_games: number;
  challenges: number;
  pending_challenges: number;
  ratings: number;
  rating_changes: number;
  answer_tokens: number;
  admin_marks: number;
  tournaments: number;
}

interface ServerRow {
  games: number;
  live_games: number;
  challenges: number;
  players: number;
  ratings: number;
  seasons: number;
  settings: number;
}

type ForgetParams = { user: string; standIn: string };

/** A scheduled event to delete from Discord. */
export interface EventRef {
  guildId: string;
  eventId: string;
}

// Nothing but a player's names is stored about them (games, challenges, ratings, tournaments).
const NOTHING_ELSE_OF = (who: string) => `
  NOT EXISTS (SELECT 1 FROM games WHERE white_id = ${who})
  AND NOT EXISTS (SELECT 1 FROM games WHERE black_id = ${who})
  AND NOT EXISTS (SELECT 1 FROM challenges WHERE challenger_id = ${who} OR opponent_id = ${who})
  AND NOT EXISTS (SELECT 1 FROM ratings WHERE user_id = ${who})
  AND NOT EXISTS (SELECT 1 FROM rating_history WHERE user_id = ${who})
  AND NOT EXISTS (SELECT 1 FROM tournament_players WHERE user_id = ${who})`;

// The messages a person's games and challenges are shown in (their answer tokens).
const MESSAGES_OF = (who: string) => `
  SELECT message_id FROM games WHERE (white_id = ${who} OR black_id = ${who}) AND message_id IS NOT NULL
  UNION SELECT lobby_message_id FROM games WHERE (white_id = ${who} OR black_id = ${who}) AND lobby_message_id IS NOT NULL
  UNION SELECT message_id FROM challenges WHERE (challenger_id = ${who} OR opponent_id = ${who}) AND message_id IS NOT NULL`;

// The messages of a server's games and challenges.
const SERVER_MESSAGES = `
  SELECT message_id FROM games WHERE guild_id = @guild AND message_id IS NOT NULL
  UNION SELECT lobby_message_id FROM games WHERE guild_id = @guild AND lobby_message_id IS NOT NULL
  UNION SELECT message_id FROM challenges WHERE guild_id = @guild AND message_id IS NOT NULL`;

export class PrivacyStore {
  private readonly s: ReturnType<typeof prepare>;

  /** `shard`: the servers whose deletion after leaving this store lists as due (see shards.ts). */
  constructor(
    private readonly sql: Sql,
    shard: ShardScope = ONE_SHARD,
  ) {
    this.s = prepare(onShard(shard));
  }

  async playerData(userId: string): Promise<PlayerDataRecord> {
    const r = await this.s.playerData.one(this.sql, { user: userId });
    return {
      name: r.name,
      nicknames: r.nicknames,
      reminders: r.reminders === null ? null : r.reminders === 1,
      games: r.games,
      liveGames: r.live_games,
      challenges: r.challenges,
      pendingChallenges: r.pending_challenges,
      ratings: r.ratings,
      ratingChanges: r.rating_changes,
      answerTokens: r.answer_tokens,
      adminMarks: r.admin_marks,
      tournaments: r.tournaments,
    };
  }

  /** The tournaments whose message names the person: those they entered (its players, its table). */
  async tournamentsOf(userId: string): Promise<number[]> {
    return (await this.s.tournamentsOf.all(this.sql, userId)).map((r) => r.id);
  }

  /**
   * Puts `standIn` (a new player named `standInName`) in the person's place in every game,
   * challenge, action, rating and admin mark, and voids the tokens of their games' messages. The
   * caller has checked they have no live game or open challenge, and then deletes their own rows.
   */
  async replaceWithStandIn(userId: string, standIn: string, standInName: string, now: number): Promise<void> {
    await this.s.addStandIn.run(this.sql, standIn, standInName, now);
    const p: ForgetParams = { user: userId, standIn };
    for (const statement of this.s.replaceId) await statement.run(this.sql, p);
    await this.s.voidTokens.run(this.sql, { standIn });
  }

  /** Deletes the person's own rows: their names, their settings and their places in tournaments not begun. */
  async deleteOwnRows(userId: string): Promise<void> {
    await this.s.leaveOpenTournaments.run(this.sql, userId);
    await this.s.deleteSettings.run(this.sql, userId);
    await this.s.deleteNicknames.run(this.sql, userId);
    await this.s.deletePlayer.run(this.sql, userId);
  }

  async serverData(guildId: string): Promise<ServerDataRecord> {
    const r = await this.s.serverData.one(this.sql, { guild: guildId });
    return {
      games: r.games,
      liveGames: r.live_games,
      challenges: r.challenges,
      players: r.players,
      ratings: r.ratings,
      seasons: r.seasons,
      settings: r.settings === 1,
    };
  }

  /**
   * Deletes everything stored for a server: its games with their logs, challenges, ratings,
   * seasons, settings, tournaments, nicknames, the tokens of its messages, any pending deletion
   * after leaving, and the names of players who have nothing else stored. What the bot posted in
   * the server that names people is, when it can still reach the server (`inServer`), left to
   * remove after the commit in the outboxes the sweeper works through: the live turn reminders
   * (reminder_deletions) and the tournaments' scheduled events (event_deletions); a server the bot
   * was removed from is out of its reach, and nothing is queued (what was, goes).
   */
  async purgeServer(guildId: string, inServer: boolean): Promise<void> {
    const p = { guild: guildId };
    if (inServer) {
      await this.s.queueReminders.run(this.sql, p);
      await this.s.queueEvents.run(this.sql, p);
    } else {
      await this.s.dropReminders.run(this.sql, p);
    }
    const players = (await this.s.serverPlayers.all(this.sql, p)).map((r) => r.user_id);
    const games = (await this.s.serverGames.all(this.sql, p)).map((r) => r.id);
    // The log of a game may only be deleted once the game's row is gone, while the log's foreign
    // key wants the opposite order: checked at commit instead (the setting ends with the transaction).
    // Dialects differ: SQLite defers by pragma, PostgreSQL the constraints declared DEFERRABLE.
    await this.sql.run(
      this.sql.dialect === 'sqlite' ? 'PRAGMA defer_foreign_keys = ON' : 'SET CONSTRAINTS ALL DEFERRED',
    );
    for (const statement of this.s.purge) await statement.run(this.sql, p);
    for (const id of games) await this.s.deleteActions.run(this.sql, id);
    for (const user of players) for (const statement of this.s.deleteOrphan) await statement.run(this.sql, { user });
  }

  /** A server's scheduled events waiting to be deleted from Discord. */
  async eventDeletions(guildId: string): Promise<string[]> {
    return (await this.s.eventDeletionsOf.all(this.sql, guildId)).map((r) => r.event_id);
  }

  /** Scheduled events waiting to be deleted (of servers on this shard), fewest failed attempts first. */
  async dueEventDeletions(limit: number): Promise<EventRef[]> {
    return (await this.s.dueEventDeletions.all(this.sql, limit)).map((r) => ({
      guildId: r.guild_id,
      eventId: r.event_id,
    }));
  }

  /** An event deleted (or found gone already): no longer waiting. */
  async eventDeleted(event: EventRef): Promise<void> {
    await this.s.eventDone.run(this.sql, event.guildId, event.eventId);
  }

  /** Counts a failed deletion; after `maxAttempts` the event is left as it is. */
  async eventDeletionFailed(event: EventRef, maxAttempts: number): Promise<void> {
    await this.s.eventFailed.run(this.sql, event.guildId, event.eventId);
    await this.s.eventGivenUp.run(this.sql, event.guildId, event.eventId, maxAttempts);
  }

  /** Notes that the bot left a server: its data goes at `purgeAt` (the first leave counts). */
  async markLeft(guildId: string, leftAt: number, purgeAt: number): Promise<void> {
    await this.s.markLeft.run(this.sql, guildId, leftAt, purgeAt);
  }

  /** The bot is in the server (again): nothing of it is to be deleted. True if a deletion was pending. */
  async markPresent(guildId: string): Promise<boolean> {
    return (await this.s.markPresent.run(this.sql, guildId)).changes > 0;
  }

  /** Whether the server's grace period after the bot left is over (and it was not added back). */
  async purgeDue(guildId: string, now: number): Promise<boolean> {
    return (await this.s.purgeDue.get(this.sql, guildId, now)) !== undefined;
  }

  /** Servers on this shard whose grace period after the bot left is over. */
  async dueServerPurges(now: number): Promise<string[]> {
    return (await this.s.duePurges.all(this.sql, now)).map((r) => r.guild_id);
  }
}

function prepare(owned: string) {
  const st = <P extends unknown[] | object, R = unknown>(sql: string) => new Query<P, R>(sql);
  const replace = (sql: string) => st<ForgetParams>(sql);
  return {
    playerData: st<{ user: string }, PlayerRow>(
      `SELECT
         (SELECT name FROM players WHERE user_id = @user) AS name,
         (SELECT count(*) FROM nicknames WHERE user_id = @user) AS nicknames,
         (SELECT reminders FROM player_settings WHERE user_id = @user) AS reminders,
         (SELECT count(*) FROM games WHERE white_id = @user OR black_id = @user) AS games,
         (SELECT count(*) FROM games WHERE (white_id = @user OR black_id = @user) AND status = 'active') AS live_games,
         (SELECT count(*) FROM challenges WHERE challenger_id = @user OR opponent_id = @user) AS challenges,
         (SELECT count(*) FROM challenges WHERE (challenger_id = @user OR opponent_id = @user) AND status = 'pending')
           AS pending_challenges,
         (SELECT count(*) FROM ratings WHERE user_id = @user) AS ratings,
         (SELECT count(*) FROM rating_history WHERE user_id = @user) AS rating_changes,
         (SELECT count(*) FROM answer_tokens WHERE token <> '' AND message_id IN (${MESSAGES_OF('@user')}))
           AS answer_tokens,
         (SELECT count(*) FROM guild_settings WHERE updated_by = @user)
           + (SELECT count(*) FROM seasons WHERE started_by = @user) AS admin_marks,
         (SELECT count(*) FROM tournament_players WHERE user_id = @user
            AND tournament_id IN (SELECT id FROM tournaments WHERE status <> 'open')) AS tournaments`,
    ),
    addStandIn: st<[string, string, number]>(`INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)`),
    // Games first: the actions are found through the games now holding the stand-in.
    replaceId: [
      replace(`UPDATE games SET white_id = @standIn WHERE white_id = @user`),
      replace(`UPDATE games SET black_id = @standIn WHERE black_id = @user`),
      replace(`UPDATE challenges SET challenger_id = @standIn WHERE challenger_id = @user`),
      replace(`UPDATE challenges SET opponent_id = @standIn WHERE opponent_id = @user`),
      replace(
        `UPDATE actions SET user_id = @standIn WHERE user_id = @user AND game_id IN
           (SELECT id FROM games WHERE white_id = @standIn UNION SELECT id FROM games WHERE black_id = @standIn)`,
      ),
      replace(`UPDATE ratings SET user_id = @standIn WHERE user_id = @user`),
      replace(`UPDATE rating_history SET user_id = @standIn WHERE user_id = @user`),
      replace(`UPDATE guild_settings SET updated_by = @standIn WHERE updated_by = @user`),
      replace(`UPDATE seasons SET started_by = @standIn WHERE started_by = @user`),
      // Paired no more in the tournaments under way (no game of theirs is live: deleting is
      // refused then); the rounds they played keep the stand-in.
      replace(
        `UPDATE tournament_players SET left_round = (SELECT round FROM tournaments WHERE id = tournament_id)
           WHERE user_id = @user AND left_round IS NULL
             AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'running')`,
      ),
      replace(`UPDATE tournament_players SET user_id = @standIn WHERE user_id = @user`),
      replace(`UPDATE tournament_pairings SET first_id = @standIn WHERE first_id = @user`),
      replace(`UPDATE tournament_pairings SET second_id = @standIn WHERE second_id = @user`),
      replace(`UPDATE tournament_pairings SET winner_id = @standIn WHERE winner_id = @user`),
      replace(`UPDATE tournaments SET created_by = @standIn WHERE created_by = @user`),
    ],
    // Kept as rows (they mark messages only interaction answers can edit), with no usable token.
    voidTokens: st<{ standIn: string }>(
      `UPDATE answer_tokens SET token = '', issued_at = 0 WHERE token <> '' AND message_id IN (${MESSAGES_OF('@standIn')})`,
    ),
    // Out of the tournaments not yet begun: a stand-in is never paired.
    leaveOpenTournaments: st<[string]>(
      `DELETE FROM tournament_players WHERE user_id = ?
         AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'open')`,
    ),
    deleteSettings: st<[string]>(`DELETE FROM player_settings WHERE user_id = ?`),
    deleteNicknames: st<[string]>(`DELETE FROM nicknames WHERE user_id = ?`),
    tournamentsOf: st<[string], { id: number }>(
      `SELECT id FROM tournaments WHERE message_id IS NOT NULL
         AND id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?) ORDER BY id`,
    ),
    deletePlayer: st<[string]>(`DELETE FROM players WHERE user_id = ?`),
    serverData: st<{ guild: string }, ServerRow>(
      `SELECT
         (SELECT count(*) FROM games WHERE guild_id = @guild) AS games,
         (SELECT count(*) FROM games WHERE guild_id = @guild AND status = 'active') AS live_games,
         (SELECT count(*) FROM challenges WHERE guild_id = @guild) AS challenges,
         (SELECT count(*) FROM (SELECT white_id FROM games WHERE guild_id = @guild
                                UNION SELECT black_id FROM games WHERE guild_id = @guild) AS seated) AS players,
         (SELECT count(*) FROM ratings WHERE guild_id = @guild) AS ratings,
         (SELECT count(*) FROM seasons WHERE guild_id = @guild) AS seasons,
         CASE WHEN EXISTS (SELECT 1 FROM guild_settings WHERE guild_id = @guild) THEN 1 ELSE 0 END AS settings`,
    ),
    serverPlayers: st<{ guild: string }, { user_id: string }>(
      `SELECT white_id AS user_id FROM games WHERE guild_id = @guild
       UNION SELECT black_id FROM games WHERE guild_id = @guild
       UNION SELECT challenger_id FROM challenges WHERE guild_id = @guild
       UNION SELECT opponent_id FROM challenges WHERE guild_id = @guild
       UNION SELECT user_id FROM ratings WHERE guild_id = @guild
       UNION SELECT user_id FROM rating_history WHERE guild_id = @guild
       UNION SELECT user_id FROM nicknames WHERE guild_id = @guild
       UNION SELECT user_id FROM tournament_players WHERE tournament_id IN
         (SELECT id FROM tournaments WHERE guild_id = @guild)`,
    ),
    // Before the games and tournaments go: what they still show in Discord, to delete after the commit.
    queueReminders: st<{ guild: string }>(
      `INSERT INTO reminder_deletions (channel_id, message_id, guild_id)
         SELECT reminder_channel_id, reminder_message_id, guild_id FROM games
         WHERE guild_id = @guild AND reminder_message_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
    ),
    queueEvents: st<{ guild: string }>(
      `INSERT INTO event_deletions (guild_id, event_id)
         SELECT guild_id, event_id FROM tournaments WHERE guild_id = @guild AND event_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
    ),
    dropReminders: st<{ guild: string }>(`DELETE FROM reminder_deletions WHERE guild_id = @guild`),
    eventDeletionsOf: st<[string], { event_id: string }>(
      `SELECT event_id FROM event_deletions WHERE guild_id = ? ORDER BY event_id`,
    ),
    dueEventDeletions: st<[number], { guild_id: string; event_id: string }>(
      `SELECT guild_id, event_id FROM event_deletions WHERE ${owned} ORDER BY attempts, event_id LIMIT ?`,
    ),
    eventDone: st<[string, string]>(`DELETE FROM event_deletions WHERE guild_id = ? AND event_id = ?`),
    eventFailed: st<[string, string]>(
      `UPDATE event_deletions SET attempts = attempts + 1 WHERE guild_id = ? AND event_id = ?`,
    ),
    eventGivenUp: st<[string, string, number]>(
      `DELETE FROM event_deletions WHERE guild_id = ? AND event_id = ? AND attempts >= ?`,
    ),
    serverGames: st<{ guild: string }, { id: number }>(`SELECT id FROM games WHERE guild_id = @guild`),
    purge: [
      st<{ guild: string }>(`DELETE FROM answer_tokens WHERE message_id IN (${SERVER_MESSAGES})`),
      st<{ guild: string }>(`DELETE FROM rating_history WHERE guild_id = @guild`),
      st<{ guild: string }>(`DELETE FROM ratings WHERE guild_id = @guild`),
      st<{ guild: string }>(`DELETE FROM seasons WHERE guild_id = @guild`),
      st<{ guild: string }>(`DELETE FROM guild_settings WHERE guild_id = @guild`),
      st<{ guild: string }>(`DELETE FROM challenges WHERE guild_id = @guild`),
      st<{ guild: string }>(`DELETE FROM nicknames WHERE guild_id = @guild`),
      // Tournaments before the games their pairings name.
      ...['tournament_pairings', 'tournament_rounds', 'tournament_players'].map((table) =>
        st<{ guild: string }>(
          `DELETE FROM ${table} WHERE tournament_id IN (SELECT id FROM tournaments WHERE guild_id = @guild)`,
        ),
      ),
      st<{ guild: string }>(`DELETE FROM tournaments WHERE guild_id = @guild`),
      st<{ guild: string }>(`DELETE FROM games WHERE guild_id = @guild`),
      // The news of its games' changes (migration 19), which names the server.
      st<{ guild: string }>(`DELETE FROM game_news WHERE guild_id = @guild`),
      st<{ guild: string }>(`DELETE FROM servers_left WHERE guild_id = @guild`),
    ],
    deleteActions: st<[number]>(`DELETE FROM actions WHERE game_id = ?`),
    // A player's names are kept only while something of theirs is: their nicknames elsewhere, then their name.
    deleteOrphan: ['nicknames', 'players'].map((table) =>
      st<{ user: string }>(`DELETE FROM ${table} WHERE user_id = @user AND ${NOTHING_ELSE_OF('@user')}`),
    ),
    markLeft: st<[string, number, number]>(
      `INSERT INTO servers_left (guild_id, left_at, purge_at) VALUES (?, ?, ?) ON CONFLICT (guild_id) DO NOTHING`,
    ),
    markPresent: st<[string]>(`DELETE FROM servers_left WHERE guild_id = ?`),
    purgeDue: st<[string, number], { guild_id: string }>(
      `SELECT guild_id FROM servers_left WHERE guild_id = ? AND purge_at <= ?`,
    ),
    duePurges: st<[number], { guild_id: string }>(
      `SELECT guild_id FROM servers_left WHERE purge_at <= ? AND ${owned} ORDER BY purge_at, guild_id`,
    ),
  };
}

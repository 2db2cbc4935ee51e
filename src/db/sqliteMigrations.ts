// The schema as numbered migrations. The number applied so far lives in `PRAGMA user_version`
// (in the database header, written in the same transaction as the migration), so starting twice,
// two processes starting at once, or opening an old file are all safe: each migration runs once,
// in order, and a failure leaves the file at the previous version.
import type { Database } from 'better-sqlite3';

export interface Migration {
  version: number;
  /** What it is for, kept so an operator reading the code knows why the schema looks this way. */
  purpose: string;
  sql: string;
}

/** @internal */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    purpose: 'players, challenges, games with their current state, the append-only action log, ratings',
    sql: `
      CREATE TABLE players (
        user_id    TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE games (
        id            INTEGER PRIMARY KEY,
        guild_id      TEXT NOT NULL,
        channel_id    TEXT NOT NULL,
        message_id    TEXT,
        ruleset       TEXT NOT NULL,
        options       TEXT NOT NULL,              -- JSON, defaults filled in
        seed          INTEGER NOT NULL,
        state         TEXT NOT NULL,              -- JSON GameState after the last logged action
        version       INTEGER NOT NULL,           -- +1 per change: the stale-click guard
        status        TEXT NOT NULL CHECK (status IN ('active', 'finished')),
        white_id      TEXT NOT NULL REFERENCES players (user_id),
        black_id      TEXT NOT NULL REFERENCES players (user_id),
        to_act_id     TEXT,                       -- who must act now; NULL once finished
        bot_strength  TEXT,                       -- set only for games against the bot
        rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
        turn_deadline INTEGER,                    -- ms; NULL while the bot acts or once finished
        created_at    INTEGER NOT NULL,
        finished_at   INTEGER,
        winner_side   TEXT CHECK (winner_side IN ('W', 'B')),
        end_reason    TEXT CHECK (end_reason IN ('won', 'resigned', 'timeout')),
        score         INTEGER
      );
      -- One live board per channel: the channel stays readable and "/senet resign" is unambiguous.
      CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
      CREATE INDEX games_turn_deadline ON games (turn_deadline) WHERE status = 'active';

      CREATE TABLE challenges (
        id            INTEGER PRIMARY KEY,
        guild_id      TEXT NOT NULL,
        channel_id    TEXT NOT NULL,
        message_id    TEXT,
        challenger_id TEXT NOT NULL REFERENCES players (user_id),
        opponent_id   TEXT NOT NULL REFERENCES players (user_id),
        ruleset       TEXT NOT NULL,
        options       TEXT NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
        created_at    INTEGER NOT NULL,
        expires_at    INTEGER NOT NULL,
        resolved_at   INTEGER,
        game_id       INTEGER REFERENCES games (id),
        CHECK (challenger_id <> opponent_id)
      );
      -- At most one open challenge between the same two players in a channel, whoever asked.
      CREATE UNIQUE INDEX challenges_one_pending_pair
        ON challenges (channel_id, min(challenger_id, opponent_id), max(challenger_id, opponent_id))
        WHERE status = 'pending';
      CREATE INDEX challenges_pending_expiry ON challenges (expires_at) WHERE status = 'pending';

      CREATE TABLE actions (
        game_id     INTEGER NOT NULL REFERENCES games (id),
        seq         INTEGER NOT NULL,             -- 0, 1, 2, ... : the order replay applies them
        user_id     TEXT NOT NULL,
        action      TEXT NOT NULL,                -- JSON engine Action
        throw_value INTEGER,                      -- the value thrown or taken by this action, if any
        at          INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
      ) WITHOUT ROWID;
      -- The log is the record a game is rebuilt from: refuse edits rather than trust every caller.
      CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
      CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

      CREATE TABLE ratings (
        guild_id   TEXT NOT NULL,
        user_id    TEXT NOT NULL REFERENCES players (user_id),
        rating     REAL NOT NULL,
        rd         REAL NOT NULL,
        vol        REAL NOT NULL,
        games      INTEGER NOT NULL,              -- rated games played in this guild
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id)
      );
    `,
  },
  {
    version: 2,
    purpose: 'rating history for player stats, and an index for per-guild stats and history',
    sql: `
      CREATE TABLE rating_history (
        guild_id TEXT NOT NULL,
        user_id  TEXT NOT NULL REFERENCES players (user_id),
        game_id  INTEGER NOT NULL REFERENCES games (id),
        before   REAL NOT NULL,
        after    REAL NOT NULL,
        rd       REAL NOT NULL,
        at       INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, game_id)
      );
      CREATE INDEX games_finished_by_guild ON games (guild_id, finished_at) WHERE status = 'finished';
    `,
  },
  {
    version: 3,
    purpose:
      'what each chat message shows (so a restart re-edits the ones behind), and games closed without a result when their channel is gone',
    sql: `
      -- The version the game's message shows, written when an answer or edit succeeds; NULL: not yet.
      ALTER TABLE games ADD COLUMN shown_version INTEGER;
      -- Why a game ended without a winner (unrated): its channel was deleted, or it could never be posted.
      ALTER TABLE games ADD COLUMN closed_reason TEXT CHECK (closed_reason IN ('channel-gone', 'not-posted'));
      -- The status the challenge's message shows.
      ALTER TABLE challenges ADD COLUMN shown_status TEXT;
      -- Messages posted by older code are taken as up to date: only later changes are tracked.
      UPDATE games SET shown_version = version WHERE message_id IS NOT NULL;
      UPDATE challenges SET shown_status = status WHERE message_id IS NOT NULL;
    `,
  },
  {
    version: 4,
    purpose: "a player's games by seat, for the recent games /senet replay offers",
    sql: `
      CREATE INDEX IF NOT EXISTS games_by_white ON games (white_id, guild_id);
      CREATE INDEX IF NOT EXISTS games_by_black ON games (black_id, guild_id);
    `,
  },
  {
    version: 5,
    purpose:
      'many games per channel, each in a thread of its own: where its board lives, the channel message pointing to it, when the thread is archived',
    sql: `
      -- Any number of games may run in a channel now (each in its own thread, or side by side).
      DROP INDEX games_one_active_per_channel;
      CREATE INDEX games_active_in_channel ON games (channel_id) WHERE status = 'active';
      -- The game's own thread, where its board is; NULL: the board is in channel_id itself.
      ALTER TABLE games ADD COLUMN thread_id TEXT;
      CREATE INDEX games_active_in_thread ON games (thread_id) WHERE status = 'active' AND thread_id IS NOT NULL;
      -- The message in channel_id the thread was started from (the challenge), pointing to the game.
      ALTER TABLE games ADD COLUMN lobby_message_id TEXT;
      -- The status that message shows (NULL: not yet shown).
      ALTER TABLE games ADD COLUMN lobby_shown TEXT CHECK (lobby_shown IN ('active', 'finished'));
      -- When the finished game's thread is archived (ms); NULL when nothing is due.
      ALTER TABLE games ADD COLUMN archive_at INTEGER;
      CREATE INDEX games_archive_due ON games (archive_at) WHERE archive_at IS NOT NULL;
    `,
  },
  {
    version: 6,
    purpose:
      "each server's own settings (/senet-admin), leaderboard seasons (ratings per season), and an index for the anti-spam limits",
    sql: `
      -- The settings a server's admins chose, as JSON (only those they set; the rest come from .env).
      CREATE TABLE guild_settings (
        guild_id   TEXT PRIMARY KEY,
        settings   TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        updated_by TEXT NOT NULL
      );

      -- Season n + 1 starts when an admin closes season n; a server without rows is in season 1.
      CREATE TABLE seasons (
        guild_id   TEXT NOT NULL,
        season     INTEGER NOT NULL CHECK (season >= 2),
        started_at INTEGER NOT NULL,
        started_by TEXT NOT NULL,
        PRIMARY KEY (guild_id, season)
      );

      -- Ratings restart each season: one row per player per season. Existing ratings are season 1.
      CREATE TABLE ratings_by_season (
        guild_id   TEXT NOT NULL,
        season     INTEGER NOT NULL,
        user_id    TEXT NOT NULL REFERENCES players (user_id),
        rating     REAL NOT NULL,
        rd         REAL NOT NULL,
        vol        REAL NOT NULL,
        games      INTEGER NOT NULL,              -- rated games played in this guild this season
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (guild_id, season, user_id)
      );
      INSERT INTO ratings_by_season (guild_id, season, user_id, rating, rd, vol, games, updated_at)
        SELECT guild_id, 1, user_id, rating, rd, vol, games, updated_at FROM ratings;
      DROP TABLE ratings;
      ALTER TABLE ratings_by_season RENAME TO ratings;

      ALTER TABLE rating_history ADD COLUMN season INTEGER NOT NULL DEFAULT 1;
      -- The season a rated game's result counted in (set when it ends); older rated games are season 1.
      ALTER TABLE games ADD COLUMN season INTEGER;
      UPDATE games SET season = 1 WHERE status = 'finished' AND rated = 1;
      CREATE INDEX games_rated_by_season ON games (guild_id, season) WHERE season IS NOT NULL;

      -- A challenger's challenges in a server: open ones (at most a few), and recent declines (a cooldown).
      CREATE INDEX challenges_by_challenger ON challenges (challenger_id, guild_id, status);
    `,
  },
  {
    version: 7,
    purpose:
      "turn reminders as deadlines (when the next is due, how many this turn, the message to delete), the reminder messages waiting to be deleted, and each player's choice to get them",
    sql: `
      -- When the player to act is next reminded (ms); NULL: no reminder pending this turn.
      ALTER TABLE games ADD COLUMN remind_at INTEGER;
      -- Reminders claimed so far this turn (0, 1 or 2).
      ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;
      -- Where this turn's reminder was posted, so it can be deleted once the turn is over.
      ALTER TABLE games ADD COLUMN reminder_channel_id TEXT;
      ALTER TABLE games ADD COLUMN reminder_message_id TEXT;
      CREATE INDEX games_remind_at ON games (remind_at) WHERE status = 'active' AND remind_at IS NOT NULL;

      -- Reminder messages to delete (an outbox): written in the transaction that ends the turn, so a
      -- click never waits on Discord for it; the sweeper deletes them and removes the row.
      CREATE TABLE reminder_deletions (
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        attempts   INTEGER NOT NULL DEFAULT 0,  -- failed deletions so far; given up after a few
        PRIMARY KEY (channel_id, message_id)
      ) WITHOUT ROWID;

      -- Every change of a game (an action, the bot's action, a win, a resignation, a timeout, a
      -- close) moves its version on and so ends the turn being reminded: the reminder message
      -- goes to the outbox and the schedule is cleared, whichever code path made the change. The
      -- service then schedules the next turn's reminders in the same transaction.
      CREATE TRIGGER games_turn_over_reminders AFTER UPDATE OF version ON games
        WHEN NEW.version <> OLD.version
        BEGIN
          INSERT OR IGNORE INTO reminder_deletions (channel_id, message_id)
            SELECT OLD.reminder_channel_id, OLD.reminder_message_id WHERE OLD.reminder_message_id IS NOT NULL;
          UPDATE games SET remind_at = NULL, reminders_sent = 0, reminder_channel_id = NULL, reminder_message_id = NULL
            WHERE id = NEW.id;
        END;

      -- A player's own choices, the same in every server (no row: the defaults).
      CREATE TABLE player_settings (
        user_id    TEXT PRIMARY KEY,
        reminders  INTEGER NOT NULL CHECK (reminders IN (0, 1)),
        updated_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 8,
    purpose:
      "the language each challenge and game is shown in to the channel, chosen when it is made (the server's language then)",
    sql: `
      -- A catalog of src/i18n (en, de, fr, es, pt-BR). Rows from before languages are English.
      ALTER TABLE challenges ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
      ALTER TABLE games ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
    `,
  },
  {
    version: 10,
    purpose:
      'the latest interaction token answering each message in a channel the bot cannot reach with its own token (DMs and group DMs between users, servers without the bot)',
    sql: `
      -- A row marks a message as editable only through interaction webhooks; the token lives 15
      -- minutes from issued_at (the bot's clock when the answer was given), then the row stays
      -- as that mark. One row per message: a newer answer replaces the token.
      CREATE TABLE answer_tokens (
        message_id     TEXT PRIMARY KEY,
        application_id TEXT NOT NULL,
        token          TEXT NOT NULL,
        issued_at      INTEGER NOT NULL
      );
    `,
  },
  {
    // 9 was set aside for this during version 10's work and never shipped: a database already at 10
    // would skip a 9, so this is 11.
    version: 11,
    purpose:
      "the server of each reminder message waiting to be deleted, so that with several shards only the process holding the server's shard deletes it",
    sql: `
      -- Rows from before shards belong to shard 0, as games outside servers do ('' is 0).
      ALTER TABLE reminder_deletions ADD COLUMN guild_id TEXT NOT NULL DEFAULT '';
      DROP TRIGGER games_turn_over_reminders;
      CREATE TRIGGER games_turn_over_reminders AFTER UPDATE OF version ON games
        WHEN NEW.version <> OLD.version
        BEGIN
          INSERT OR IGNORE INTO reminder_deletions (channel_id, message_id, guild_id)
            SELECT OLD.reminder_channel_id, OLD.reminder_message_id, OLD.guild_id
            WHERE OLD.reminder_message_id IS NOT NULL;
          UPDATE games SET remind_at = NULL, reminders_sent = 0, reminder_channel_id = NULL, reminder_message_id = NULL
            WHERE id = NEW.id;
        END;
    `,
  },
  {
    version: 13,
    purpose:
      "data rights: a player's id replaced by a stand-in when they delete their data (their games stay for their opponents), a server's games deleted with their logs, and the servers the bot left, deleted after a grace period",
    sql: `
      -- The log stays append-only in everything a replay reads; the one change allowed is the id of
      -- who acted becoming a deleted player's stand-in ('deleted:…', src/game/privacy.ts).
      DROP TRIGGER actions_no_update;
      CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        WHEN NOT (NEW.user_id LIKE 'deleted:%' AND NEW.game_id = OLD.game_id AND NEW.seq = OLD.seq
                  AND NEW.action = OLD.action AND NEW.throw_value IS OLD.throw_value AND NEW.at = OLD.at)
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
      -- A game's log goes only with the game itself (a server's data deleted): its row first.
      DROP TRIGGER actions_no_delete;
      CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        WHEN EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id)
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

      -- Servers the bot was removed from: their data is deleted at purge_at unless it is added back.
      CREATE TABLE servers_left (
        guild_id TEXT PRIMARY KEY,
        left_at  INTEGER NOT NULL,
        purge_at INTEGER NOT NULL
      );
      CREATE INDEX servers_left_due ON servers_left (purge_at);
    `,
  },
  {
    version: 14,
    purpose:
      'server tournaments (Swiss and knockout): the event, its players, its rounds and each round’s pairings with the games they started',
    sql: `
      CREATE TABLE tournaments (
        id            INTEGER PRIMARY KEY,
        guild_id      TEXT NOT NULL,
        channel_id    TEXT NOT NULL,              -- where its message, games and results are posted
        message_id    TEXT,                       -- the tournament message (Join / Leave, table)
        name          TEXT NOT NULL,
        ruleset       TEXT NOT NULL,
        options       TEXT NOT NULL,              -- JSON, defaults filled in
        format        TEXT NOT NULL CHECK (format IN ('swiss', 'knockout')),
        rounds        INTEGER NOT NULL CHECK (rounds >= 1), -- knockout: set from the field at the start
        starts_at     INTEGER NOT NULL,
        round_ms      INTEGER NOT NULL CHECK (round_ms > 0),
        rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
        max_players   INTEGER NOT NULL CHECK (max_players >= 2),
        status        TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
        round         INTEGER NOT NULL DEFAULT 0,  -- the round being played (0 before the start)
        round_ends_at INTEGER,                     -- when the round's time limit decides its games
        created_by    TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        finished_at   INTEGER,
        locale        TEXT NOT NULL,
        event_id      TEXT,                        -- its Discord scheduled event, when the bot made one
        version       INTEGER NOT NULL DEFAULT 0,  -- +1 per change its message shows
        shown_version INTEGER                      -- the version its message shows
      );
      CREATE INDEX tournaments_live_by_guild ON tournaments (guild_id) WHERE status IN ('open', 'running');

      CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        user_id       TEXT NOT NULL REFERENCES players (user_id),
        joined_at     INTEGER NOT NULL,
        rating        REAL,                        -- the server rating it was seeded with, at the start
        seed          INTEGER,                     -- 1 = best, set at the start
        left_round    INTEGER,                     -- left or removed during this round: paired no more
        PRIMARY KEY (tournament_id, user_id)
      ) WITHOUT ROWID;

      -- A round exists once it is paired: the primary key is what keeps a round from being paired twice.
      CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round         INTEGER NOT NULL CHECK (round >= 1),
        started_at    INTEGER NOT NULL,
        ends_at       INTEGER NOT NULL,
        PRIMARY KEY (tournament_id, round)
      ) WITHOUT ROWID;

      CREATE TABLE tournament_pairings (
        tournament_id INTEGER NOT NULL,
        round         INTEGER NOT NULL,
        board         INTEGER NOT NULL,            -- 1 = top board
        first_id      TEXT NOT NULL,               -- moves first
        second_id     TEXT,                        -- NULL: a bye
        game_id       INTEGER UNIQUE REFERENCES games (id),
        winner_id     TEXT,                        -- NULL while undecided
        decided_by    TEXT CHECK (decided_by IN ('game', 'bye', 'forfeit', 'round-time')),
        PRIMARY KEY (tournament_id, round, board),
        FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
      );
    `,
  },
  {
    version: 15,
    purpose:
      'verifiable dice: how each game throws (every game so far: the old seeded generator) and the secret of keyed dice',
    sql: `
      -- 'seeded': xoroshiro128+ from the 32-bit seed, its state inside the game's state (whoever sees
      -- a few throws can know the rest); every game stored before this migration, replayed as it was.
      -- 'keyed': HMAC-SHA-256 of the game's own secret (src/engine/keyedDice.ts); new games.
      ALTER TABLE games ADD COLUMN dice TEXT NOT NULL DEFAULT 'seeded' CHECK (dice IN ('seeded', 'keyed'));
      -- Keyed dice's secret, 64 hex digits; NULL for seeded dice. Shown only once the game is over.
      ALTER TABLE games ADD COLUMN dice_secret TEXT CHECK ((dice_secret IS NULL) = (dice = 'seeded'));
    `,
  },
  {
    version: 16,
    purpose:
      'names as each server shows them (a nickname only in its server), and the scheduled events a deletion of data still has to remove from Discord',
    sql: `
      -- A member's nickname in one server: shown there alone. players.name is their display name
      -- everywhere else (outside servers and in other servers).
      CREATE TABLE nicknames (
        user_id    TEXT NOT NULL REFERENCES players (user_id),
        guild_id   TEXT NOT NULL,
        name       TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, guild_id)
      ) WITHOUT ROWID;
      CREATE INDEX nicknames_by_guild ON nicknames (guild_id);

      -- Scheduled events of a server whose data was deleted, to delete from Discord after the commit
      -- (retried by the sweeper of the shard holding the server, like reminder_deletions).
      CREATE TABLE event_deletions (
        guild_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,  -- failed deletions so far; given up after a few
        PRIMARY KEY (guild_id, event_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 17,
    purpose:
      'hand-overs: a bot process that stops serving a shard leaves the interactions it answered last, so the process taking over answers the others',
    sql: `
      CREATE TABLE handoffs (
        shard_id  INTEGER PRIMARY KEY,
        answered  TEXT NOT NULL,                   -- JSON: ids of the interactions it answered lately
        handed_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 18,
    purpose:
      "a move's one UPDATE both starts the next turn and schedules its reminder: the new turn's remind_at, set by the same UPDATE that moves the version on, is kept",
    sql: `
      -- An UPDATE that moves the version on and schedules the new turn's first reminder says so by
      -- setting reminders_sent to -1 (no turn's count is ever below 0): its remind_at is kept, and the
      -- count starts at 0. Any other version change clears the reminder as before.
      DROP TRIGGER games_turn_over_reminders;
      CREATE TRIGGER games_turn_over_reminders AFTER UPDATE OF version ON games
        WHEN NEW.version <> OLD.version
        BEGIN
          INSERT OR IGNORE INTO reminder_deletions (channel_id, message_id, guild_id)
            SELECT OLD.reminder_channel_id, OLD.reminder_message_id, OLD.guild_id
            WHERE OLD.reminder_message_id IS NOT NULL;
          UPDATE games SET remind_at = CASE WHEN NEW.reminders_sent = -1 THEN NEW.remind_at END,
                           reminders_sent = 0, reminder_channel_id = NULL, reminder_message_id = NULL
            WHERE id = NEW.id;
        END;
    `,
  },
  {
    version: 19,
    purpose:
      "news of every committed change to a game, for the other processes on the database: the process that owns its chat message and the live board's pages",
    sql: `
      -- One row per change of a game's version, written by the change's own statement (a trigger),
      -- so no writer can forget it. Other processes read the rows after the last one they saw
      -- (src/db/gameNews.ts); the sweep keeps the newest 10,000, minutes of news at any busy hour.
      CREATE TABLE game_news (
        seq      INTEGER PRIMARY KEY,               -- in commit order: SQLite commits one at a time
        game_id  INTEGER NOT NULL,
        version  INTEGER NOT NULL,
        guild_id TEXT NOT NULL                      -- '' outside servers: whose shard owns the game
      );
      CREATE TRIGGER games_news AFTER UPDATE OF version ON games
        WHEN NEW.version <> OLD.version
        BEGIN
          INSERT INTO game_news (game_id, version, guild_id) VALUES (NEW.id, NEW.version, NEW.guild_id);
        END;
    `,
  },
  {
    version: 20,
    purpose:
      "none on SQLite: PostgreSQL's 20 stops its NOTIFY of the news, which SQLite never had (the numbers stay in step)",
    sql: `
      -- Nothing to change here.
    `,
  },
];

export const LATEST_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the schema up to `target` (default: the latest). Each migration runs in its own
 * IMMEDIATE transaction that re-reads the version first, so a second process starting at the
 * same moment waits and then finds nothing left to do. Returns the versions applied.
 */
export function migrate(db: Database, target: number = LATEST_VERSION): number[] {
  const found = schemaVersion(db);
  if (found > LATEST_VERSION) {
    throw new Error(
      `the database is at schema version ${found}, newer than this code (${LATEST_VERSION}): upgrade the bot`,
    );
  }
  const applied: number[] = [];
  // Up to date (every start but the first after an upgrade): no write lock asked, so a process
  // starting beside busy ones (a restarted shard) does not queue for it.
  if (found >= target) return applied;
  for (const migration of MIGRATIONS) {
    if (migration.version > target) break;
    const ran = db
      .transaction(() => {
        if (schemaVersion(db) >= migration.version) return false;
        db.exec(migration.sql);
        db.pragma(`user_version = ${migration.version}`);
        return true;
      })
      .immediate();
    if (ran) applied.push(migration.version);
  }
  return applied;
}

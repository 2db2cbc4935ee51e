-- The schema at version 20, generated from src/db/sqliteMigrations.ts by `npm run db:schema`.
-- Do not edit: change the migrations and regenerate (test/db/schema.test.ts checks it).

CREATE TABLE actions (
  game_id INTEGER NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,  -- 0, 1, 2, ... : the order replay applies them
  user_id TEXT NOT NULL,
  action TEXT NOT NULL,  -- JSON engine Action
  throw_value INTEGER,   -- the value thrown or taken by this action, if any
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
  WHEN EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id)
  BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
  WHEN NOT (NEW.user_id LIKE 'deleted:%' AND NEW.game_id = OLD.game_id AND NEW.seq = OLD.seq
            AND NEW.action = OLD.action AND NEW.throw_value IS OLD.throw_value AND NEW.at = OLD.at)
  BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

CREATE TABLE answer_tokens (
  message_id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL,
  token TEXT NOT NULL,
  issued_at INTEGER NOT NULL
);

CREATE TABLE challenges (
  id INTEGER PRIMARY KEY,
  guild_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  message_id TEXT,
  challenger_id TEXT NOT NULL REFERENCES players (user_id),
  opponent_id TEXT NOT NULL REFERENCES players (user_id),
  ruleset TEXT NOT NULL,
  options TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  resolved_at INTEGER,
  game_id INTEGER REFERENCES games (id),
  shown_status TEXT,
  locale TEXT NOT NULL DEFAULT 'en',
  CHECK (challenger_id <> opponent_id)
);

CREATE INDEX challenges_by_challenger ON challenges (challenger_id, guild_id, status);

CREATE UNIQUE INDEX challenges_one_pending_pair
  ON challenges (channel_id, min(challenger_id, opponent_id), max(challenger_id, opponent_id))
  WHERE status = 'pending';

CREATE INDEX challenges_pending_expiry ON challenges (expires_at) WHERE status = 'pending';

CREATE TABLE event_deletions (
  guild_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,  -- failed deletions so far; given up after a few
  PRIMARY KEY (guild_id, event_id)
) WITHOUT ROWID;

CREATE TABLE game_news (
  seq INTEGER PRIMARY KEY,  -- in commit order: SQLite commits one at a time
  game_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  guild_id TEXT NOT NULL    -- '' outside servers: whose shard owns the game
);

CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  guild_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  message_id TEXT,
  ruleset TEXT NOT NULL,
  options TEXT NOT NULL,     -- JSON, defaults filled in
  seed INTEGER NOT NULL,
  state TEXT NOT NULL,       -- JSON GameState after the last logged action
  version INTEGER NOT NULL,  -- +1 per change: the stale-click guard
  status TEXT NOT NULL CHECK (status IN ('active', 'finished')),
  white_id TEXT NOT NULL REFERENCES players (user_id),
  black_id TEXT NOT NULL REFERENCES players (user_id),
  to_act_id TEXT,            -- who must act now; NULL once finished
  bot_strength TEXT,         -- set only for games against the bot
  rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
  turn_deadline INTEGER,     -- ms; NULL while the bot acts or once finished
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  winner_side TEXT CHECK (winner_side IN ('W', 'B')),
  end_reason TEXT CHECK (end_reason IN ('won', 'resigned', 'timeout')),
  score INTEGER,
  shown_version INTEGER,
  closed_reason TEXT CHECK (closed_reason IN ('channel-gone', 'not-posted')),
  thread_id TEXT,
  lobby_message_id TEXT,
  lobby_shown TEXT CHECK (lobby_shown IN ('active', 'finished')),
  archive_at INTEGER,
  season INTEGER,
  remind_at INTEGER,
  reminders_sent INTEGER NOT NULL DEFAULT 0,
  reminder_channel_id TEXT,
  reminder_message_id TEXT,
  locale TEXT NOT NULL DEFAULT 'en',
  dice TEXT NOT NULL DEFAULT 'seeded' CHECK (dice IN ('seeded', 'keyed')),
  dice_secret TEXT CHECK ((dice_secret IS NULL) = (dice = 'seeded'))
);

CREATE INDEX games_active_in_channel ON games (channel_id) WHERE status = 'active';

CREATE INDEX games_active_in_thread ON games (thread_id) WHERE status = 'active' AND thread_id IS NOT NULL;

CREATE INDEX games_archive_due ON games (archive_at) WHERE archive_at IS NOT NULL;

CREATE INDEX games_by_black ON games (black_id, guild_id);

CREATE INDEX games_by_white ON games (white_id, guild_id);

CREATE INDEX games_finished_by_guild ON games (guild_id, finished_at) WHERE status = 'finished';

CREATE INDEX games_rated_by_season ON games (guild_id, season) WHERE season IS NOT NULL;

CREATE INDEX games_remind_at ON games (remind_at) WHERE status = 'active' AND remind_at IS NOT NULL;

CREATE INDEX games_turn_deadline ON games (turn_deadline) WHERE status = 'active';

CREATE TRIGGER games_news AFTER UPDATE OF version ON games
  WHEN NEW.version <> OLD.version
  BEGIN
    INSERT INTO game_news (game_id, version, guild_id) VALUES (NEW.id, NEW.version, NEW.guild_id);
  END;

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

CREATE TABLE guild_settings (
  guild_id TEXT PRIMARY KEY,
  settings TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT NOT NULL
);

CREATE TABLE handoffs (
  shard_id INTEGER PRIMARY KEY,
  answered TEXT NOT NULL,  -- JSON: ids of the interactions it answered lately
  handed_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE nicknames (
  user_id TEXT NOT NULL REFERENCES players (user_id),
  guild_id TEXT NOT NULL,
  name TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, guild_id)
) WITHOUT ROWID;

CREATE INDEX nicknames_by_guild ON nicknames (guild_id);

CREATE TABLE player_settings (
  user_id TEXT PRIMARY KEY,
  reminders INTEGER NOT NULL CHECK (reminders IN (0, 1)),
  updated_at INTEGER NOT NULL
);

CREATE TABLE players (
  user_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE rating_history (
  guild_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES players (user_id),
  game_id INTEGER NOT NULL REFERENCES games (id),
  before REAL NOT NULL,
  after REAL NOT NULL,
  rd REAL NOT NULL,
  at INTEGER NOT NULL,
  season INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (guild_id, user_id, game_id)
);

CREATE TABLE "ratings" (
  guild_id TEXT NOT NULL,
  season INTEGER NOT NULL,
  user_id TEXT NOT NULL REFERENCES players (user_id),
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  vol REAL NOT NULL,
  games INTEGER NOT NULL,  -- rated games played in this guild this season
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (guild_id, season, user_id)
);

CREATE TABLE reminder_deletions (
  channel_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,  -- failed deletions so far; given up after a few
  guild_id TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (channel_id, message_id)
) WITHOUT ROWID;

CREATE TABLE seasons (
  guild_id TEXT NOT NULL,
  season INTEGER NOT NULL CHECK (season >= 2),
  started_at INTEGER NOT NULL,
  started_by TEXT NOT NULL,
  PRIMARY KEY (guild_id, season)
);

CREATE TABLE servers_left (
  guild_id TEXT PRIMARY KEY,
  left_at INTEGER NOT NULL,
  purge_at INTEGER NOT NULL
);

CREATE INDEX servers_left_due ON servers_left (purge_at);

CREATE TABLE tournament_pairings (
  tournament_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,  -- 1 = top board
  first_id TEXT NOT NULL,  -- moves first
  second_id TEXT,          -- NULL: a bye
  game_id INTEGER UNIQUE REFERENCES games (id),
  winner_id TEXT,          -- NULL while undecided
  decided_by TEXT CHECK (decided_by IN ('game', 'bye', 'forfeit', 'round-time')),
  PRIMARY KEY (tournament_id, round, board),
  FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
);

CREATE TABLE tournament_players (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  user_id TEXT NOT NULL REFERENCES players (user_id),
  joined_at INTEGER NOT NULL,
  rating REAL,         -- the server rating it was seeded with, at the start
  seed INTEGER,        -- 1 = best, set at the start
  left_round INTEGER,  -- left or removed during this round: paired no more
  PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_rounds (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  round INTEGER NOT NULL CHECK (round >= 1),
  started_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  guild_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,                     -- where its message, games and results are posted
  message_id TEXT,                              -- the tournament message (Join / Leave, table)
  name TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  options TEXT NOT NULL,                        -- JSON, defaults filled in
  format TEXT NOT NULL CHECK (format IN ('swiss', 'knockout')),
  rounds INTEGER NOT NULL CHECK (rounds >= 1),  -- knockout: set from the field at the start
  starts_at INTEGER NOT NULL,
  round_ms INTEGER NOT NULL CHECK (round_ms > 0),
  rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
  max_players INTEGER NOT NULL CHECK (max_players >= 2),
  status TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
  round INTEGER NOT NULL DEFAULT 0,             -- the round being played (0 before the start)
  round_ends_at INTEGER,                        -- when the round's time limit decides its games
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  locale TEXT NOT NULL,
  event_id TEXT,                                -- its Discord scheduled event, when the bot made one
  version INTEGER NOT NULL DEFAULT 0,           -- +1 per change its message shows
  shown_version INTEGER                         -- the version its message shows
);

CREATE INDEX tournaments_live_by_guild ON tournaments (guild_id) WHERE status IN ('open', 'running');

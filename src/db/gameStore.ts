// Every SQL statement about players, challenges, games and the action log. Statements are
// prepared once per connection. Writes that race (two clicks, two processes, a sweep) are
// conditional (`WHERE status = 'pending'`, `WHERE version = ?`) and report whether they won, so
// callers inside a transaction can never apply the same change twice.
import { ONE_SHARD, type ShardScope, onShard } from './shards.js';
import { NICKNAME_IN, SHOWN_NAME } from './names.js';
import { Query } from './query.js';
import type { Sql } from './database.js';
import type { Action, GameState, RuleOptions, RuleSetId, Side } from '../engine/index.js';
import { DiceSecret } from '../engine/keyedDice.js';
import type {
  ChallengeRecord,
  ClosedReason,
  ChallengeStatus,
  EndReason,
  GameEnd,
  GameRecord,
  GameStatus,
  GameUpdate,
  LoggedAction,
  NewChallenge,
  NewGame,
} from './records.js';
import { storedLocale } from './records.js';

interface ChallengeRow {
  id: number;
  guild_id: string;
  channel_id: string;
  message_id: string | null;
  challenger_id: string;
  opponent_id: string;
  ruleset: string;
  options: string;
  status: string;
  created_at: number;
  expires_at: number;
  resolved_at: number | null;
  game_id: number | null;
  shown_status: string | null;
  locale: string;
}

export interface GameRow {
  id: number;
  guild_id: string;
  channel_id: string;
  message_id: string | null;
  ruleset: string;
  options: string;
  seed: number;
  dice: string;
  dice_secret: string | null;
  state: string;
  version: number;
  status: string;
  white_id: string;
  black_id: string;
  to_act_id: string | null;
  bot_strength: string | null;
  rated: number;
  turn_deadline: number | null;
  created_at: number;
  finished_at: number | null;
  winner_side: string | null;
  end_reason: string | null;
  score: number | null;
  shown_version: number | null;
  closed_reason: string | null;
  thread_id: string | null;
  lobby_message_id: string | null;
  lobby_shown: string | null;
  archive_at: number | null;
  locale: string;
}

/**
 * GameRow's columns by name (checked against it): a statement that lists them keeps its prepared
 * plan on PostgreSQL when a migration adds a column (postgresParams.ts), where `*` would not.
 */
export const GAME_COLUMNS = Object.keys({
  id: 0,
  guild_id: 0,
  channel_id: 0,
  message_id: 0,
  ruleset: 0,
  options: 0,
  seed: 0,
  dice: 0,
  dice_secret: 0,
  state: 0,
  version: 0,
  status: 0,
  white_id: 0,
  black_id: 0,
  to_act_id: 0,
  bot_strength: 0,
  rated: 0,
  turn_deadline: 0,
  created_at: 0,
  finished_at: 0,
  winner_side: 0,
  end_reason: 0,
  score: 0,
  shown_version: 0,
  closed_reason: 0,
  thread_id: 0,
  lobby_message_id: 0,
  lobby_shown: 0,
  archive_at: 0,
  locale: 0,
} satisfies Record<keyof GameRow, 0>);

type BoardRow = Pick<
  GameRow,
  'guild_id' | 'channel_id' | 'message_id' | 'thread_id' | 'lobby_message_id' | 'status' | 'version' | 'shown_version'
>;

/** A game's board as stored: where it is shown and which version it shows. */
export type GameBoard = Pick<
  GameRecord,
  'guildId' | 'channelId' | 'messageId' | 'threadId' | 'lobbyMessageId' | 'status' | 'version' | 'shownVersion'
>;

interface ActionRow {
  action: string;
}

const toChallenge = (row: ChallengeRow): ChallengeRecord => ({
  id: row.id,
  guildId: row.guild_id,
  channelId: row.channel_id,
  messageId: row.message_id,
  challengerId: row.challenger_id,
  opponentId: row.opponent_id,
  ruleset: row.ruleset as RuleSetId,
  options: JSON.parse(row.options) as RuleOptions,
  status: row.status as ChallengeStatus,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  resolvedAt: row.resolved_at,
  gameId: row.game_id,
  shownStatus: row.shown_status as ChallengeStatus | null,
  locale: storedLocale(row.locale),
});

export const toGame = (row: GameRow): GameRecord => ({
  id: row.id,
  guildId: row.guild_id,
  channelId: row.channel_id,
  messageId: row.message_id,
  ruleset: row.ruleset as RuleSetId,
  options: JSON.parse(row.options) as RuleOptions,
  seed: row.seed,
  diceSecret: diceSecretOf(row),
  state: JSON.parse(row.state) as GameState,
  version: row.version,
  status: row.status as GameStatus,
  seats: { W: row.white_id, B: row.black_id },
  toActId: row.to_act_id,
  botStrength: row.bot_strength,
  rated: row.rated === 1,
  turnDeadline: row.turn_deadline,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  winnerSide: row.winner_side as Side | null,
  endReason: row.end_reason as EndReason | null,
  score: row.score,
  shownVersion: row.shown_version,
  closedReason: row.closed_reason as ClosedReason | null,
  threadId: row.thread_id,
  lobbyMessageId: row.lobby_message_id,
  lobbyShown: row.lobby_shown as GameStatus | null,
  archiveAt: row.archive_at,
  locale: storedLocale(row.locale),
});

/** A keyed game's secret; the column's CHECK pairs it with the kind, so a bad one is a damaged row. */
function diceSecretOf(row: Pick<GameRow, 'id' | 'dice' | 'dice_secret'>): DiceSecret | null {
  if (row.dice === 'seeded') return null;
  const secret = row.dice_secret === null ? null : DiceSecret.fromHex(row.dice_secret);
  if (!secret) throw new Error(`game ${row.id} has keyed dice without a valid secret`);
  return secret;
}

type Id = { id: number };

/**
 * What a message shows is a hint: its write need not survive a power cut without its own fsync
 * (the next click's commit syncs it along). A lost marker costs one needless edit at start-up,
 * while a second fsync per click would double the disk's share of each click.
 */
const NOT_SYNCED = { durable: false } as const;

export class GameStore {
  private readonly s: ReturnType<typeof prepare>;

  /** `shard`: the servers whose timed work this store lists (deadlines, catch-up, the bot's turns); see shards.ts. */
  constructor(
    private readonly sql: Sql,
    shard: ShardScope = ONE_SHARD,
  ) {
    this.s = prepare(onShard(shard));
  }

  // ---- players ---------------------------------------------------------------------------

  /** Records a player's current display name, the one shown outside servers and in servers where they have no nickname. */
  async savePlayer(userId: string, name: string, now: number): Promise<void> {
    await this.s.savePlayer.run(this.sql, userId, name, now);
  }

  /** Records the player's nickname in one server (null: they have none there, or removed it). */
  async saveNickname(userId: string, guildId: string, nickname: string | null, now: number): Promise<void> {
    if (nickname === null) await this.s.dropNickname.run(this.sql, userId, guildId);
    else await this.s.saveNickname.run(this.sql, userId, guildId, nickname, now);
  }

  /** The name shown in `guildId` ('' outside servers): the nickname there, else the display name. */
  async playerName(userId: string, guildId: string): Promise<string | undefined> {
    return (await this.s.playerName.get(this.sql, { user: userId, guild: guildId }))?.name;
  }

  // ---- challenges ------------------------------------------------------------------------

  /** Stores a new pending challenge; answers it as stored. */
  async insertChallenge(c: NewChallenge): Promise<ChallengeRecord> {
    const row = await this.s.insertChallenge.one(this.sql, {
      guild_id: c.guildId,
      channel_id: c.channelId,
      challenger_id: c.challengerId,
      opponent_id: c.opponentId,
      ruleset: c.ruleset,
      options: JSON.stringify(c.options),
      created_at: c.createdAt,
      expires_at: c.expiresAt,
      locale: c.locale,
    });
    return toChallenge(row);
  }

  async challenge(id: number): Promise<ChallengeRecord | undefined> {
    const row = await this.s.challenge.get(this.sql, id);
    return row && toChallenge(row);
  }

  /** Closes a pending challenge, answering it as closed; undefined if it was no longer pending (someone else got there first). */
  async resolveChallenge(
    id: number,
    status: Exclude<ChallengeStatus, 'pending'>,
    at: number,
    gameId: number | null = null,
  ): Promise<ChallengeRecord | undefined> {
    const row = await this.s.resolveChallenge.get(this.sql, status, at, gameId, id);
    return row && toChallenge(row);
  }

  async dueChallengeIds(now: number): Promise<number[]> {
    return (await this.s.dueChallenges.all(this.sql, now)).map((r) => r.id);
  }

  async setChallengeMessage(id: number, messageId: string): Promise<boolean> {
    return (await this.s.setChallengeMessage.run(this.sql, messageId, id)).changes === 1;
  }

  // ---- games -----------------------------------------------------------------------------

  /** Stores a new game; answers it as stored. */
  async insertGame(g: NewGame): Promise<GameRecord> {
    const row = await this.s.insertGame.one(this.sql, {
      guild_id: g.guildId,
      channel_id: g.channelId,
      message_id: g.messageId,
      lobby_message_id: g.lobbyMessageId,
      ruleset: g.ruleset,
      options: JSON.stringify(g.options),
      seed: g.seed,
      dice: g.diceSecret ? 'keyed' : 'seeded',
      dice_secret: g.diceSecret?.hex() ?? null,
      state: JSON.stringify(g.state),
      white_id: g.seats.W,
      black_id: g.seats.B,
      to_act_id: g.toActId,
      bot_strength: g.botStrength,
      rated: g.rated ? 1 : 0,
      turn_deadline: g.turnDeadline,
      created_at: g.createdAt,
      locale: g.locale,
    });
    return toGame(row);
  }

  async game(id: number): Promise<GameRecord | undefined> {
    const row = await this.s.game.get(this.sql, id);
    return row && toGame(row);
  }

  /** Where a game's board is and what it shows, without reading its state (a refused click's question). */
  async board(id: number): Promise<GameBoard | undefined> {
    const row = await this.s.board.get(this.sql, id);
    return (
      row && {
        guildId: row.guild_id,
        channelId: row.channel_id,
        messageId: row.message_id,
        threadId: row.thread_id,
        lobbyMessageId: row.lobby_message_id,
        status: row.status as GameStatus,
        version: row.version,
        shownVersion: row.shown_version,
      }
    );
  }

  /**
   * A player's live games "here": those whose thread this is, and those started in this channel
   * (in threads of their own or beside each other), oldest first.
   */
  async activeGamesHere(channelId: string, userId: string): Promise<GameRecord[]> {
    return (await this.s.activeHere.all(this.sql, { channel: channelId, user: userId })).map(toGame);
  }

  /** The live games started in a channel (in it or in threads of their own), newest first: the live board's lobby. */
  async liveGamesIn(channelId: string, limit: number): Promise<GameRecord[]> {
    return (await this.s.liveIn.all(this.sql, { channel: channelId, limit })).map(toGame);
  }

  /**
   * The games of a server (guild '' outside servers) finished since `since` that were started in a
   * channel, newest first: the live board's recent games. Read through the server's finished games
   * by time (games_finished_by_guild), so only the recent ones are looked at.
   */
  async finishedIn(guildId: string, channelId: string, since: number, limit: number): Promise<GameRecord[]> {
    return (await this.s.finishedIn.all(this.sql, { guild: guildId, channel: channelId, since, limit })).map(toGame);
  }

  /** Whether a live game or an open challenge has this channel (a game's thread) as its home. */
  async channelInUse(channelId: string): Promise<boolean> {
    return (await this.s.channelInUse.get(this.sql, channelId, channelId)) !== undefined;
  }

  /** Writes the next state with version + 1, answering the game as written; undefined if the version moved on meanwhile. */
  async updateGame(id: number, u: GameUpdate): Promise<GameRecord | undefined> {
    const row = await this.s.updateGame.get(
      this.sql,
      JSON.stringify(u.state),
      u.toActId,
      u.turnDeadline,
      id,
      u.expectedVersion,
    );
    return row && toGame(row);
  }

  /** Writes the final state and result with version + 1, answering the game as written; undefined if the version moved on meanwhile. */
  async finishGame(id: number, e: GameEnd): Promise<GameRecord | undefined> {
    const { finishedAt, winnerSide, endReason, score, archiveAt, expectedVersion } = e;
    const row = await this.s.finishGame.get(this.sql, {
      state: JSON.stringify(e.state),
      finishedAt,
      winnerSide,
      endReason,
      score,
      archiveAt,
      id,
      expectedVersion,
    });
    return row && toGame(row);
  }

  async setGameMessage(id: number, messageId: string): Promise<boolean> {
    return (await this.s.setGameMessage.run(this.sql, messageId, id)).changes === 1;
  }

  async setLobbyMessage(id: number, messageId: string): Promise<boolean> {
    return (await this.s.setLobbyMessage.run(this.sql, messageId, id)).changes === 1;
  }

  /** The game's board moves into its new thread (the game answered as moved); undefined if it has one already, or a board in the channel. */
  async setThread(id: number, threadId: string): Promise<GameRecord | undefined> {
    const row = await this.s.setThread.get(this.sql, threadId, id);
    return row && toGame(row);
  }

  /**
   * No thread after all: the board takes the lobby message's place in the channel (as before
   * threads); answers the game as placed. Undefined if the game has a thread or a board message already.
   */
  async playInChannel(id: number): Promise<GameRecord | undefined> {
    const row = await this.s.playInChannel.get(this.sql, id);
    return row && toGame(row);
  }

  /** Threads whose finished game's archive time has come, with the game that asked for it. */
  async dueArchives(now: number): Promise<{ gameId: number; threadId: string }[]> {
    return await this.s.dueArchives.all(this.sql, now);
  }

  /** Clears a due archive (taken by this sweep); false if another sweep took it first. */
  async takeArchive(gameId: number): Promise<boolean> {
    return (await this.s.takeArchive.run(this.sql, gameId)).changes === 1;
  }

  async dueGameIds(now: number): Promise<number[]> {
    return (await this.s.dueGames.all(this.sql, now)).map((r) => r.id);
  }

  /** Games being played on this store's shard (the bot's live-games gauge). */
  async liveGameCount(): Promise<number> {
    return (await this.s.liveGames.one(this.sql)).n;
  }

  /** Active games where `userId` (the bot) is to act. */
  async gamesAwaiting(userId: string): Promise<number[]> {
    return (await this.s.awaiting.all(this.sql, userId)).map((r) => r.id);
  }

  /**
   * Games of `userId` in a guild, newest first (by when they finished, or started if still
   * running): what /senet replay offers.
   */
  async recentGames(guildId: string, userId: string, limit: number): Promise<GameRecord[]> {
    return (await this.s.recentGames.all(this.sql, { guild: guildId, user: userId, limit })).map(toGame);
  }

  async allGameIds(): Promise<number[]> {
    return (await this.s.allGames.all(this.sql)).map((r) => r.id);
  }

  // ---- what the chat shows ------------------------------------------------------------------

  /** Records that the game's message shows `version` (never lowers it: a late older edit changes nothing). */
  async markGameShown(id: number, version: number): Promise<void> {
    await this.sql.run(this.s.markGameShown.text, [version, id, version], NOT_SYNCED);
  }

  async markChallengeShown(id: number, status: ChallengeStatus): Promise<void> {
    await this.sql.run(this.s.markChallengeShown.text, [status, id], NOT_SYNCED);
  }

  async markLobbyShown(id: number, status: GameStatus): Promise<void> {
    await this.sql.run(this.s.markLobbyShown.text, [status, id], NOT_SYNCED);
  }

  /** Games whose message shows an older version than the database holds (finished ones included, closed ones not: nothing can show them). */
  async gamesBehind(): Promise<number[]> {
    return (await this.s.gamesBehind.all(this.sql)).map((r) => r.id);
  }

  /** Games whose lobby message (in the channel, pointing to the thread) shows an older status. */
  async lobbiesBehind(): Promise<number[]> {
    return (await this.s.lobbiesBehind.all(this.sql)).map((r) => r.id);
  }

  /** Answered or expired challenges whose message still shows an older status (accepted ones show their game). */
  async challengesBehind(): Promise<number[]> {
    return (await this.s.challengesBehind.all(this.sql)).map((r) => r.id);
  }

  /** Active games and pending challenges that have no message (the post failed or never happened). */
  async unposted(): Promise<{ games: number[]; challenges: number[] }> {
    return {
      games: (await this.s.unpostedGames.all(this.sql)).map((r) => r.id),
      challenges: (await this.s.unpostedChallenges.all(this.sql)).map((r) => r.id),
    };
  }

  /** Ends an active game without a winner (unrated); false if it was no longer active. */
  async closeGame(id: number, reason: ClosedReason, at: number, archiveAt: number | null): Promise<boolean> {
    return (await this.s.closeGame.run(this.sql, at, reason, archiveAt, id)).changes === 1;
  }

  // ---- the action log ----------------------------------------------------------------------

  async appendAction(a: LoggedAction): Promise<void> {
    await this.s.appendAction.run(this.sql, a.gameId, a.seq, a.userId, JSON.stringify(a.action), a.throwValue, a.at);
  }

  /** A game's actions in the order they were applied. */
  async actions(gameId: number): Promise<Action[]> {
    return (await this.s.actions.all(this.sql, gameId)).map((r) => JSON.parse(r.action) as Action);
  }

  /** The values a game's throws showed, in order, as logged when each was made (not its takes). */
  async thrownValues(gameId: number): Promise<number[]> {
    return (await this.s.loggedThrows.all(this.sql, gameId)).flatMap((r) =>
      (JSON.parse(r.action) as Action).type === 'throw' && r.throw_value !== null ? [r.throw_value] : [],
    );
  }
}

function prepare(owned: string) {
  const st = <P extends unknown[] | object, R = unknown>(sql: string) => new Query<P, R>(sql);
  return {
    savePlayer: st<[string, string, number]>(
      `INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
       WHERE players.name <> excluded.name`,
    ),
    saveNickname: st<[string, string, string, number]>(
      `INSERT INTO nicknames (user_id, guild_id, name, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, guild_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
       WHERE nicknames.name <> excluded.name`,
    ),
    dropNickname: st<[string, string]>(`DELETE FROM nicknames WHERE user_id = ? AND guild_id = ?`),
    playerName: st<{ user: string; guild: string }, { name: string }>(
      `SELECT ${SHOWN_NAME} AS name FROM players p ${NICKNAME_IN('@guild')} WHERE p.user_id = @user`,
    ),
    insertChallenge: st<Record<string, string | number>, ChallengeRow>(
      `INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, ruleset, options, status, created_at,
                               expires_at, locale)
       VALUES (@guild_id, @channel_id, @challenger_id, @opponent_id, @ruleset, @options, 'pending', @created_at,
               @expires_at, @locale)
       RETURNING *`,
    ),
    challenge: st<[number], ChallengeRow>(`SELECT * FROM challenges WHERE id = ?`),
    resolveChallenge: st<[ChallengeStatus, number, number | null, number], ChallengeRow>(
      `UPDATE challenges SET status = ?, resolved_at = ?, game_id = ? WHERE id = ? AND status = 'pending' RETURNING *`,
    ),
    dueChallenges: st<[number], Id>(
      `SELECT id FROM challenges WHERE status = 'pending' AND expires_at <= ? AND ${owned} ORDER BY id`,
    ),
    setChallengeMessage: st<[string, number]>(`UPDATE challenges SET message_id = ? WHERE id = ?`),
    insertGame: st<Record<string, string | number | null>, GameRow>(
      `INSERT INTO games (guild_id, channel_id, message_id, lobby_message_id, ruleset, options, seed, dice, dice_secret,
                          state, version, status, white_id, black_id, to_act_id, bot_strength, rated, turn_deadline,
                          created_at, locale)
       VALUES (@guild_id, @channel_id, @message_id, @lobby_message_id, @ruleset, @options, @seed, @dice, @dice_secret,
               @state, 0, 'active', @white_id, @black_id, @to_act_id, @bot_strength, @rated, @turn_deadline,
               @created_at, @locale)
       RETURNING *`,
    ),
    game: st<[number], GameRow>(`SELECT * FROM games WHERE id = ?`),
    board: st<[number], BoardRow>(
      `SELECT guild_id, channel_id, message_id, thread_id, lobby_message_id, status, version, shown_version
       FROM games WHERE id = ?`,
    ),
    activeHere: st<{ channel: string; user: string }, GameRow>(
      `SELECT * FROM games WHERE status = 'active' AND (white_id = @user OR black_id = @user)
       AND (thread_id = @channel OR channel_id = @channel) ORDER BY id`,
    ),
    liveIn: st<{ channel: string; limit: number }, GameRow>(
      `SELECT * FROM games WHERE status = 'active' AND channel_id = @channel ORDER BY id DESC LIMIT @limit`,
    ),
    finishedIn: st<{ guild: string; channel: string; since: number; limit: number }, GameRow>(
      `SELECT * FROM games WHERE status = 'finished' AND guild_id = @guild AND finished_at >= @since
       AND channel_id = @channel ORDER BY finished_at DESC LIMIT @limit`,
    ),
    channelInUse: st<[string, string], Id>(
      `SELECT id FROM games WHERE status = 'active' AND channel_id = ?
       UNION ALL SELECT id FROM challenges WHERE status = 'pending' AND channel_id = ? LIMIT 1`,
    ),
    updateGame: st<[string, string | null, number | null, number, number], GameRow>(
      `UPDATE games SET state = ?, to_act_id = ?, turn_deadline = ?, version = version + 1
       WHERE id = ? AND version = ? AND status = 'active' RETURNING *`,
    ),
    finishGame: st<
      {
        state: string;
        finishedAt: number;
        winnerSide: Side;
        endReason: EndReason;
        score: number | null;
        archiveAt: number | null;
        id: number;
        expectedVersion: number;
      },
      GameRow
    >(
      `UPDATE games SET state = @state, status = 'finished', finished_at = @finishedAt, winner_side = @winnerSide,
                        end_reason = @endReason, score = @score, to_act_id = NULL, turn_deadline = NULL,
                        archive_at = CASE WHEN thread_id IS NULL THEN NULL ELSE CAST(@archiveAt AS BIGINT) END, version = version + 1
       WHERE id = @id AND version = @expectedVersion AND status = 'active' RETURNING *`,
    ),
    setGameMessage: st<[string, number]>(`UPDATE games SET message_id = ? WHERE id = ?`),
    setLobbyMessage: st<[string, number]>(`UPDATE games SET lobby_message_id = ? WHERE id = ?`),
    setThread: st<[string, number], GameRow>(
      `UPDATE games SET thread_id = ?
       WHERE id = ? AND thread_id IS NULL AND lobby_message_id IS NOT NULL AND message_id IS NULL RETURNING *`,
    ),
    playInChannel: st<[number], GameRow>(
      `UPDATE games SET message_id = lobby_message_id, lobby_message_id = NULL
       WHERE id = ? AND thread_id IS NULL AND message_id IS NULL RETURNING *`,
    ),
    dueArchives: st<[number], { gameId: number; threadId: string }>(
      `SELECT id AS "gameId", thread_id AS "threadId" FROM games WHERE archive_at <= ? AND ${owned}
       ORDER BY archive_at, id`,
    ),
    takeArchive: st<[number]>(`UPDATE games SET archive_at = NULL WHERE id = ? AND archive_at IS NOT NULL`),
    dueGames: st<[number], Id>(
      `SELECT id FROM games WHERE status = 'active' AND turn_deadline <= ? AND ${owned} ORDER BY turn_deadline, id`,
    ),
    liveGames: st<[], { n: number }>(`SELECT COUNT(*) AS n FROM games WHERE status = 'active' AND ${owned}`),
    awaiting: st<[string], Id>(
      `SELECT id FROM games WHERE status = 'active' AND to_act_id = ? AND ${owned} ORDER BY id`,
    ),
    allGames: st<[], Id>(`SELECT id FROM games ORDER BY id`),
    recentGames: st<{ guild: string; user: string; limit: number }, GameRow>(
      `SELECT * FROM games WHERE guild_id = @guild AND (white_id = @user OR black_id = @user)
       ORDER BY COALESCE(finished_at, created_at) DESC, id DESC LIMIT @limit`,
    ),
    appendAction: st<[number, number, string, string, number | null, number]>(
      `INSERT INTO actions (game_id, seq, user_id, action, throw_value, at) VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    markGameShown: st<[number, number, number]>(
      `UPDATE games SET shown_version = ? WHERE id = ? AND (shown_version IS NULL OR shown_version < ?)`,
    ),
    markChallengeShown: st<[ChallengeStatus, number]>(`UPDATE challenges SET shown_status = ? WHERE id = ?`),
    markLobbyShown: st<[GameStatus, number]>(`UPDATE games SET lobby_shown = ? WHERE id = ?`),
    lobbiesBehind: st<[], Id>(
      `SELECT id FROM games WHERE lobby_message_id IS NOT NULL AND closed_reason IS NULL
       AND (lobby_shown IS NULL OR lobby_shown <> status) AND ${owned} ORDER BY id`,
    ),
    gamesBehind: st<[], Id>(
      `SELECT id FROM games WHERE message_id IS NOT NULL AND closed_reason IS NULL
       AND (shown_version IS NULL OR shown_version < version) AND ${owned} ORDER BY id`,
    ),
    challengesBehind: st<[], Id>(
      `SELECT id FROM challenges WHERE message_id IS NOT NULL AND status <> 'accepted'
       AND (shown_status IS NULL OR shown_status <> status) AND ${owned} ORDER BY id`,
    ),
    unpostedGames: st<[], Id>(
      `SELECT id FROM games WHERE status = 'active' AND message_id IS NULL AND ${owned} ORDER BY id`,
    ),
    unpostedChallenges: st<[], Id>(
      `SELECT id FROM challenges WHERE status = 'pending' AND message_id IS NULL AND ${owned} ORDER BY id`,
    ),
    closeGame: st<[number, ClosedReason, number | null, number]>(
      `UPDATE games SET status = 'finished', finished_at = ?, closed_reason = ?, to_act_id = NULL, turn_deadline = NULL,
                        archive_at = CASE WHEN thread_id IS NULL THEN NULL ELSE CAST(? AS BIGINT) END, version = version + 1
       WHERE id = ? AND status = 'active'`,
    ),
    actions: st<[number], ActionRow>(`SELECT action FROM actions WHERE game_id = ? ORDER BY seq`),
    loggedThrows: st<[number], ActionRow & { throw_value: number | null }>(
      `SELECT action, throw_value FROM actions WHERE game_id = ? AND throw_value IS NOT NULL ORDER BY seq`,
    ),
  };
}

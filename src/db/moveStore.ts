// A move decided from memory (src/game/liveGames.ts) and written under a guard on everything it
// decided from: the game's version, its status, who was to act, its seats and thread, and the
// server's settings as stored. The write is the check: when any of them changed (another
// process's move, a timeout, a deletion, an admin's new settings) it writes nothing, and the
// caller reads afresh. The game's row (the next turn, its deadline and first reminder, version
// + 1) and the action's line in the log go in together; the players' names come back with it.
//
// PostgreSQL: one statement (the UPDATE and the INSERT as data-modifying CTEs) sent alone, without
// BEGIN and COMMIT (Database.alone says why that is safe): one round trip. SQLite: the UPDATE
// (answering the row it wrote), then the INSERT and the names, in one transaction, as every write there.
import { NICKNAME_IN, SHOWN_NAME } from './names.js';
import { GAME_COLUMNS, type GameRow, toGame } from './gameStore.js';
import type { GameRecord, LoggedAction } from './records.js';
import type { AloneOptions, Database } from './database.js';
import type { GameState, Side } from '../engine/index.js';

/** What the move found in memory, each checked by the write. */
export interface MoveFound {
  id: number;
  version: number;
  guildId: string;
  seats: Record<Side, string>;
  threadId: string | null;
  /** The server's settings JSON the move decided with (null: its admins never set any). */
  settingsJson: string | null;
}

/** The game after the move, as stored. */
export interface MoveMade {
  state: GameState;
  toActId: string | null;
  turnDeadline: number | null;
  /** The first reminder of the turn the move starts, or null. */
  remindAt: number | null;
}

export interface MoveWritten {
  game: GameRecord;
  /** The names each seat is shown by in the game's server (null: never seen). */
  names: Record<Side, string | null>;
}

type WrittenRow = GameRow & { white_name: string | null; black_name: string | null };

const GUARD = `WHERE id = @id AND version = @version AND status = 'active' AND to_act_id = @actor
         AND white_id = @white AND black_id = @black AND thread_id IS NOT DISTINCT FROM @thread
         AND (SELECT settings FROM guild_settings WHERE guild_id = @guild) IS NOT DISTINCT FROM @settings`;

// reminders_sent = -1: the new turn's remind_at is this UPDATE's, not the old turn's to clear (migration 18).
const SET = `SET state = @state, to_act_id = @toAct, turn_deadline = @deadline, remind_at = @remindAt,
           reminders_sent = -1, version = version + 1`;

/** The name `user` is shown by in `guild` (each a column or a parameter). */
const NAME_OF = (guild: string, user: string): string =>
  `(SELECT ${SHOWN_NAME} FROM players p ${NICKNAME_IN(guild)} WHERE p.user_id = ${user})`;

// Its columns named, not `*`: prepared once per connection (postgresParams.ts).
const POSTGRES = `
  WITH moved AS (UPDATE games ${SET} ${GUARD} RETURNING ${GAME_COLUMNS.join(', ')}),
  logged AS (
    INSERT INTO actions (game_id, seq, user_id, action, throw_value, at)
    SELECT id, CAST(@seq AS BIGINT), @actor, @action, CAST(@throw AS BIGINT), CAST(@at AS BIGINT) FROM moved
  )
  SELECT ${GAME_COLUMNS.map((column) => `moved.${column}`).join(', ')}, ${NAME_OF('moved.guild_id', 'moved.white_id')} AS white_name,
         ${NAME_OF('moved.guild_id', 'moved.black_id')} AS black_name
  FROM moved`;

const SQLITE_UPDATE = `UPDATE games ${SET} ${GUARD} RETURNING *`;
const SQLITE_APPEND = `INSERT INTO actions (game_id, seq, user_id, action, throw_value, at)
                       VALUES (@id, @seq, @actor, @action, @throw, @at)`;
const SQLITE_NAMES = `SELECT ${NAME_OF('@guild', '@white')} AS white_name, ${NAME_OF('@guild', '@black')} AS black_name`;

export class MoveStore {
  constructor(private readonly db: Database) {}

  /**
   * Writes the move if nothing it was decided from has changed; undefined when something had, or
   * when `options.needless` says so at the write's turn (nothing is then sent).
   */
  async write(
    found: MoveFound,
    made: MoveMade,
    logged: Omit<LoggedAction, 'gameId'>,
    options: AloneOptions,
  ): Promise<MoveWritten | undefined> {
    const params = {
      id: found.id,
      version: found.version,
      actor: logged.userId,
      white: found.seats.W,
      black: found.seats.B,
      thread: found.threadId,
      guild: found.guildId,
      settings: found.settingsJson,
      state: JSON.stringify(made.state),
      toAct: made.toActId,
      deadline: made.turnDeadline,
      remindAt: made.remindAt,
      seq: logged.seq,
      action: JSON.stringify(logged.action),
      throw: logged.throwValue,
      at: logged.at,
    };
    const row =
      this.db.dialect === 'postgres'
        ? await this.db.alone<WrittenRow>(POSTGRES, params, options)
        : await this.db.transaction(async (tx) => {
            if (options.needless?.()) return undefined;
            const moved = await tx.get<GameRow>(SQLITE_UPDATE, params);
            if (!moved) return undefined;
            await tx.run(SQLITE_APPEND, params);
            const seats = { guild: moved.guild_id, white: moved.white_id, black: moved.black_id };
            const names = await tx.get<Pick<WrittenRow, 'white_name' | 'black_name'>>(SQLITE_NAMES, seats);
            return { ...moved, white_name: names?.white_name ?? null, black_name: names?.black_name ?? null };
          }, options);
    return row && { game: toGame(row), names: { W: row.white_name, B: row.black_name } };
  }
}

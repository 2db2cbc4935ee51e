// Every SQL statement about turn reminders: when each game's next reminder is due, the reminder
// messages waiting to be deleted (an outbox), and each player's choice to get reminders. The
// migration's trigger (games_turn_over_reminders) clears a game's schedule whenever its version
// moves on; everything here runs inside the caller's transaction.
import type { Locale } from '../i18n/index.js';
import { storedLocale } from './records.js';
import { ONE_SHARD, type ShardScope, onShard } from './shards.js';
import { Query } from './query.js';
import type { Sql } from './database.js';

/** A game's turn as far as reminding its player goes. */
export interface ReminderTurn {
  gameId: number;
  guildId: string;
  /** Where the game's board message is (the reminder is posted there too). */
  channelId: string;
  boardMessageId: string | null;
  version: number;
  toActId: string;
  /** The other seat: who the player is up against. */
  opponentId: string;
  turnDeadline: number;
  remindAt: number;
  remindersSent: number;
  reminderChannelId: string | null;
  reminderMessageId: string | null;
  /** The language of the game's messages. */
  locale: Locale;
}

/** A posted message to delete. */
export interface MessageRef {
  channelId: string;
  messageId: string;
}

interface TurnRow {
  id: number;
  guild_id: string;
  channel_id: string;
  message_id: string | null;
  version: number;
  to_act_id: string;
  opponent_id: string;
  turn_deadline: number;
  remind_at: number;
  reminders_sent: number;
  reminder_channel_id: string | null;
  reminder_message_id: string | null;
  locale: string;
}

const toTurn = (r: TurnRow): ReminderTurn => ({
  gameId: r.id,
  guildId: r.guild_id,
  channelId: r.channel_id,
  boardMessageId: r.message_id,
  version: r.version,
  toActId: r.to_act_id,
  opponentId: r.opponent_id,
  turnDeadline: r.turn_deadline,
  remindAt: r.remind_at,
  remindersSent: r.reminders_sent,
  reminderChannelId: r.reminder_channel_id,
  reminderMessageId: r.reminder_message_id,
  locale: storedLocale(r.locale),
});

export class ReminderStore {
  private readonly s: ReturnType<typeof prepare>;

  /** `shard`: the servers whose reminders this store lists as due or to delete (see shards.ts). */
  constructor(
    private readonly sql: Sql,
    shard: ShardScope = ONE_SHARD,
  ) {
    this.s = prepare(onShard(shard));
  }

  /** Sets when the game's current turn is first reminded (null: never). */
  async schedule(gameId: number, remindAt: number | null): Promise<void> {
    await this.s.schedule.run(this.sql, remindAt, gameId);
  }

  async dueGameIds(now: number): Promise<number[]> {
    return (await this.s.due.all(this.sql, now)).map((r) => r.id);
  }

  /** The live turn of a game with a reminder pending, or undefined (over, or none pending). */
  async pendingTurn(gameId: number): Promise<ReminderTurn | undefined> {
    const row = await this.s.pendingTurn.get(this.sql, gameId);
    return row && toTurn(row);
  }

  /** Counts a reminder as sent and sets when the next is due; false if the turn moved on. */
  async claim(gameId: number, version: number, sent: number, next: number | null): Promise<boolean> {
    return (await this.s.claim.run(this.sql, next, gameId, version, sent)).changes === 1;
  }

  /** The reminder message of a turn, if that turn (version, reminders sent) is still the game's. */
  async setMessage(gameId: number, version: number, sent: number, message: MessageRef): Promise<boolean> {
    return (
      (await this.s.setMessage.run(this.sql, message.channelId, message.messageId, gameId, version, sent)).changes === 1
    );
  }

  /** The game's current reminder message, if any. */
  async message(gameId: number): Promise<MessageRef | undefined> {
    const row = await this.s.message.get(this.sql, gameId);
    return row?.message_id && row.channel_id ? { channelId: row.channel_id, messageId: row.message_id } : undefined;
  }

  // ---- the outbox of messages to delete --------------------------------------------------------

  /** Queues a reminder message of a game in `guildId` for deletion, by the process holding that server's shard. */
  async queueDeletion(message: MessageRef, guildId: string): Promise<void> {
    await this.s.queue.run(this.sql, message.channelId, message.messageId, guildId);
  }

  async deletions(limit: number): Promise<MessageRef[]> {
    return (await this.s.deletions.all(this.sql, limit)).map((r) => ({
      channelId: r.channel_id,
      messageId: r.message_id,
    }));
  }

  /** One server's reminder messages waiting to be deleted (those of a server whose data was deleted). */
  async deletionsIn(guildId: string): Promise<MessageRef[]> {
    return (await this.s.deletionsIn.all(this.sql, guildId)).map((r) => ({
      channelId: r.channel_id,
      messageId: r.message_id,
    }));
  }

  async deletionDone(message: MessageRef): Promise<void> {
    await this.s.done.run(this.sql, message.channelId, message.messageId);
  }

  /** Counts a failed deletion; after `maxAttempts` the message is left as it is. */
  async deletionFailed(message: MessageRef, maxAttempts: number): Promise<void> {
    await this.s.failed.run(this.sql, message.channelId, message.messageId);
    await this.s.giveUp.run(this.sql, message.channelId, message.messageId, maxAttempts);
  }

  // ---- players' choices ----------------------------------------------------------------------

  /** Whether the player gets turn reminders (yes unless they said no). */
  async remindersOn(userId: string): Promise<boolean> {
    return ((await this.s.remindersOf.get(this.sql, userId))?.reminders ?? 1) === 1;
  }

  async setReminders(userId: string, on: boolean, now: number): Promise<void> {
    await this.s.setReminders.run(this.sql, userId, on ? 1 : 0, now);
  }
}

function prepare(owned: string) {
  const st = <P extends unknown[], R = unknown>(sql: string) => new Query<P, R>(sql);
  return {
    schedule: st<[number | null, number]>(`UPDATE games SET remind_at = ? WHERE id = ?`),
    due: st<[number], { id: number }>(
      `SELECT id FROM games WHERE status = 'active' AND remind_at IS NOT NULL AND remind_at <= ? AND ${owned}
       ORDER BY remind_at, id`,
    ),
    // The board's channel: the game's own thread, or games.channel_id when it is played there
    // (the channel GameView.channelId names).
    pendingTurn: st<[number], TurnRow>(
      `SELECT id, guild_id, COALESCE(thread_id, channel_id) AS channel_id, message_id, version, to_act_id,
              CASE WHEN white_id = to_act_id THEN black_id ELSE white_id END AS opponent_id,
              turn_deadline, remind_at, reminders_sent, reminder_channel_id, reminder_message_id, locale
       FROM games WHERE id = ? AND status = 'active' AND remind_at IS NOT NULL
       AND to_act_id IS NOT NULL AND turn_deadline IS NOT NULL`,
    ),
    claim: st<[number | null, number, number, number]>(
      `UPDATE games SET reminders_sent = reminders_sent + 1, remind_at = ?
       WHERE id = ? AND version = ? AND reminders_sent = ? AND status = 'active'`,
    ),
    setMessage: st<[string, string, number, number, number]>(
      `UPDATE games SET reminder_channel_id = ?, reminder_message_id = ?
       WHERE id = ? AND version = ? AND reminders_sent = ? AND status = 'active'`,
    ),
    message: st<[number], { channel_id: string | null; message_id: string | null }>(
      `SELECT reminder_channel_id AS channel_id, reminder_message_id AS message_id FROM games WHERE id = ?`,
    ),
    queue: st<[string, string, string]>(
      `INSERT INTO reminder_deletions (channel_id, message_id, guild_id) VALUES (?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    deletions: st<[number], { channel_id: string; message_id: string }>(
      `SELECT channel_id, message_id FROM reminder_deletions WHERE ${owned} ORDER BY attempts, message_id LIMIT ?`,
    ),
    deletionsIn: st<[string], { channel_id: string; message_id: string }>(
      `SELECT channel_id, message_id FROM reminder_deletions WHERE guild_id = ? ORDER BY message_id`,
    ),
    done: st<[string, string]>(`DELETE FROM reminder_deletions WHERE channel_id = ? AND message_id = ?`),
    failed: st<[string, string]>(
      `UPDATE reminder_deletions SET attempts = attempts + 1 WHERE channel_id = ? AND message_id = ?`,
    ),
    giveUp: st<[string, string, number]>(
      `DELETE FROM reminder_deletions WHERE channel_id = ? AND message_id = ? AND attempts >= ?`,
    ),
    remindersOf: st<[string], { reminders: number }>(`SELECT reminders FROM player_settings WHERE user_id = ?`),
    setReminders: st<[string, number, number]>(
      `INSERT INTO player_settings (user_id, reminders, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders, updated_at = excluded.updated_at`,
    ),
  };
}

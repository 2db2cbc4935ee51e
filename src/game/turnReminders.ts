// Turn reminders: when a person's turn has waited the server's reminder delay, and again shortly
// before the turn timeout forfeits the game, the bot reminds them (src/bot/reminderMessages.ts posts).
// Reminders are deadlines in the database like turn timeouts: scheduled in the transaction that
// starts a turn, cleared by the migration's trigger in the one that ends it (any action, a win, a
// resignation, a timeout, a close), which also queues the turn's reminder message for deletion.
import type { Locale } from '../i18n/index.js';
import type { MessageRef } from '../db/reminderStore.js';
import type { ServiceCore } from './core.js';
import { type Outcome, type Player, fail, ok } from './types.js';

export type { MessageRef } from '../db/reminderStore.js';

const HOUR = 3_600_000;

/** Failed deletions of a reminder message before it is left as it is (the bot lost access to it). */
const MAX_DELETE_ATTEMPTS = 5;

/**
 * How long before the turn timeout the last reminder comes: an hour, or a quarter of the turn
 * when turns are shorter than four hours, so a short turn still leaves time to act on it.
 */
export function finalReminderLead(turnTtlMs: number): number {
  return Math.min(HOUR, turnTtlMs / 4);
}

/** When a turn that started at `start` is first reminded: after the delay, if that is before the deadline. */
function firstReminderAt(start: number, deadline: number, delayMs: number): number | null {
  if (delayMs <= 0) return null;
  const at = start + delayMs;
  return at < deadline ? at : null;
}

/**
 * When the last reminder comes, once the first was claimed at `now`: shortly before the deadline,
 * or never when that moment has already passed (it would come with or before the first).
 */
function finalReminderAt(deadline: number, turnTtlMs: number, now: number): number | null {
  const at = deadline - finalReminderLead(turnTtlMs);
  return at > now ? at : null;
}

/** The turn a transaction has just started, as far as reminders go. */
export interface StartedTurn {
  id: number;
  toActId: string | null;
  turnDeadline: number | null;
}

/**
 * Schedules the first reminder of a turn just started (inside the caller's transaction), after the
 * server's `reminderDelayMs` (the caller has its settings already); none for the bot.
 */
export async function scheduleReminder(
  core: ServiceCore,
  turn: StartedTurn,
  reminderDelayMs: number,
  now: number,
): Promise<void> {
  const at = firstReminderOf(turn, core.botUserId, reminderDelayMs, now);
  if (at !== null) await core.reminders.schedule(turn.id, at);
}

/** When a turn started at `now` is first reminded, or null (the bot's turn, none due before its deadline). */
export function firstReminderOf(
  turn: Omit<StartedTurn, 'id'>,
  botUserId: string,
  reminderDelayMs: number,
  now: number,
): number | null {
  if (turn.toActId === null || turn.toActId === botUserId || turn.turnDeadline === null) return null;
  return firstReminderAt(now, turn.turnDeadline, reminderDelayMs);
}

/** A reminder to post: claimed (counted as sent) already. */
export interface ReminderDue {
  gameId: number;
  /** The game's version and the reminders claimed this turn: together they name the turn. */
  version: number;
  ordinal: number;
  /** The last reminder before the timeout. */
  final: boolean;
  guildId: string;
  /** Where the game's board is; the reminder goes there. */
  channelId: string;
  boardMessageId: string | null;
  player: Player;
  opponent: Player;
  turnDeadline: number;
  /** The language of the game's messages. */
  locale: Locale;
}

/**
 * Claims every reminder now due, each in its own transaction that re-checks the turn. A reminder
 * is counted as sent when it is claimed, before it is posted: at most once, so a crash between
 * the claim and the post loses that reminder rather than ever sending it twice (across restarts,
 * two sweeps at once, or two processes on one file). A player who switched reminders off has
 * theirs claimed and dropped.
 */
export async function claim(core: ServiceCore): Promise<ReminderDue[]> {
  const now = core.now();
  const due: ReminderDue[] = [];
  for (const id of await core.reminders.dueGameIds(now)) {
    const claimed = await core.transact(async (core) => await claimOne(core, id, now));
    if (claimed.ok && claimed.value) due.push(claimed.value);
  }
  return due;
}

async function claimOne(core: ServiceCore, gameId: number, now: number): Promise<Outcome<ReminderDue | null>> {
  const turn = await core.reminders.pendingTurn(gameId);
  if (!turn || turn.remindAt > now) return fail('finished', 'error.movedOn');
  const ordinal = turn.remindersSent + 1;
  const next =
    ordinal === 1 ? finalReminderAt(turn.turnDeadline, (await core.settingsOf(turn.guildId)).turnTtlMs, now) : null;
  if (!(await core.reminders.claim(gameId, turn.version, turn.remindersSent, next))) {
    throw new Error(`game ${gameId} changed inside its own transaction`);
  }
  if (turn.toActId === core.botUserId || !(await core.reminders.remindersOn(turn.toActId))) return ok(null);
  return ok({
    gameId,
    version: turn.version,
    ordinal,
    final: next === null,
    guildId: turn.guildId,
    channelId: turn.channelId,
    boardMessageId: turn.boardMessageId,
    player: await core.playerOf(turn.toActId, turn.guildId),
    opponent: await core.playerOf(turn.opponentId, turn.guildId),
    turnDeadline: turn.turnDeadline,
    locale: turn.locale,
  });
}

/**
 * Records a posted reminder as the turn's, replacing (queueing for deletion) an earlier one; if
 * the player acted while it was being posted, queues the new one for deletion instead.
 */
export async function record(core: ServiceCore, due: ReminderDue, posted: MessageRef): Promise<Outcome<null>> {
  return core.transact(async (core) => {
    const previous = await core.reminders.message(due.gameId);
    if (await core.reminders.setMessage(due.gameId, due.version, due.ordinal, posted)) {
      if (previous) await core.reminders.queueDeletion(previous, due.guildId);
    } else {
      await core.reminders.queueDeletion(posted, due.guildId);
    }
    return ok(null);
  });
}

/** Reminder messages waiting to be deleted, fewest failed attempts first. */
export async function deletions(core: ServiceCore, limit: number): Promise<MessageRef[]> {
  return await core.reminders.deletions(limit);
}

/** One server's reminder messages waiting to be deleted (after its data was deleted). */
export async function deletionsIn(core: ServiceCore, guildId: string): Promise<MessageRef[]> {
  return await core.reminders.deletionsIn(guildId);
}

/** A deletion done (or the message already gone), or failed (tried again later, a few times). */
export async function deleted(core: ServiceCore, message: MessageRef, done: boolean): Promise<Outcome<null>> {
  return core.transact(async (core) => {
    if (done) await core.reminders.deletionDone(message);
    else await core.reminders.deletionFailed(message, MAX_DELETE_ATTEMPTS);
    return ok(null);
  });
}

/** Turns a player's reminders on or off, in every server; answers the choice now in force. */
export async function set(core: ServiceCore, userId: string, on: boolean): Promise<Outcome<boolean>> {
  return core.transact(async (core) => {
    await core.reminders.setReminders(userId, on, core.now());
    return ok(on);
  });
}

/** Whether a player gets turn reminders. */
export async function isOn(core: ServiceCore, userId: string): Promise<boolean> {
  return await core.reminders.remindersOn(userId);
}

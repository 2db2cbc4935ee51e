// Posting and deleting turn reminders, once per sweep: the reminders the service claims as due are
// posted in their game's board channel, pinging only the player to act; the reminder messages of
// turns now over (queued by the database in the transaction that ended the turn) are deleted, so
// a click never waits on Discord for it.
import { translate } from '../i18n/index.js';
import type { Logger } from 'pino';
import { DISCORD, deleteFromDiscord } from '../chat/discordErrors.js';
import { messageLink } from '../chat/messages.js';
import type { GameService, MessageRef, ReminderDue } from '../game/service.js';

/** Deletions tried per sweep, so a long outbox (after an outage) never makes one sweep slow. */
const DELETIONS_PER_SWEEP = 50;

export interface ReminderMessage {
  content: string;
  allowedMentions: { users: string[] };
}

export interface ReminderOptions {
  service: Pick<GameService, 'reminders'>;
  /** Posts a message in a channel; resolves to its id. */
  post: (channelId: string, message: ReminderMessage) => Promise<string>;
  /** Deletes a message. */
  remove: (message: MessageRef) => Promise<void>;
  log: Logger;
}

/** A Discord timestamp: shown in each reader's own time zone (`f` date and time, `R` "in 2 hours"). */
const timestamp = (ms: number, style: 'f' | 'R'): string => `<t:${Math.floor(ms / 1000)}:${style}>`;

/** "<@ana>, your turn in Senet against Ben: play by … (in 2 hours) or lose by forfeit. <link>" */
function reminderMessage(due: ReminderDue): ReminderMessage {
  const words = {
    playerId: due.player.id,
    opponent: due.opponent.name,
    by: timestamp(due.turnDeadline, 'f'),
    in: timestamp(due.turnDeadline, 'R'),
  };
  const text = translate(due.locale, due.final ? 'reminder.lastTurn' : 'reminder.turn', words);
  const link = due.boardMessageId ? ` ${messageLink({ ...due, messageId: due.boardMessageId })}` : '';
  return {
    content: `${text}${link}`,
    allowedMentions: { users: [due.player.id] },
  };
}

/** Discord's answers meaning the message will never need deleting again. */
const GONE: ReadonlySet<number> = new Set([DISCORD.unknownMessage, DISCORD.unknownChannel]);

export class Reminders {
  constructor(private readonly options: ReminderOptions) {}

  /** Posts the reminders due, then deletes those whose turn is over; resolves with how many of each. */
  async runOnce(): Promise<{ posted: number; deleted: number }> {
    const { service } = this.options;
    let posted = 0;
    for (const due of await service.reminders.claim()) if (await this.post(due)) posted++;
    let deleted = 0;
    for (const message of await service.reminders.deletions(DELETIONS_PER_SWEEP))
      if (await this.remove(message)) deleted++;
    return { posted, deleted };
  }

  /** A reminder that cannot be posted (channel gone, no access) is dropped: it was claimed, and is never retried. */
  private async post(due: ReminderDue): Promise<boolean> {
    const { service, log } = this.options;
    try {
      const messageId = await this.options.post(due.channelId, reminderMessage(due));
      const recorded = await service.reminders.record(due, { channelId: due.channelId, messageId });
      if (!recorded.ok) log.warn({ gameId: due.gameId, error: recorded.error }, 'reminder posted but not recorded');
      return true;
    } catch (err) {
      log.warn({ err, gameId: due.gameId }, 'reminder not posted');
      return false;
    }
  }

  /** Deletes one queued reminder message; true once it is gone (else tried again at a later sweep, a few times). */
  async remove(message: MessageRef): Promise<boolean> {
    const { service, log } = this.options;
    const done = await deleteFromDiscord(
      () => this.options.remove(message),
      GONE,
      (err) => log.warn({ err, ...message }, 'reminder not deleted; trying again later'),
    );
    await service.reminders.deleted(message, done);
    return done;
  }
}

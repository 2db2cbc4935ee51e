// Discord's side of a deletion of data. The deletion commits first; what the bot posted in Discord
// that names the people concerned follows: a deleted server's live turn reminders and its
// tournaments' scheduled events are deleted from Discord (queued by the deletion's transaction in
// reminder_deletions and event_deletions), and the tournament messages that named a person who
// deleted their data are drawn again with the stand-in (marked changed by that transaction). The
// command that deleted does this at once, to say what was done; what Discord refused then stays
// queued (or behind) and the sweeper tries it again, as it does every other chat work.
import type { Logger } from 'pino';
import type { FollowUpCount } from '../commands/commandContext.js';
import { DISCORD, deleteFromDiscord } from '../chat/discordErrors.js';
import type { EventRef, GameService } from '../game/service.js';
import type { Reminders } from './reminderMessages.js';
import type { TournamentRunner } from './tournamentRunner.js';

/** Event deletions tried per sweep, so a long queue (after an outage) never makes one sweep slow. */
const EVENTS_PER_SWEEP = 20;

/** Discord's answers meaning the event is gone (deleted by someone, or the server with it). */
const GONE: ReadonlySet<number> = new Set([DISCORD.unknownScheduledEvent, DISCORD.unknownGuild]);

export interface DeletionFollowUpDeps {
  service: Pick<GameService, 'reminders' | 'privacy' | 'tournaments'>;
  reminders: Pick<Reminders, 'remove'>;
  tournaments: Pick<TournamentRunner, 'runOnce'>;
  /** Deletes a scheduled event (Delete Guild Scheduled Event). */
  deleteEvent: (guildId: string, eventId: string) => Promise<void>;
  log: Logger;
}

export class DeletionFollowUp {
  constructor(private readonly deps: DeletionFollowUpDeps) {}

  /** A server's data was deleted: its reminder messages and scheduled events go from Discord now. */
  async server(guildId: string): Promise<FollowUpCount> {
    const { service, reminders } = this.deps;
    const count: FollowUpCount = { done: 0, waiting: 0 };
    const tally = (done: boolean): void => void (done ? count.done++ : count.waiting++);
    for (const message of await service.reminders.deletionsIn(guildId)) tally(await reminders.remove(message));
    for (const event of await service.privacy.eventDeletions(guildId)) tally(await this.deleteEvent(event));
    return count;
  }

  /**
   * A person's data was deleted: the tournament messages that named them are drawn again (the
   * runner shows every message behind the database); counts those that now show the stand-in.
   */
  async tournaments(ids: readonly number[]): Promise<FollowUpCount> {
    await this.deps.tournaments.runOnce();
    const behind = await this.deps.service.privacy.tournamentsBehind(ids);
    return { done: ids.length - behind.length, waiting: behind.length };
  }

  /** The sweeper's share: scheduled events still to delete (Discord failed the first time). */
  async runOnce(): Promise<number> {
    let deleted = 0;
    for (const event of await this.deps.service.privacy.dueEventDeletions(EVENTS_PER_SWEEP))
      if (await this.deleteEvent(event)) deleted++;
    return deleted;
  }

  /** True once the event is gone; else it stays queued (tried again at later sweeps, a few times). */
  private async deleteEvent(event: EventRef): Promise<boolean> {
    const { service, log } = this.deps;
    const done = await deleteFromDiscord(
      () => this.deps.deleteEvent(event.guildId, event.eventId),
      GONE,
      (err) => log.warn({ err, ...event }, 'scheduled event not deleted; trying again later'),
    );
    await service.privacy.eventDeleted(event, done);
    return done;
  }
}

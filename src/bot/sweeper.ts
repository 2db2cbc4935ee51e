// The deadline sweeper: now and then asks the service to expire old challenges and forfeit
// games whose player ran out of time, and edits each stored message to say so; archives the
// threads of games finished a while ago; then tries again the edits that failed while Discord was
// unreachable. It also posts the turn reminders now due and deletes those whose turn is over
// (src/bot/reminderMessages.ts), takes up again any computer's turn that is not being played (one
// whose step failed, or one begun by another process that stopped), deletes the data of the
// servers the bot left longer ago than the grace period (src/game/privacy.ts) with the scheduled
// events deleted servers leave to delete from Discord (src/bot/deletionFollowUp.ts), and runs the
// tournaments' timed work (src/bot/tournamentRunner.ts). When the database answers again after an
// outage, a sweep runs at once (`resume`), so what the outage stopped does not wait for the next one.
import type { Logger } from 'pino';
import type { GameService } from '../game/service.js';
import type { MessageSync } from '../chat/messageSync.js';
import type { BotTurns } from './botTurns.js';
import type { Reminders } from './reminderMessages.js';
import type { TournamentRunner } from './tournamentRunner.js';
import type { DeletionFollowUp } from './deletionFollowUp.js';

export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private resuming: Promise<number> | null = null;

  constructor(
    private readonly service: Pick<GameService, 'deadlines' | 'games' | 'privacy' | 'chat'>,
    private readonly messages: Pick<MessageSync, 'showGame' | 'showChallenge' | 'retryFailed' | 'archiveThread'>,
    private readonly log: Logger,
    private readonly reminders?: Pick<Reminders, 'runOnce'>,
    private readonly turns?: Pick<BotTurns, 'schedule'>,
    /** Whether the bot lost a channel (deleted, or it can no longer see it); default: never. */
    private readonly channelLost: (channelId: string) => Promise<boolean> = () => Promise.resolve(false),
    private readonly tournaments?: Pick<TournamentRunner, 'runOnce'>,
    private readonly deletions?: Pick<DeletionFollowUp, 'runOnce'>,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.sweepOnce(), intervalMs);
    this.timer.unref();
  }

  /** One sweep (never two at once); resolves with how many messages it edited for deadlines. */
  sweepOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => (this.running = null));
    return this.running;
  }

  /**
   * A sweep once the one running (begun while the database was away, perhaps) is over: edits that
   * failed and computer turns that stopped are taken up again. Calls meanwhile share it.
   */
  resume(): Promise<number> {
    this.resuming ??= (this.running ?? Promise.resolve(0)).then(() => {
      this.resuming = null;
      return this.sweepOnce();
    });
    return this.resuming;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.resuming;
    await this.running;
  }

  private async sweep(): Promise<number> {
    try {
      await this.closeLostGames();
      const report = await this.service.deadlines.sweep();
      // One message that cannot be edited (deleted, no access) does not stop the others: showing never rejects.
      let edited = 0;
      for (const c of report.expiredChallenges) if (await this.messages.showChallenge(c)) edited++;
      for (const g of report.timedOutGames) if (await this.messages.showGame(g)) edited++;
      for (const threadId of report.threadsToArchive) await this.messages.archiveThread(threadId);
      if (report.expiredChallenges.length + report.timedOutGames.length > 0)
        this.log.info({ challenges: report.expiredChallenges.length, games: report.timedOutGames.length }, 'sweep');
      // After the timeouts: a game forfeited in this sweep is not reminded.
      const reminded = await this.reminders?.runOnce();
      if (reminded && reminded.posted + reminded.deleted > 0) this.log.info(reminded, 'reminders');
      await this.messages.retryFailed();
      // After the timeouts, whose games' results it reads: starts and round time limits now due.
      await this.tournaments?.runOnce();
      // A turn being played here is not doubled (schedule ignores it); one another process is
      // playing at this moment would lose its next step's race harmlessly (the version guards it).
      for (const gameId of await this.service.games.botTurns()) this.turns?.schedule(gameId);
      const purged = await this.service.privacy.purgeLeftServers();
      if (purged.length > 0) this.log.info({ guilds: purged }, 'deleted the data of servers the bot left');
      // Scheduled events a server's deletion could not delete at once (its reminders wait in the reminders' outbox).
      const events = await this.deletions?.runOnce();
      if (events) this.log.info({ events }, 'deleted scheduled events of deleted servers');
      return edited;
    } catch (err) {
      this.log.error({ err }, 'sweep failed');
      return 0;
    }
  }

  /**
   * Before any forfeit on time: a game whose channel the bot lost is closed without a result, as
   * the message sync would close it on its next edit, so the player who could not click loses no
   * rating. Only games now due are checked (one request each), so the click path pays nothing.
   */
  private async closeLostGames(): Promise<void> {
    for (const due of await this.service.deadlines.dueForfeits()) {
      if (!(await this.channelLost(due.channelId))) continue;
      this.log.info(due, 'channel gone or hidden before the turn timed out; closing the game unrated');
      await this.service.chat.takeBack('game', due.gameId, 'channel-gone');
    }
  }
}

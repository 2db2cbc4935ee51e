// The deadline sweeper: now and then asks the service to expire old challenges and forfeit
// games whose player ran out of time, and edits each stored message to say so.
import type { Logger } from 'pino';
import type { GameService } from '../game/service.js';
import { challengeMessage, gameMessage, type MessagePayload } from '../commands/messages.js';

export type EditStored = (channelId: string, messageId: string, payload: MessagePayload) => Promise<void>;

export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly service: Pick<GameService, 'sweep'>,
    private readonly edit: EditStored,
    private readonly log: Logger,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.sweepOnce(), intervalMs);
    this.timer.unref();
  }

  /** One sweep (never two at once); resolves with how many messages were edited. */
  sweepOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async sweep(): Promise<number> {
    try {
      const report = await this.service.sweep();
      const edits = [
        ...report.expiredChallenges.map((c) => ({
          channelId: c.channelId,
          messageId: c.messageId,
          payload: challengeMessage(c),
        })),
        ...report.timedOutGames.map((g) => ({
          channelId: g.channelId,
          messageId: g.messageId,
          payload: gameMessage(g),
        })),
      ];
      let edited = 0;
      for (const e of edits) {
        if (!e.messageId) continue;
        // One message that cannot be edited (deleted, no access) must not stop the others.
        await this.edit(e.channelId, e.messageId, e.payload).then(
          () => edited++,
          (err: unknown) =>
            this.log.warn({ err, channelId: e.channelId, messageId: e.messageId }, 'could not edit a swept message'),
        );
      }
      if (edits.length > 0)
        this.log.info({ challenges: report.expiredChallenges.length, games: report.timedOutGames.length }, 'sweep');
      return edited;
    } catch (err) {
      this.log.error({ err }, 'sweep failed');
      return 0;
    }
  }
}

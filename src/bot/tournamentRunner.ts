// The tournament runner: moves this process's tournaments on (their start, each round's time
// limit, the next round once every board is decided, the end) and keeps their messages in step.
// It runs when the service reports a committed change to a tournament (a game ended, a player
// joined) and at every sweep, so a start time or a round's time limit that passes with nobody
// clicking is acted on too, and after a restart whatever was due meanwhile is done. Each step is
// one transaction in the service; here only the chat is updated: the started games posted in their
// threads, the games the time limit decided shown, the tournament message edited, the final post.
import type { Logger } from 'pino';
import type { CommandContext } from '../commands/commandContext.js';
import { DISCORD, discordCode } from '../chat/discordErrors.js';
import type { MessagePayload } from '../chat/messages.js';
import { postNewGame } from '../chat/threads.js';
import { cancelEvent } from '../commands/tournamentAdmin.js';
import { finalPost, tournamentMessage } from '../commands/tournamentMessages.js';
import type { GameService, TournamentChange } from '../game/service.js';
import type { GameView } from '../game/types.js';
import { translate } from '../i18n/index.js';
import type { MessageSync } from '../chat/messageSync.js';

export interface TournamentRunnerDeps {
  service: GameService;
  messages: MessageSync;
  /** What thread-opening needs (src/chat/threads.ts). */
  ctx: CommandContext;
  post: (channelId: string, payload: MessagePayload) => Promise<string>;
  edit: (channelId: string, messageId: string, payload: MessagePayload) => Promise<void>;
  log: Logger;
}

export class TournamentRunner {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: TournamentRunnerDeps) {}

  /** Something changed: run now, or once more after the run under way. */
  poke(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    // Begun on the next tick: a step's own commit pokes again from inside the run, which must
    // then find it running (and ask for one more pass) rather than start a second run beside it.
    this.running = Promise.resolve()
      .then(() => this.loop())
      .finally(() => (this.running = null));
  }

  /** One run (the sweeper's), resolving once nothing is left to do. */
  async runOnce(): Promise<void> {
    this.poke();
    await this.idle();
  }

  /** Resolves once no run is under way. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.work();
      } catch (err) {
        this.deps.log.error({ err }, 'tournament run failed');
      }
    } while (this.askedAgain());
  }

  /** Whether a run was asked for while this one worked (read through a call: it changes across awaits). */
  private askedAgain(): boolean {
    return this.again;
  }

  private async work(): Promise<void> {
    const { service } = this.deps;
    for (const id of await service.tournaments.due()) {
      const change = await service.tournaments.advance(id);
      if (change.ok) await this.deliver(change.value);
    }
    for (const id of await service.tournaments.behind()) await this.showTournament(id);
  }

  /** Shows what a step did: games ended by the time limit, games started, the end. */
  async deliver(change: TournamentChange): Promise<void> {
    for (const view of change.ended) await this.showDecidedByTime(view);
    for (const view of change.started) await this.postGame(view);
    await this.showTournament(change.tournament.id);
    if (change.closed === 'finished') await this.postFinal(change);
    // Cancelled at its start time for want of players: its scheduled event is called off too.
    if (change.closed === 'cancelled') await cancelEvent(this.deps.ctx, change.tournament);
  }

  /** A new tournament game: a line in the channel, then its own thread with the board, both players mentioned. */
  private async postGame(view: GameView): Promise<void> {
    await postNewGame(view, this.deps.ctx);
  }

  /**
   * A game the round's time limit ended: its board (which says the loser ran out of time) and a line
   * in its thread saying how it was decided.
   */
  private async showDecidedByTime(view: GameView): Promise<void> {
    await this.deps.messages.showGame(view);
    if (!view.result) return;
    const content = translate(view.locale, 'tournament.decidedByTime', { winner: view.result.winner.name });
    const payload = { content, files: [], components: [], attachments: [] as [], allowedMentions: { users: [] } };
    try {
      await this.deps.post(view.channelId, payload);
    } catch (err) {
      this.deps.log.info({ err, gameId: view.gameId }, 'could not say how a game was decided');
    }
  }

  private async postFinal(change: TournamentChange): Promise<void> {
    const t = change.tournament;
    try {
      await this.deps.post(t.channelId, finalPost(t));
    } catch (err) {
      this.deps.log.warn({ err, tournamentId: t.id }, 'could not post the end of a tournament');
    }
  }

  /** Edits the tournament message to what the database holds (posted again if it was deleted). */
  private async showTournament(id: number): Promise<void> {
    const { service, log } = this.deps;
    const found = await service.tournaments.stored(id);
    if (!found.ok || !found.value.messageId) return;
    const view = found.value;
    const payload = tournamentMessage(view);
    try {
      await this.deps.edit(view.channelId, view.messageId!, payload);
      await service.tournaments.recordShown(id, view.version);
    } catch (err) {
      if (discordCode(err) !== DISCORD.unknownMessage) {
        // Tried again at the next run (the message stays behind the database).
        log.warn({ err, tournamentId: id }, 'could not edit a tournament message');
        return;
      }
      try {
        await service.tournaments.setMessage(id, await this.deps.post(view.channelId, payload));
        await service.tournaments.recordShown(id, view.version);
      } catch (again) {
        log.warn({ err: again, tournamentId: id }, 'could not post a tournament message again');
      }
    }
  }
}

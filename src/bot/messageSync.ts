// Keeps the chat in step with the database. A change is committed before the chat shows it, so
// anything between the two (a crash, an answer Discord refused, a deleted message) leaves the
// message behind. The database records what each message shows (`markShown`), so:
// - a change is delivered with the bot's own token when the answer to the interaction failed;
// - at start-up every message behind the database is edited, and a challenge or game that was
//   never posted is posted (or withdrawn, so it blocks neither its players nor its channel);
//   each sweep edits again those an earlier edit could not reach;
// - a deleted message is posted again; a game whose channel is gone is closed without a result.
import type { Logger } from 'pino';
import type { ChatMessages, Posted } from '../commands/context.js';
import { DISCORD, discordCode } from '../commands/discordErrors.js';
import { challengeMessage, gameMessage, type MessagePayload } from '../commands/messages.js';
import type { GameService } from '../game/service.js';
import type { ChallengeMade, ChallengeView, GameView } from '../game/types.js';
import type { EditQueue } from './editQueue.js';

/** The channel is gone or the bot can no longer see it: nothing there can ever be shown. */
const CHANNEL_LOST: ReadonlySet<number> = new Set([DISCORD.unknownChannel, DISCORD.missingAccess]);

export interface MessageSyncDeps {
  service: Pick<GameService, 'markShown' | 'setMessage' | 'takeBack' | 'outOfSync' | 'game' | 'challengeView'>;
  edits: EditQueue;
  /** Posts a new message in a channel with the bot's token; resolves to its id. */
  post: (channelId: string, payload: MessagePayload) => Promise<string>;
  /** Fetches a message, rejecting as Discord does when it is gone. */
  fetch: (channelId: string, messageId: string) => Promise<unknown>;
  log: Logger;
}

type Shown = { kind: 'game'; view: GameView } | { kind: 'challenge'; view: ChallengeView };

export class MessageSync implements ChatMessages {
  constructor(private readonly deps: MessageSyncDeps) {}

  /** Resolves once no edit is waiting or in flight. */
  idle(): Promise<void> {
    return this.deps.edits.idle();
  }

  showGame(view: GameView): Promise<boolean> {
    return this.show({ kind: 'game', view });
  }

  showChallenge(view: ChallengeView): Promise<boolean> {
    return this.show({ kind: 'challenge', view });
  }

  async post(made: ChallengeMade): Promise<Posted> {
    const shown: Shown =
      made.kind === 'game' ? { kind: 'game', view: made.game } : { kind: 'challenge', view: made.challenge };
    return this.postShown(shown);
  }

  async ensurePosted(view: GameView & { messageId: string }): Promise<string | null> {
    const shown: Shown = { kind: 'game', view };
    try {
      await this.deps.fetch(view.channelId, view.messageId);
      return view.messageId;
    } catch (err) {
      const code = discordCode(err);
      if (code === DISCORD.unknownMessage) {
        const posted = await this.postShown(shown);
        return posted.ok ? posted.messageId : null;
      }
      if (code !== null && CHANNEL_LOST.has(code)) {
        await this.recover(shown, err);
        return null;
      }
      return view.messageId; // Discord unreachable: assume it is still there
    }
  }

  private async postShown(shown: Shown): Promise<Posted> {
    try {
      const messageId = await this.deps.post(shown.view.channelId, payloadOf(shown));
      this.deps.service.setMessage(shown.kind, idOf(shown), messageId);
      this.markShown(shown);
      return { ok: true, messageId };
    } catch (err) {
      // Never shown, so never to be answered: withdrawn, it keeps no one from playing.
      this.deps.log.warn({ err, kind: shown.kind, id: idOf(shown) }, 'could not post; withdrawn');
      this.deps.service.takeBack(shown.kind, idOf(shown), 'not-posted');
      return { ok: false, code: discordCode(err) };
    }
  }

  /**
   * Edits every message behind the database and, at start-up (`unposted`), posts what was never
   * posted: at start-up before the computer's turns resume, so each of its edits follows the
   * catch-up one; and with each sweep, for edits lost while Discord was unreachable. (A sweep
   * leaves unposted ones alone: a new challenge is committed before its message is posted.)
   */
  async catchUp(options: { unposted: boolean }): Promise<{ edited: number; posted: number }> {
    const { service, log } = this.deps;
    const todo = service.outOfSync();
    let edited = 0;
    let posted = 0;
    for (const id of todo.gamesBehind) {
      const found = await service.game(id);
      if (found.ok && (await this.showGame(found.value))) edited++;
    }
    for (const id of todo.challengesBehind) {
      const found = service.challengeView(id);
      if (found.ok && (await this.showChallenge(found.value))) edited++;
    }
    if (options.unposted) {
      for (const id of todo.unpostedChallenges) {
        const found = service.challengeView(id);
        if (found.ok && (await this.post({ kind: 'challenge', challenge: found.value })).ok) posted++;
      }
      for (const id of todo.unpostedGames) {
        const found = await service.game(id);
        if (found.ok && (await this.post({ kind: 'game', game: found.value })).ok) posted++;
      }
    }
    if (edited + posted > 0) log.info({ edited, posted }, 'caught up with messages behind the database');
    return { edited, posted };
  }

  private async show(shown: Shown): Promise<boolean> {
    const { messageId, channelId } = shown.view;
    if (!messageId) return false; // not posted yet: its poster (or the next start-up) shows it
    try {
      await this.deps.edits.edit(channelId, messageId, payloadOf(shown));
      this.markShown(shown);
      return true;
    } catch (err) {
      return this.recover(shown, err);
    }
  }

  /** After a failed edit: post again, close, or leave it for the next start-up. */
  private async recover(shown: Shown, err: unknown): Promise<boolean> {
    const { service, log } = this.deps;
    const code = discordCode(err);
    const context = { err, kind: shown.kind, id: idOf(shown), messageId: shown.view.messageId };
    const open = shown.kind === 'game' ? shown.view.status === 'active' : shown.view.status === 'pending';
    if (code === DISCORD.unknownMessage) {
      if (open) {
        log.info(context, 'message deleted; posting it again');
        return (await this.postShown(shown)).ok;
      }
      this.markShown(shown); // a finished game or closed challenge: nothing left to show
      return false;
    }
    if (code !== null && CHANNEL_LOST.has(code)) {
      log.info(context, 'channel gone or hidden; closing');
      if (open) service.takeBack(shown.kind, idOf(shown), 'channel-gone');
      // Nothing there will ever show it: recorded as shown, so no later sweep tries again.
      if (shown.kind === 'game') this.markShown(shown);
      else service.markShown('challenge', shown.view.challengeId, open ? 'cancelled' : shown.view.status);
      return false;
    }
    log.warn(context, 'could not edit a stored message');
    // A permission refused on a finished game or closed challenge: not worth retrying every sweep.
    if (!open && code === DISCORD.missingPermissions) this.markShown(shown);
    // Otherwise (a network error, Discord down) the message stays behind until a later edit, the
    // next sweep, a click on it (which refreshes it) or the next start-up.
    return false;
  }

  private markShown(shown: Shown): void {
    if (shown.kind === 'game') this.deps.service.markShown('game', shown.view.gameId, shown.view.version);
    else this.deps.service.markShown('challenge', shown.view.challengeId, shown.view.status);
  }
}

function payloadOf(shown: Shown): MessagePayload {
  return shown.kind === 'game' ? gameMessage(shown.view) : challengeMessage(shown.view);
}

function idOf(shown: Shown): number {
  return shown.kind === 'game' ? shown.view.gameId : shown.view.challengeId;
}

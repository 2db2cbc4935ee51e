// Keeps the chat in step with the database. A change is committed before the chat shows it, so
// anything between the two (a crash, an answer Discord refused, a deleted message) leaves the
// message behind. The database records what each message shows (`recordShown`), so:
// - a change is delivered with the bot's own token when the answer to the interaction failed;
// - at start-up every message behind the database is edited, and a challenge or game that was
//   never posted is posted (or withdrawn, so it blocks neither its players nor its channel);
// - an edit that failed for want of Discord is tried again at the next sweep, and so is the record
//   of a message posted while the database was away (it is not posted again);
// - a deleted message is posted again; a game whose channel is gone is closed without a result;
// - a game in a thread has a lobby message in its channel (the challenge it was), updated with the
//   result once the game is over.
import type { Logger } from 'pino';
import type { BoardsInFlight } from './boardsInFlight.js';
import type { ChatMessages, Opened, Posted } from './chatMessages.js';
import { DISCORD, discordCode } from './discordErrors.js';
import type { BoardNote, MessagePayload, Offered } from './messages.js';
import {
  type Shown,
  boardShown,
  idOf,
  isOpen,
  lobbyAfter,
  recordShown,
  payloadOf,
  whereShown,
  recordPosted,
  shownOf,
} from './shown.js';
import type { GameService } from '../game/service.js';
import type { ChallengeMade, ChallengeView, GameView } from '../game/types.js';
import { err as failed, ok } from '../lib/result.js';
import type { EditQueue } from './editQueue.js';
import { answerTokenExpired } from './interactionWebhooks.js';

/** The channel is gone or the bot can no longer see it: nothing there can ever be shown. */
const CHANNEL_LOST: ReadonlySet<number> = new Set([DISCORD.unknownChannel, DISCORD.missingAccess]);

/** Whether a request failed because the channel is gone or hidden from the bot. */
export function channelLost(err: unknown): boolean {
  const code = discordCode(err);
  return code !== null && CHANNEL_LOST.has(code);
}

export interface MessageSyncDeps {
  service: Pick<GameService, 'chat' | 'play' | 'challenges'>;
  edits: EditQueue;
  /** Posts a new message in a channel with the bot's token; resolves to its id. */
  post: (channelId: string, payload: MessagePayload) => Promise<string>;
  /** Starts a public thread from a message; resolves to the thread's id. */
  startThread: (channelId: string, messageId: string, name: string) => Promise<string>;
  /** Archives a thread, or opens an archived one again. */
  setArchived: (threadId: string, archived: boolean) => Promise<void>;
  /** Where game boards on their way are tracked, so a refused click waits for them. */
  boardsInFlight: BoardsInFlight;
  /** What the messages offer besides their own buttons (the live board's). */
  offered: Offered;
  log: Logger;
}

type Pending = { kind: Shown['kind']; id: number };

export class MessageSync implements ChatMessages {
  /** Edits that failed for want of Discord, by "kind:id", for `retryFailed`. */
  private readonly failed = new Map<string, Pending>();
  /** Messages posted whose record the database did not take, by "kind:id", for `retryFailed`. */
  private readonly unrecorded = new Map<string, { shown: Shown; messageId: string }>();

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
    return this.postShown(shownOf(made));
  }

  postBoard(view: GameView, note?: BoardNote): Promise<Posted> {
    return this.postShown(boardShown(view, note));
  }

  /** Posts the channel message a new game's thread is to start from (a tournament game has no challenge to start it from). */
  postLobby(view: GameView): Promise<Posted> {
    return this.postShown({ kind: 'lobby', view });
  }

  async openThread(channelId: string, messageId: string, name: string): Promise<Opened> {
    try {
      return ok(await this.deps.startThread(channelId, messageId, name));
    } catch (err) {
      this.deps.log.info({ err, channelId, messageId }, 'could not open a thread; playing in the channel');
      return failed(discordCode(err));
    }
  }

  /** Archives a finished game's thread; a thread that cannot be archived (gone, no permission) is left as it is. */
  async archiveThread(threadId: string): Promise<boolean> {
    try {
      await this.deps.setArchived(threadId, true);
      return true;
    } catch (err) {
      this.deps.log.info({ err, threadId }, 'could not archive a finished game thread');
      return false;
    }
  }

  /**
   * Posts what was never shown; if Discord refuses, it is withdrawn (`keep`: left as it is, for a
   * game played elsewhere than in chat).
   */
  private async postShown(shown: Shown, keep = false): Promise<Posted> {
    let messageId: string;
    try {
      messageId = await this.deps.post(whereShown(shown).channelId, payloadOf(shown, this.deps.offered));
    } catch (err) {
      if (keep) {
        this.deps.log.info({ err, kind: shown.kind, id: idOf(shown) }, 'could not post; kept');
        return failed(discordCode(err));
      }
      // Never shown, so never to be answered: withdrawn, it keeps no one from playing.
      this.deps.log.warn({ err, kind: shown.kind, id: idOf(shown) }, 'could not post; withdrawn');
      await this.deps.service.chat.takeBack(
        shown.kind === 'challenge' ? 'challenge' : 'game',
        idOf(shown),
        'not-posted',
      );
      return failed(discordCode(err));
    }
    await this.recordPosted(shown, messageId);
    return ok(messageId);
  }

  /**
   * Records a message just posted. Posted, it stays, even when the database does not take the record
   * (it is away): the record is made again with the failed edits (`retryFailed`), as it would never
   * be at start-up, which would post the game or challenge a second time.
   */
  private async recordPosted(shown: Shown, messageId: string): Promise<boolean> {
    try {
      await recordPosted(this.deps.service, shown, messageId);
      return true;
    } catch (err) {
      this.deps.log.warn(
        { err, kind: shown.kind, id: idOf(shown), messageId },
        'posted, but recording the message failed; recorded again later',
      );
      this.unrecorded.set(`${shown.kind}:${idOf(shown)}`, { shown, messageId });
      return false;
    }
  }

  /**
   * At start-up: edits every message behind the database, posts what was never posted. Before
   * the computer's turns resume, so each of its edits follows the catch-up one.
   */
  async catchUp(): Promise<{ edited: number; posted: number }> {
    const { service, log } = this.deps;
    const todo = await service.chat.outOfSync();
    let edited = 0;
    let posted = 0;
    for (const id of todo.gamesBehind) if (await this.showCurrent({ kind: 'game', id })) edited++;
    for (const id of todo.lobbiesBehind) if (await this.showCurrent({ kind: 'lobby', id })) edited++;
    for (const id of todo.challengesBehind) if (await this.showCurrent({ kind: 'challenge', id })) edited++;
    for (const id of todo.unpostedChallenges) {
      const found = await service.challenges.stored(id);
      if (found.ok && (await this.post({ kind: 'challenge', challenge: found.value })).ok) posted++;
    }
    for (const id of todo.unpostedGames) {
      const found = await service.play.view(id);
      if (!found.ok) continue;
      // Outside servers the bot's token reaches its own DM only: a game it cannot post elsewhere
      // was started on the live board (src/activity/seats.ts) and is played there, so it stays.
      const outside = found.value.guildId === '';
      if ((await this.postShown(shownOf({ kind: 'game', game: found.value }), outside)).ok) posted++;
    }
    if (edited + posted > 0) log.info({ edited, posted }, 'caught up with messages behind the database');
    return { edited, posted };
  }

  /**
   * Tries again the edits that failed for want of Discord (network errors, 5xx) since the last
   * call, each with the current state (the sweeper calls it), after recording the messages posted
   * while the database was away. Resolves to how many edits got through.
   */
  async retryFailed(): Promise<number> {
    const unrecorded = [...this.unrecorded.values()];
    this.unrecorded.clear();
    for (const { shown, messageId } of unrecorded)
      // Recorded, it is shown as it now stands: the game may have moved on meanwhile.
      if (await this.recordPosted(shown, messageId))
        this.failed.set(`${shown.kind}:${idOf(shown)}`, { kind: shown.kind, id: idOf(shown) });
    const failed = [...this.failed.values()];
    this.failed.clear();
    let shown = 0;
    for (const item of failed) if (await this.showCurrent(item)) shown++;
    return shown;
  }

  showLater(gameId: number): void {
    this.failed.set(`game:${gameId}`, { kind: 'game', id: gameId });
  }

  /** Shows what the database holds now for a game or challenge. */
  private async showCurrent(item: Pending): Promise<boolean> {
    if (item.kind !== 'challenge') {
      const found = await this.deps.service.play.view(item.id);
      if (!found.ok) return false;
      // A game saved but never posted (showLater after a failure before its board was sent).
      if (item.kind === 'game' && !found.value.messageId)
        return (await this.post({ kind: 'game', game: found.value })).ok;
      return this.show({ kind: item.kind, view: found.value });
    }
    const found = await this.deps.service.challenges.stored(item.id);
    return found.ok && this.showChallenge(found.value);
  }

  show(shown: Shown): Promise<boolean> {
    return this.deps.boardsInFlight.trackShown(shown, this.showNow(shown));
  }

  private async showNow(shown: Shown): Promise<boolean> {
    const { messageId, channelId } = whereShown(shown);
    if (!messageId) return false; // not posted yet: its poster (or the next start-up) shows it
    let done: boolean;
    try {
      await this.edit(shown, channelId, messageId);
      done = true;
    } catch (err) {
      done = await this.reopenAndEdit(shown, channelId, messageId, err);
    }
    const lobby = lobbyAfter(shown);
    if (lobby) await this.show(lobby);
    return done;
  }

  private async edit(shown: Shown, channelId: string, messageId: string): Promise<void> {
    const { boardsInFlight } = this.deps;
    // A board goes in its message's turn beside the clicks' answers, and one drawn from a read that
    // a click then overtook is dropped unsent (src/chat/boardsInFlight.ts).
    const deliver =
      shown.kind === 'game'
        ? (send: () => Promise<void>) => boardsInFlight.deliver(messageId, shown.view.version, send)
        : undefined;
    // A lobby only points to its thread: the boards' edits go first.
    const payload = payloadOf(shown, this.deps.offered);
    const sent = await this.deps.edits.edit(channelId, messageId, payload, shown.kind === 'lobby', deliver);
    if (sent) await recordShown(this.deps.service, shown);
  }

  /**
   * A message in an archived thread cannot be edited: a game whose thread a moderator archived, or
   * Discord did after a week of quiet (a long turn timeout). The thread is opened again, once.
   */
  private async reopenAndEdit(shown: Shown, channelId: string, messageId: string, err: unknown): Promise<boolean> {
    if (discordCode(err) !== DISCORD.archivedThread) return this.recover(shown, err);
    try {
      await this.deps.setArchived(channelId, false);
      await this.edit(shown, channelId, messageId);
      return true;
    } catch (again) {
      return this.recover(shown, again);
    }
  }

  /** After a failed edit: post again, close, or try again at the next sweep. */
  private async recover(shown: Shown, err: unknown): Promise<boolean> {
    const { service, log } = this.deps;
    const code = discordCode(err);
    const context = { err, kind: shown.kind, id: idOf(shown), messageId: whereShown(shown).messageId };
    // A lobby only points to its thread: lost, it is not worth posting again, nor closing the game over.
    const open = isOpen(shown) && shown.kind !== 'lobby';
    if (answerTokenExpired(err)) {
      // Only interactions reach this channel, and the latest one's token is gone: the next click
      // on the message (a fresh token) shows what happened meanwhile.
      log.info(context, 'answer token expired; the next click shows the change');
      await recordShown(this.deps.service, shown);
      return false;
    }
    if (code === DISCORD.unknownMessage) {
      if (open) {
        log.info(context, 'message deleted; posting it again');
        return (await this.postShown(shown)).ok;
      }
      await recordShown(this.deps.service, shown); // a finished game or closed challenge: nothing left to show
      return false;
    }
    if (channelLost(err)) {
      log.info(context, 'channel gone or hidden; closing');
      if (open)
        await service.chat.takeBack(shown.kind === 'challenge' ? 'challenge' : 'game', idOf(shown), 'channel-gone');
      // Nothing there will ever show it: recorded as shown, so no later sweep tries again.
      if (shown.kind === 'challenge' && open)
        await service.chat.recordShown({ kind: 'challenge', id: shown.view.challengeId, status: 'cancelled' });
      else await recordShown(this.deps.service, shown);
      return false;
    }
    log.warn(context, 'could not edit a stored message');
    // Discord unreachable or failing: tried again at the next sweep (and a click on the message
    // refreshes it, as does the next start-up).
    if (code === null) this.failed.set(`${shown.kind}:${idOf(shown)}`, { kind: shown.kind, id: idOf(shown) });
    // Refused for good (a permission) on something already over: nothing more to try.
    else if (!open) await recordShown(this.deps.service, shown);
    return false;
  }
}

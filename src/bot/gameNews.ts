// News of committed changes to games (src/db/gameNews.ts), as one bot process acts on it. The
// database carries every change to every process on it, whichever process committed it (a click
// on another shard, a move on a live board served elsewhere, this process's own):
// - every process forgets its kept copy of the game if older (src/game/liveGames.ts);
// - the process that owns the game (its server's shard, src/db/shards.ts) brings the game's chat
//   message up to date and lets the computer play if it is to act. So one process, the owner,
//   writes each chat message: its edits are ordered there (src/chat/boardsInFlight.ts), and no
//   other process's older board can overwrite a newer one;
// - whoever follows it (the live board's server, src/activity/liveServer.ts) tells its pages.
// A change this process shows itself (a click's answer, the computer's turn) is not shown twice:
// its delivery began before the news came, or is waited for.
import type { Logger } from 'pino';
import type { BoardsInFlight } from '../chat/boardsInFlight.js';
import type { MessageSync } from '../chat/messageSync.js';
import type { GameChange, GameService } from '../game/service.js';
import type { BotTurns } from './botTurns.js';

export interface GameNews {
  /** Tells `listener` of every change committed from now on; returns what stops telling it. */
  follow(listener: (change: GameChange) => void): () => void;
  /** Hears no more news; resolves once the chat edits it began are done (before the database closes). */
  close(): Promise<void>;
}

/** What a bot process shows its own games' changes with. */
interface OwnedChat {
  service: Pick<GameService, 'games' | 'chat' | 'play'>;
  messages: Pick<MessageSync, 'showGame'>;
  boardsInFlight: Pick<BoardsInFlight, 'landed' | 'began' | 'overtaken'>;
  turns: Pick<BotTurns, 'schedule' | 'finished'>;
  log: Logger;
}

/**
 * Starts hearing the database's news; resolves once it listens. `chat`: the bot process's, which
 * shows the changes to the games of its shard; a process without one (a live board alone) owns none.
 */
export async function hearGameNews(
  service: Pick<GameService, 'storage' | 'games'>,
  chat?: OwnedChat,
): Promise<GameNews> {
  const listeners = new Set<(change: GameChange) => void>();
  const owned = chat && new OwnedBoards(chat);
  const feed = service.storage.news();
  await feed.start((change) => {
    service.games.changed(change);
    if (owned && service.games.ownedHere(change.guildId)) owned.changed(change);
    for (const listener of listeners) listener(change);
  });
  return {
    follow(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      await feed.close();
      await owned?.idle();
    },
  };
}

/** The chat messages of the games this process owns, brought up to date with changes made anywhere. */
class OwnedBoards {
  /** By game, the look at its message under way: one at a time per game, in the order the news came. */
  private readonly looking = new Map<number, Promise<void>>();

  constructor(private readonly deps: OwnedChat) {}

  /** Resolves once no look is under way. */
  async idle(): Promise<void> {
    while (this.looking.size > 0) await Promise.all(this.looking.values());
  }

  changed({ gameId, version }: GameChange): void {
    const previous = this.looking.get(gameId) ?? Promise.resolve();
    const look = previous
      .then(() => this.showIfBehind(gameId, version))
      .catch((err: unknown) =>
        this.deps.log.warn({ err, gameId }, 'a change made elsewhere could not be shown in chat'),
      );
    this.looking.set(gameId, look);
    void look.then(() => {
      if (this.looking.get(gameId) === look) this.looking.delete(gameId);
    });
  }

  private async showIfBehind(gameId: number, version: number): Promise<void> {
    const { service, boardsInFlight, turns } = this.deps;
    // A click here began its delivery before it committed, and the computer's turn shows its own
    // steps: wait for them. A change shown from here needs no look at the database (a chat-only
    // click costs what it did); any other, what the message shows is looked at.
    await boardsInFlight.landed(gameId);
    await turns.finished(gameId);
    if (boardsInFlight.began(gameId, version)) return;
    const standing = await service.chat.boardStanding(gameId);
    if (!standing.ok || !standing.value.behind) return;
    const { messageId } = standing.value;
    // Not posted yet (its poster shows it), or the version now stored is on its way to it from here.
    if (!messageId || boardsInFlight.overtaken(messageId, standing.value.version - 1)) return;
    const view = await service.play.view(gameId);
    if (!view.ok) return;
    await this.deps.messages.showGame(view.value);
    if (view.value.botToAct) turns.schedule(gameId);
  }
}

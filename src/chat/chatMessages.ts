// What the bot's own token does for an answer (src/chat/messageSync.ts implements it): the way a
// committed change still reaches the chat when the answer to the interaction cannot.
import type { ChallengeMade, GameView } from '../game/types.js';
import type { Result } from '../lib/result.js';
import type { BoardNote } from './messages.js';
import type { Shown } from './shown.js';

/** A new message posted with the bot's token (its id), or why it could not be (the Discord error code, if any). */
export type Posted = Result<string, number | null>;

/** A thread started (its id), or why it could not be (the Discord error code, if any). */
export type Opened = Result<string, number | null>;

/**
 * The chat's stored messages, edited and posted with the bot's own token (src/chat/messageSync.ts):
 * what delivers a committed change when the answer to the interaction cannot.
 */
export interface ChatMessages {
  /** Shows the game or challenge in its stored message (re-posting it if deleted); resolves to whether it is shown. Never rejects. */
  show(shown: Shown): Promise<boolean>;
  /** Posts a new challenge or game in its channel; if even that fails it is withdrawn, so it blocks nobody. */
  post(made: ChallengeMade): Promise<Posted>;
  /** Posts a game's first board in its thread with a note (the players mentioned); withdrawn if that fails. */
  postBoard(view: GameView, note?: BoardNote): Promise<Posted>;
  /** Posts the channel line a new game's thread is to start from, when it has no challenge to start from; withdrawn if that fails. */
  postLobby(view: GameView): Promise<Posted>;
  /** Starts a public thread from a message (a game's lobby). Never rejects. */
  openThread(channelId: string, messageId: string, name: string): Promise<Opened>;
  /** Shows a game's current board at the next sweep: its last change was saved but not shown. */
  showLater(gameId: number): void;
}

// What the chat's functions get to work with, built once by the bot for its client
// (src/bot/client.ts) and handed through every command as part of its context.
import type { RepliableInteraction, WebhookMessageEditOptions } from 'discord.js';
import type { Logger } from 'pino';
import type { GameService } from '../game/service.js';
import type { SeenPlayer } from '../game/types.js';
import type { BoardsInFlight } from './boardsInFlight.js';
import type { Offered } from './messages.js';
import type { Answers } from './replies.js';
import type { ChatMessages } from './chatMessages.js';
import type { StandingLooks } from './standingLooks.js';

export interface ChatContext {
  /** The answers to this client's interactions, and their states (replies.ts). */
  answers: Answers;
  service: GameService;
  /** The bot's own user: challenging it starts a game against the computer. */
  botUser: SeenPlayer;
  /** Plays the bot's turn in this game with short pauses, editing its stored message. */
  scheduleBotTurn(gameId: number): void;
  messages: ChatMessages;
  /** Game boards being delivered (answers and edits): a refused click waits for them before refreshing. */
  boardsInFlight: BoardsInFlight;
  /** A refused click's look at its board's standing once those have landed, shared by a burst's refused clicks. */
  standings: StandingLooks;
  /** What the messages offer besides their own buttons: the live board's, where it is set up. */
  offered: Offered;
  /** A click not answered after this long is deferred first (Discord drops answers after 3 s). */
  deferAfterMs: number;
  /**
   * The answer to a deferred interaction: replaces the clicked message or the "thinking…" reply
   * (outside the global rate limit, as Discord allows). Resolves to the message's id.
   */
  editDeferred(interaction: RepliableInteraction, payload: WebhookMessageEditOptions): Promise<string>;
  log: Logger;
}

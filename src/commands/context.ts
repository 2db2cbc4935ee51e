// What command handlers get to work with: the game service, the bot's own identity, the
// bot-turn scheduler, a way to edit a game's stored message, and a logger.
import type { RepliableInteraction, WebhookMessageEditOptions } from 'discord.js';
import type { Logger } from 'pino';
import type { RuleSetId } from '../engine/index.js';
import type { GameService } from '../game/service.js';
import type { GameView, Player, RenderedBoard } from '../game/types.js';

export interface CommandContext {
  service: GameService;
  /** The bot's own user: challenging it starts a game against the computer. */
  botUser: Player;
  /** Plays the bot's turn in this game with short pauses, editing its stored message. */
  scheduleBotTurn(gameId: number): void;
  /** Edits a game's stored message to show the view (for changes made outside a click on it). */
  editGame(view: GameView): Promise<void>;
  /** The start position of a rule set, drawn (for /senet rules). */
  startBoard(ruleset: RuleSetId): Promise<RenderedBoard>;
  /** A click not answered after this long is deferred first (Discord drops answers after 3 s). */
  deferAfterMs: number;
  /**
   * The answer to a deferred interaction: replaces the clicked message or the "thinking…" reply
   * (outside the global rate limit, as Discord allows). Resolves to the message's id.
   */
  editDeferred(interaction: RepliableInteraction, payload: WebhookMessageEditOptions): Promise<string>;
  log: Logger;
}

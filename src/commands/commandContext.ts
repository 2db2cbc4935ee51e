// What command handlers get to work with: the game service, the bot's own identity, the
// bot-turn scheduler, a way to edit a game's stored message, who is in which private thread, and a
// logger.
import type { RepliableInteraction, WebhookMessageEditOptions } from 'discord.js';
import type { Logger } from 'pino';
import type { RuleSetId } from '../engine/index.js';
import type { GameService } from '../game/service.js';
import type { RenderedBoard, SeenPlayer } from '../game/types.js';
import type { BoardsInFlight } from './answer/boardsInFlight.js';
import type { ChatMessages } from './answer/chatMessages.js';
import type { ThreadMembers } from './threadMembers.js';

/** A Discord scheduled event for a tournament (an EXTERNAL event pointing to its message). */
interface TournamentEvent {
  name: string;
  description: string;
  startsAt: number;
  endsAt: number;
  /** Where: a link to the tournament message (1-100 characters). */
  location: string;
}

/** Scheduled events in a server, made and cancelled with the bot's token. */
interface ScheduledEvents {
  /** Creates one; resolves to its id. */
  create(guildId: string, event: TournamentEvent): Promise<string>;
  cancel(guildId: string, eventId: string): Promise<void>;
}

/** Of what a deletion of data left for Discord: how much is done now, and how much waits for the sweeper. */
export interface FollowUpCount {
  done: number;
  waiting: number;
}

/** What a deletion of data leaves for Discord, done right after its commit (src/bot/deletionFollowUp.ts). */
interface ChatAfterDeletion {
  /** Deletes a deleted server's turn reminders and its tournaments' scheduled events from Discord. */
  server(guildId: string): Promise<FollowUpCount>;
  /** Draws again the tournament messages a person's deletion changed (they show the stand-in). */
  tournaments(ids: readonly number[]): Promise<FollowUpCount>;
}

export interface CommandContext {
  service: GameService;
  /** The bot's own user: challenging it starts a game against the computer. */
  botUser: SeenPlayer;
  /** Plays the bot's turn in this game with short pauses, editing its stored message. */
  scheduleBotTurn(gameId: number): void;
  messages: ChatMessages;
  /** Game boards being delivered (answers and edits): a refused click waits for them before refreshing. */
  boardsInFlight: BoardsInFlight;
  /** The start position of a rule set, drawn (for /senet rules). */
  startBoard(ruleset: RuleSetId): Promise<RenderedBoard>;
  /** A click not answered after this long is deferred first (Discord drops answers after 3 s). */
  deferAfterMs: number;
  /**
   * The answer to a deferred interaction: replaces the clicked message or the "thinking…" reply
   * (outside the global rate limit, as Discord allows). Resolves to the message's id.
   */
  editDeferred(interaction: RepliableInteraction, payload: WebhookMessageEditOptions): Promise<string>;
  /** Scheduled events for tournaments (where the bot may create them). */
  events: ScheduledEvents;
  /** Who is in which private thread, as Discord says (kept a minute): who may view their games. */
  threadMembers: ThreadMembers;
  /** Discord's side of a deletion of data, after its commit. */
  deletions: ChatAfterDeletion;
  log: Logger;
}

// What command handlers get to work with: the chat's context (the game service, the bot's own
// identity, the bot-turn scheduler, the answers' and messages' ways to the chat, a logger), and
// what only commands use: the start boards, scheduled events, who is in which private thread.
import type { RuleSetId } from '../engine/index.js';
import type { RenderedBoard } from '../game/types.js';
import type { ChatContext } from '../chat/chatContext.js';
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

/** What the commands get beside the chat's part (src/chat/chatContext.ts): drawing, events, threads, deletions. */
export interface CommandContext extends ChatContext {
  /** The start position of a rule set, drawn (for /senet rules). */
  startBoard(ruleset: RuleSetId): Promise<RenderedBoard>;
  /** Scheduled events for tournaments (where the bot may create them). */
  events: ScheduledEvents;
  /** Who is in which private thread, as Discord says (kept a minute): who may view their games. */
  threadMembers: ThreadMembers;
  /** Discord's side of a deletion of data, after its commit. */
  deletions: ChatAfterDeletion;
}

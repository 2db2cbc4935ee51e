// The one place a CommandContext is built: what every command and button gets from the running
// bot (src/commands/commandContext.ts says what each part is for).
import { type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { BoardsInFlight } from '../chat/boardsInFlight.js';
import { type InteractionEditor, TOKEN_EXPIRED } from '../chat/interactionEdits.js';
import type { Offered } from '../chat/messages.js';
import type { MessageSync } from '../chat/messageSync.js';
import { Answers } from '../chat/replies.js';
import { StandingLooks } from '../chat/standingLooks.js';
import type { CommandContext } from '../commands/commandContext.js';
import { ThreadMembers } from '../commands/threadMembers.js';
import type { GameService } from '../game/service.js';
import type { BotTurns } from './botTurns.js';
import type { DeletionFollowUp } from './deletionFollowUp.js';
import type { InteractionIntake } from './interactionIntake.js';

/** Well inside Discord's 3 s, leaving room for the answer's own round trip. */
const DEFER_AFTER_MS = 1500;
/**
 * An interaction's token works for 15 minutes; past 14 (a margin for clocks and the request's
 * own time) its answer goes to the stored message with the bot's token instead.
 */
const TOKEN_USABLE_MS = 14 * 60_000;

export interface ContextParts {
  client: Client<true>;
  service: GameService;
  messages: MessageSync;
  boardsInFlight: BoardsInFlight;
  offered: Offered;
  editor: InteractionEditor;
  turns: BotTurns;
  deletions: DeletionFollowUp;
  /** Where interactions come in: how long ago one arrived. */
  intake: Pick<InteractionIntake, 'ageOf'>;
  deferAfterMs?: number;
  now: () => number;
  log: Logger;
}

export function commandContext(parts: ContextParts): CommandContext {
  const { client, service, editor, now } = parts;
  const me = client.user;
  return {
    answers: new Answers(),
    service,
    botUser: { id: me.id, name: me.displayName },
    scheduleBotTurn: (gameId) => parts.turns.schedule(gameId),
    messages: parts.messages,
    boardsInFlight: parts.boardsInFlight,
    standings: new StandingLooks(parts.boardsInFlight, (gameId) => service.chat.boardStanding(gameId)),
    offered: parts.offered,
    startBoard: (ruleset) => service.rules.startBoard(ruleset),
    deferAfterMs: parts.deferAfterMs ?? DEFER_AFTER_MS,
    editDeferred: (interaction, payload) => {
      if (parts.intake.ageOf(interaction) > TOKEN_USABLE_MS) return Promise.reject(new Error(TOKEN_EXPIRED));
      return editor.editOriginal(interaction, payload);
    },
    events: scheduledEvents(client),
    threadMembers: new ThreadMembers(now),
    deletions: parts.deletions,
    log: parts.log,
  };
}

/** Tournaments' scheduled events, made and cancelled with the bot's token. */
function scheduledEvents(client: Client): CommandContext['events'] {
  return {
    create: async (guildId, event) => {
      // EXTERNAL (3), members only (2): an event elsewhere than a voice or stage channel needs a
      // location and an end (resources/guild-scheduled-event.mdx).
      const body = {
        name: event.name,
        description: event.description,
        privacy_level: 2,
        entity_type: 3,
        entity_metadata: { location: event.location },
        scheduled_start_time: new Date(event.startsAt).toISOString(),
        scheduled_end_time: new Date(event.endsAt).toISOString(),
      };
      return ((await client.rest.post(Routes.guildScheduledEvents(guildId), { body })) as { id: string }).id;
    },
    cancel: async (guildId, eventId) => {
      await client.rest.patch(Routes.guildScheduledEvent(guildId, eventId), { body: { status: 4 } });
    },
  };
}

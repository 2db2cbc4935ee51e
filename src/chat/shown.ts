// A game, its lobby or a challenge as its stored message shows it: the one payload, place, id and
// "shown" marker for each, used by the answers (replies.ts, delivery.ts) and the bot's own posts
// and edits (src/chat/messageSync.ts).
import type { Interaction } from 'discord.js';
import type { GameService } from '../game/service.js';
import { botTokenReaches } from './interactionPlace.js';
import type { ChallengeMade, ChallengeView, GameView } from '../game/types.js';
import {
  type BoardNote,
  challengeMessage,
  gameMessage,
  lobbyMessage,
  type MessagePayload,
  type Offered,
} from './messages.js';

export type Shown =
  | { kind: 'game'; view: GameView; note?: BoardNote }
  | { kind: 'challenge'; view: ChallengeView }
  /** The channel message a game's thread started from, pointing to the game. */
  | { kind: 'lobby'; view: GameView };

/** A game's board, with the line its first version carries, if any. */
export function boardShown(view: GameView, note: BoardNote | undefined): Shown {
  return note ? { kind: 'game', view, note } : { kind: 'game', view };
}

/** What a new challenge (or, against the bot, a started game) posts. */
export function shownOf(made: ChallengeMade): Shown {
  return made.kind === 'game' ? { kind: 'game', view: made.game } : { kind: 'challenge', view: made.challenge };
}

export function payloadOf(shown: Shown, offered: Offered): MessagePayload {
  switch (shown.kind) {
    case 'game':
      return gameMessage(shown.view, shown.note, offered);
    case 'challenge':
      return challengeMessage(shown.view, offered);
    case 'lobby':
      return lobbyMessage(shown.view);
  }
}

export function idOf(shown: Shown): number {
  return shown.kind === 'challenge' ? shown.view.challengeId : shown.view.gameId;
}

/** The channel and message that show it (the message is null until posted). */
export function whereShown(shown: Shown): { channelId: string; messageId: string | null } {
  return shown.kind === 'lobby'
    ? { channelId: shown.view.homeChannelId, messageId: shown.view.lobbyMessageId }
    : { channelId: shown.view.channelId, messageId: shown.view.messageId };
}

/** Whether it can still change (a live game, an open challenge): a lost message is then posted again. */
export function isOpen(shown: Shown): boolean {
  return shown.kind === 'challenge' ? shown.view.status === 'pending' : shown.view.status === 'active';
}

/** Records that the message now shows this: a game's version, a challenge's or a lobby's status. */
export async function recordShown(service: Pick<GameService, 'chat'>, shown: Shown): Promise<void> {
  if (shown.kind === 'game')
    await service.chat.recordShown({ kind: 'game', id: shown.view.gameId, version: shown.view.version });
  else if (shown.kind === 'challenge')
    await service.chat.recordShown({ kind: 'challenge', id: shown.view.challengeId, status: shown.view.status });
  else await service.chat.recordShown({ kind: 'lobby', id: shown.view.gameId, status: shown.view.status });
}

/** Records a message just posted to show it: its id, and what it shows. */
export async function recordPosted(service: Pick<GameService, 'chat'>, shown: Shown, messageId: string): Promise<void> {
  await service.chat.setMessage(shown.kind, idOf(shown), messageId);
  await recordShown(service, shown);
}

/**
 * Keeps an interaction's token for the message it answered, where only interaction responses
 * reach the channel: the computer's moves and the sweeper's edits go through it while it lives.
 */
export async function rememberAnswer(
  interaction: Pick<Interaction, 'context' | 'guildId' | 'authorizingIntegrationOwners' | 'applicationId' | 'token'>,
  messageId: string,
  service: Pick<GameService, 'chat'>,
): Promise<void> {
  if (botTokenReaches(interaction)) return;
  await service.chat.rememberAnswer({ messageId, applicationId: interaction.applicationId, token: interaction.token });
}

/** The lobby to update after a game's board is shown: once the game is over, the channel says who won. */
export function lobbyAfter(shown: Shown): Shown | null {
  if (shown.kind !== 'game' || shown.view.status !== 'finished' || !shown.view.lobbyMessageId) return null;
  return { kind: 'lobby', view: shown.view };
}

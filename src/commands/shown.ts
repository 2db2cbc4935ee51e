// A game or a challenge as its stored message shows it: the one payload, id and "shown" marker
// for both, used by the answers to clicks (delivery.ts) and the bot's own edits (messageSync).
import type { GameService } from '../game/service.js';
import type { ChallengeMade, ChallengeView, GameView } from '../game/types.js';
import { challengeMessage, gameMessage, type MessagePayload } from './messages.js';

export type Shown = { kind: 'game'; view: GameView } | { kind: 'challenge'; view: ChallengeView };

/** What a new challenge (or, against the bot, a started game) posts. */
export function shownOf(made: ChallengeMade): Shown {
  return made.kind === 'game' ? { kind: 'game', view: made.game } : { kind: 'challenge', view: made.challenge };
}

export function payloadOf(shown: Shown): MessagePayload {
  return shown.kind === 'game' ? gameMessage(shown.view) : challengeMessage(shown.view);
}

export function idOf(shown: Shown): number {
  return shown.kind === 'game' ? shown.view.gameId : shown.view.challengeId;
}

/** Records that the message now shows this: a game's version, or a challenge's status. */
export function markShown(service: Pick<GameService, 'markShown'>, shown: Shown): void {
  if (shown.kind === 'game') service.markShown('game', shown.view.gameId, shown.view.version);
  else service.markShown('challenge', shown.view.challengeId, shown.view.status);
}

// Keeping the chat in step with the database (src/bot/messageSync.ts drives it): what each
// message shows, which messages are behind or were never posted, and taking back what the chat
// cannot show so it blocks neither its players nor its channel.
import type { ChallengeStatus, ClosedReason } from '../db/records.js';
import type { ServiceCore } from './core.js';
import { type ChallengeView, type OutOfSync, type Outcome, fail, ok } from './types.js';

/** Records what a message now shows: a game's version, or a challenge's status. */
export function markShown(
  core: ServiceCore,
  kind: 'game' | 'challenge',
  id: number,
  shown: number | ChallengeStatus,
): void {
  if (kind === 'game') core.games.markGameShown(id, shown as number);
  else core.games.markChallengeShown(id, shown as ChallengeStatus);
}

/** Messages behind the database, and games or challenges that have no message at all. */
export function outOfSync(core: ServiceCore): OutOfSync {
  const unposted = core.games.unposted();
  return {
    gamesBehind: core.games.gamesBehind(),
    challengesBehind: core.games.challengesBehind(),
    unpostedGames: unposted.games,
    unpostedChallenges: unposted.challenges,
  };
}

export function challengeView(core: ServiceCore, challengeId: number): Outcome<ChallengeView> {
  const c = core.games.challenge(challengeId);
  return c ? ok(core.challengeViewOf(c)) : fail('not-found', 'There is no such challenge.');
}

/**
 * Takes back a challenge or an active game the chat cannot show (never posted, channel gone): a
 * challenge is cancelled, a game closed without a winner or a rating change. 'finished' if it was
 * already over.
 */
export function takeBack(
  core: ServiceCore,
  kind: 'challenge' | 'game',
  id: number,
  reason: ClosedReason,
): Outcome<null> {
  return core.transact(() => {
    const done =
      kind === 'challenge'
        ? core.games.resolveChallenge(id, 'cancelled', core.now())
        : core.games.closeGame(id, reason, core.now());
    return done ? ok(null) : fail('finished', `This ${kind} is already over.`);
  });
}

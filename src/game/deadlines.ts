// Deadlines: challenges expire, players who do not act in time forfeit, finished games' threads
// are archived.
import { pruneNews } from '../db/gameNews.js';
import { opponentOf } from '../engine/index.js';
import type { ServiceCore } from './core.js';
import { endGame } from './lifecycle.js';
import { type ChallengeView, type GameView, type SweepReport, fail, ok } from './types.js';
import type { GameSnapshot } from './views.js';

/** How long Discord honours an interaction's token: a stored one is erased after that. */
const ANSWER_TOKEN_LIFETIME_MS = 15 * 60_000;

/**
 * Applies every deadline now due. Each is its own transaction re-checking the row, so a sweep in
 * another process, or a click landing at the same moment, never makes it happen twice. Also
 * forgets the answer tokens Discord no longer honours or nothing needs, and the oldest news of
 * games' changes (src/db/gameNews.ts).
 */
export async function sweep(core: ServiceCore): Promise<SweepReport> {
  const now = core.now();
  // A day back covers every sweep since a game ended (a board shown later keeps only its erased mark).
  await core.answerTokens.forget(now - ANSWER_TOKEN_LIFETIME_MS, now - 24 * 3_600_000);
  await pruneNews(core.db);
  const expiredChallenges: ChallengeView[] = [];
  for (const id of await core.games.dueChallengeIds(now)) {
    const expired = await core.transact(async (core) => {
      const closed = await core.games.resolveChallenge(id, 'expired', now);
      return closed ? ok(await core.challengeViewOf(closed)) : fail('finished', 'error.challengeAlreadyOver');
    });
    if (expired.ok) expiredChallenges.push(expired.value);
  }
  const timedOut: GameSnapshot[] = [];
  for (const id of await core.games.dueGameIds(now)) {
    const ended = await core.transact(async (core) => {
      const game = await core.games.game(id);
      if (!game || game.status !== 'active' || game.turnDeadline === null || game.turnDeadline > now) {
        return fail('finished', 'error.movedOn');
      }
      return ok(await endGame(core, game, game.state, opponentOf(game.state.toMove), 'timeout', null));
    });
    if (ended.ok) timedOut.push(ended.value);
  }
  const timedOutGames: GameView[] = [];
  for (const snapshot of timedOut) timedOutGames.push(await core.view(snapshot));
  return { expiredChallenges, timedOutGames, threadsToArchive: await dueArchives(core, now) };
}

/** A server game whose turn is over, and the channel (or thread) its board is in. */
export interface DueForfeit {
  gameId: number;
  channelId: string;
}

/**
 * Server games the next sweep would forfeit on time: the bot checks first that it can still see
 * their channel, since a player who could not click must not lose rating for it. Games outside
 * servers are never rated, and there the bot's token reaches no channel to check.
 */
export async function dueForfeits(core: ServiceCore): Promise<DueForfeit[]> {
  const due: DueForfeit[] = [];
  for (const id of await core.games.dueGameIds(core.now())) {
    const game = await core.games.game(id);
    if (game && game.guildId !== '') due.push({ gameId: id, channelId: game.threadId ?? game.channelId });
  }
  return due;
}

/**
 * Threads whose game finished a while ago. Each is taken once (its time cleared whatever happens
 * next, so a thread that cannot be archived never blocks a later sweep); one that hosts a new game
 * or challenge (a rematch asked in it) stays open.
 */
async function dueArchives(core: ServiceCore, now: number): Promise<string[]> {
  const threads: string[] = [];
  for (const { gameId, threadId } of await core.games.dueArchives(now)) {
    const taken = await core.transact(async (core) =>
      (await core.games.takeArchive(gameId))
        ? ok(!(await core.games.channelInUse(threadId)))
        : fail('finished', 'error.gameAlreadyOver'),
    );
    if (taken.ok && taken.value) threads.push(threadId);
  }
  return threads;
}

// Keeping the chat in step with the database (src/chat/messageSync.ts drives it): what each
// message shows, which messages are behind or were never posted, and taking back what the chat
// cannot show so it blocks neither its players nor its channel.
import type { AnswerToken } from '../db/answerTokenStore.js';
import type { ChallengeStatus, ClosedReason, GameRecord, GameStatus } from '../db/records.js';
import type { ServiceCore } from './core.js';
import { THREAD_ARCHIVE_DELAY_MS } from './lifecycle.js';
import { type GamePlacement, type OutOfSync, type Outcome, fail, ok } from './types.js';
import { placementOf } from './views.js';

/** What a message shows: a game board's version, a challenge's status, a game lobby's status. */
export type ShownMarker =
  | { kind: 'game'; id: number; version: number }
  | { kind: 'challenge'; id: number; status: ChallengeStatus }
  | { kind: 'lobby'; id: number; status: GameStatus };

/** Records what a message now shows. */
export async function recordShown(core: ServiceCore, marker: ShownMarker): Promise<void> {
  if (marker.kind === 'game') await core.games.markGameShown(marker.id, marker.version);
  else if (marker.kind === 'challenge') await core.games.markChallengeShown(marker.id, marker.status);
  else await core.games.markLobbyShown(marker.id, marker.status);
}

/**
 * Records the message showing a challenge, a game's board, or a game's lobby (the channel
 * message its thread starts from), so later edits (sweeps, restarts) find it.
 */
export async function setMessage(
  core: ServiceCore,
  kind: 'challenge' | 'game' | 'lobby',
  id: number,
  messageId: string,
): Promise<Outcome<null>> {
  const { games } = core;
  const saved = await (kind === 'challenge'
    ? games.setChallengeMessage(id, messageId)
    : kind === 'game'
      ? games.setGameMessage(id, messageId)
      : games.setLobbyMessage(id, messageId));
  return saved ? ok(null) : fail('not-found', kind === 'challenge' ? 'error.noSuchChallenge' : 'error.noSuchGame');
}

/** Keeps the token of an interaction that answered a message the bot's own token cannot edit (stamped now). */
export async function rememberAnswer(core: ServiceCore, answer: Omit<AnswerToken, 'issuedAt'>): Promise<void> {
  await core.answerTokens.remember({ ...answer, issuedAt: core.now() });
}

/** The latest interaction token that answered a message, or undefined when the bot's token edits it. */
export async function answerToken(core: ServiceCore, messageId: string): Promise<AnswerToken | undefined> {
  return await core.answerTokens.latest(messageId);
}

/** Where a game's board is, and whether that message is behind the database. */
export interface BoardStanding extends GamePlacement {
  guildId: string;
  status: GameStatus;
  /** The version the database holds. */
  version: number;
  /** The message shows an older version than the database holds (or none yet). */
  behind: boolean;
}

/** A game's board as the database knows it, read without drawing it: a refused click needs no picture. */
export async function boardStanding(core: ServiceCore, gameId: number): Promise<Outcome<BoardStanding>> {
  const game = await core.games.board(gameId);
  if (!game) return fail('not-found', 'error.noSuchGame');
  const behind = game.shownVersion === null || game.shownVersion < game.version;
  return ok({ ...placementOf(game), guildId: game.guildId, status: game.status, version: game.version, behind });
}

/** Messages behind the database, and games or challenges that have no message at all. */
export async function outOfSync(core: ServiceCore): Promise<OutOfSync> {
  const unposted = await core.games.unposted();
  return {
    gamesBehind: await core.games.gamesBehind(),
    lobbiesBehind: await core.games.lobbiesBehind(),
    challengesBehind: await core.games.challengesBehind(),
    unpostedGames: unposted.games,
    unpostedChallenges: unposted.challenges,
  };
}

/** Records where a game is shown (its thread, or the channel after all); not-found if it was already placed. */
async function placeGame(
  core: ServiceCore,
  gameId: number,
  place: (games: ServiceCore['games']) => Promise<GameRecord | undefined>,
): Promise<Outcome<GamePlacement>> {
  const placed = await core.transact(async (core) => {
    const game = await place(core.games);
    return game ? ok(game) : fail('not-found', 'error.alreadyPlaced');
  });
  if (!placed.ok) return placed;
  // Its thread is part of what a move from memory checks: kept as placed (liveGames.ts).
  core.live.keep(placed.value);
  return ok(placementOf(placed.value));
}

/** The game's thread was made: its board goes there. Resolves to where the game is now shown. */
export async function setThread(core: ServiceCore, gameId: number, threadId: string): Promise<Outcome<GamePlacement>> {
  return await placeGame(core, gameId, (games) => games.setThread(gameId, threadId));
}

/** No thread could be made: the game is played in its channel, its board replacing the lobby message. */
export async function playInChannel(core: ServiceCore, gameId: number): Promise<Outcome<GamePlacement>> {
  return await placeGame(core, gameId, (games) => games.playInChannel(gameId));
}

/**
 * Takes back a challenge or an active game the chat cannot show (never posted, channel gone): a
 * challenge is cancelled, a game closed without a winner or a rating change. 'finished' if it was
 * already over.
 */
export async function takeBack(
  core: ServiceCore,
  kind: 'challenge' | 'game',
  id: number,
  reason: ClosedReason,
): Promise<Outcome<null>> {
  return core.transact(async (core) => {
    const done =
      kind === 'challenge'
        ? await core.games.resolveChallenge(id, 'cancelled', core.now())
        : await core.games.closeGame(id, reason, core.now(), core.now() + THREAD_ARCHIVE_DELAY_MS);
    if (kind === 'game') core.live.forget(id);
    return done
      ? ok(null)
      : fail('finished', kind === 'challenge' ? 'error.challengeAlreadyOver' : 'error.gameAlreadyOver');
  });
}

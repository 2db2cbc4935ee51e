// A game's life inside a transaction the caller holds: created, moved on by one action, ended.
// Rendering happens after the commit, so a slow picture never holds the database lock.
import type { ChallengeRecord, EndReason, GameRecord } from '../db/records.js';
import { type Action, type GameEvent, type GameState, type Side, applyAction, newGame } from '../engine/index.js';
import { describeEvents } from '../i18n/describe.js';
import { translator } from '../i18n/index.js';
import type { ServiceCore } from './core.js';
import { recordRatedResult } from './playerRecords.js';
import { scheduleReminder } from './turnReminders.js';
import { seatsFromSecret, throwingFor } from './dice.js';
import type { ServerSettings } from './settings.js';
import type { Strength } from './strengths.js';
import { recordTournamentGame } from './tournamentResults.js';
import { type Outcome, fail, ok } from './types.js';
import { type GameSnapshot, endDescription, namesOf, storedResult } from './views.js';

/**
 * Where a new game is played and with which rules (a challenge, or a game against the bot): its
 * board's message if it is known (the challenge message, in the channel), or the lobby message its
 * thread is to start from.
 */
export type GamePlace = Pick<ChallengeRecord, 'guildId' | 'channelId' | 'ruleset' | 'options' | 'locale'> &
  Pick<GameRecord, 'messageId' | 'lobbyMessageId'>;

/**
 * How long a finished game's thread stays open before the bot archives it: long enough to read the
 * result, ask for a rematch or a replay, and say "good game"; archived threads stay readable and
 * searchable, and any message in them opens them again.
 */
export const THREAD_ARCHIVE_DELAY_MS = 60 * 60_000;

/**
 * A game whose seats are not left to the seed: a tournament's, where pairing decided who moves
 * first (`challengerId` does) and the tournament whether it is rated.
 */
export interface FixedSeats {
  rated: boolean;
}

/**
 * Creates a game: its dice's secret (stored beside it, never in its state), seats from it, the
 * engine's start position, the first turn's deadline.
 */
export async function startGame(
  core: ServiceCore,
  where: GamePlace,
  challengerId: string,
  opponentId: string,
  botStrength: Strength | null,
  fixed?: FixedSeats,
): Promise<GameRecord> {
  const diceSecret = core.newDiceSecret();
  const started = newGame(where.ruleset, where.options, 'keyed');
  // The options were checked when the challenge was made; failing now is a bug, not a user error.
  if (!started.ok) throw new Error(`stored options no longer resolve: ${started.error}`);
  const state = started.value;
  const seats = fixed
    ? state.toMove === 'W'
      ? { W: challengerId, B: opponentId }
      : { W: opponentId, B: challengerId }
    : seatsFromSecret(diceSecret, challengerId, opponentId);
  const toActId = seats[state.toMove];
  const now = core.now();
  const settings = await core.settingsOf(where.guildId);
  const game = await core.games.insertGame({
    guildId: where.guildId,
    channelId: where.channelId,
    messageId: where.messageId,
    lobbyMessageId: where.lobbyMessageId,
    ruleset: where.ruleset,
    options: state.options,
    seed: 0, // the old generator's; keyed dice need none
    diceSecret,
    state,
    seats,
    toActId,
    botStrength,
    rated: fixed ? fixed.rated : botStrength === null && settings.rated,
    turnDeadline: toActId === core.botUserId ? null : now + settings.turnTtlMs,
    createdAt: now,
    locale: where.locale,
  });
  await scheduleReminder(core, game, settings.reminderDelayMs, now);
  return game;
}

/** Applies one engine action: log, state, version + 1, and the game's end if it wins. */
export async function applyInTransaction(
  core: ServiceCore,
  game: GameRecord,
  actorId: string,
  action: Action,
): Promise<Outcome<GameSnapshot>> {
  const applied = applyAction(game.state, action, throwingFor(game));
  if (!applied.ok) return fail('invalid', 'error.notAllowedNow');
  const { state, events, legal } = applied.value;
  const now = core.now();
  const logged = {
    gameId: game.id,
    seq: game.state.ply,
    userId: actorId,
    action,
    throwValue: throwValueOf(events),
    at: now,
  };
  const players = await core.playersOf(game);
  const description = describeEvents(translator(game.locale), events, game.ruleset, namesOf(players), game.options);
  // The game's row first, then its log: every move locks the row before the log's new key, as a
  // move decided from memory does in its one statement (src/db/moveStore.ts), so two moves of one
  // game at once wait for each other on the row and never deadlock on the key.
  if (state.winner) {
    const ended = await endGame(core, game, state, state.winner, 'won', state.score);
    await core.games.appendAction(logged);
    return ok({ ...ended, description });
  }
  const settings = await core.settingsOf(game.guildId);
  const { toActId, turnDeadline } = nextTurn(core, game, state, settings, now);
  const updated = await core.games.updateGame(game.id, { expectedVersion: game.version, state, toActId, turnDeadline });
  if (!updated) {
    // Unreachable: the transaction just read this version, and a change by another since fails
    // this UPDATE's transaction (SQLite: none can, BEGIN IMMEDIATE; PostgreSQL: 40001, run again).
    throw new Error(`game ${game.id} changed inside its own transaction`);
  }
  await core.games.appendAction(logged);
  await scheduleReminder(core, { id: game.id, toActId, turnDeadline }, settings.reminderDelayMs, now);
  return ok({ game: updated, players, description, legal });
}

/** The turn an action starts at `now`: who acts next, and their deadline (none for the bot). */
export function nextTurn(
  core: ServiceCore,
  game: Pick<GameRecord, 'seats'>,
  state: GameState,
  settings: Pick<ServerSettings, 'turnTtlMs'>,
  now: number,
): { toActId: string; turnDeadline: number | null } {
  const toActId = game.seats[state.toMove];
  return { toActId, turnDeadline: toActId === core.botUserId ? null : now + settings.turnTtlMs };
}

/** Ends a game; a rated game updates both ratings in the same transaction. */
export async function endGame(
  core: ServiceCore,
  game: GameRecord,
  state: GameState,
  winnerSide: Side,
  reason: EndReason,
  score: number | null,
): Promise<GameSnapshot> {
  const now = core.now();
  const stored = await core.games.finishGame(game.id, {
    expectedVersion: game.version,
    state,
    finishedAt: now,
    winnerSide,
    endReason: reason,
    score,
    archiveAt: now + THREAD_ARCHIVE_DELAY_MS,
  });
  if (!stored) throw new Error(`game ${game.id} changed inside its own transaction`);
  core.live.forget(game.id);
  await recordTournamentGame(core, stored);
  const players = await core.playersOf(stored);
  const result = storedResult(stored, players);
  if (!result) throw new Error(`game ${game.id} was written finished without its result`);
  if (stored.rated) {
    result.ratings = await recordRatedResult(
      core.ratings,
      stored,
      winnerSide,
      now,
      await core.server.currentSeason(game.guildId),
    );
  }
  return { game: stored, players, description: endDescription(translator(stored.locale), result), result, legal: [] };
}

/** The value thrown or taken by one action, for the log (null for a plain pawn move). */
export function throwValueOf(events: readonly GameEvent[]): number | null {
  for (const e of events) {
    if (e.type === 'throw') return e.throw.value;
    if (e.type === 'take') return e.value;
  }
  return null;
}

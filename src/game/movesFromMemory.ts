// A move decided from memory: the game and its server's settings as this process last saw them
// (liveGames.ts), written under a guard on all of it (src/db/moveStore.ts). Nothing stale can be
// committed: what the move decided from is exactly what its write checks, so a game or settings
// changed meanwhile (by another process, a timeout, a deletion, an admin) fail the write, and the
// move runs again as a transaction from the database, as a click on an older board always did.
// Only the common cases are decided here: the player to act, on the board as kept, with an action
// that does not end the game; and a player's click on a board older than the one kept, refused as
// stale (versions only grow, so the stored game is newer still: the transaction would say the same,
// after a connection and three round trips; a crowd of double clicks was a crowd of transactions
// that held back everything else, the game-over boards after a burst among them). Every other
// refusal (which must say why from the database) and every game's end (ratings, the tournament,
// the season: play.ts) take the transaction.
import type { TransactionOptions } from '../db/database.js';
import { type Action, applyAction } from '../engine/index.js';
import { describeEvents } from '../i18n/describe.js';
import { translator } from '../i18n/index.js';
import { type ServiceCore, playerNamed } from './core.js';
import { storageRefusal } from './storageFailure.js';
import { throwingFor } from './dice.js';
import { nextTurn, throwValueOf } from './lifecycle.js';
import { firstReminderOf } from './turnReminders.js';
import { parseOverrides, settingsWith } from './settings.js';
import { type Outcome, fail, ok } from './types.js';
import { type GameSnapshot, namesOf, sideOf } from './views.js';
import { isHere } from './visibility.js';

export interface MemoryMove {
  gameId: number;
  userId: string;
  /** The version the move was decided on (the clicked board's). */
  version: number;
  action: Action;
  /** Where the button was clicked, if it was (play.ts, ActInput). */
  where?: string;
}

/**
 * The refusal of a player's click on a board older than the game kept (the one the transaction
 * would give), or null when memory cannot tell: no game kept, the clicker no player of it, a
 * button from elsewhere, or a board as new as the kept one or newer.
 */
export function staleInMemory(core: ServiceCore, move: MemoryMove): Outcome<never> | null {
  const game = core.live.game(move.gameId);
  if (!game || move.version >= game.version || !sideOf(game, move.userId)) return null;
  if (move.where !== undefined && !isHere(move.where, game)) return null;
  return fail('stale', 'error.staleBoard');
}

/**
 * The move applied, or a storage refusal ('busy', …); null when memory cannot decide it or the
 * write found something changed: the caller then runs the move's transaction.
 */
export async function moveFromMemory(
  core: ServiceCore,
  move: MemoryMove,
  options: TransactionOptions,
): Promise<Outcome<GameSnapshot> | null> {
  const game = core.live.game(move.gameId);
  if (!game || game.version !== move.version || game.toActId !== move.userId) return null;
  if (move.where !== undefined && !isHere(move.where, game)) return null;
  const applied = applyAction(game.state, move.action, throwingFor(game));
  if (!applied.ok || applied.value.state.winner) return null;
  const { state, events, legal } = applied.value;
  const now = core.now();
  const settingsJson = await keptSettings(core, game.guildId);
  const settings = settingsWith(core.config, parseOverrides(settingsJson ?? undefined));
  const turn = nextTurn(core, game, state, settings, now);
  const remindAt = firstReminderOf(turn, core.botUserId, settings.reminderDelayMs, now);
  // A newer copy kept by the write's turn was written by this process meanwhile (another click's
  // move): the guard would fail, so the write is not sent.
  const overtaken = (): boolean => (core.live.game(game.id)?.version ?? 0) > game.version;
  let written;
  try {
    written = await core.moves.write(
      { ...game, settingsJson },
      { state, ...turn, remindAt },
      { seq: game.state.ply, userId: move.userId, action: move.action, throwValue: throwValueOf(events), at: now },
      { ...options, needless: overtaken },
    );
  } catch (error) {
    const refused = storageRefusal(error);
    if (refused) return refused;
    throw error;
  }
  if (!written) {
    // Overtaken by this process's own newer move: nothing else changed. Otherwise the copy decided
    // from, or the server's settings, is out of date: both are read afresh.
    if (overtaken()) return null;
    core.live.forgetBefore(game.id, game.version + 1);
    core.live.forgetSettings(game.guildId);
    return null;
  }
  core.live.keep(written.game);
  const { seats } = written.game;
  const players = { W: playerNamed(seats.W, written.names.W), B: playerNamed(seats.B, written.names.B) };
  const description = describeEvents(translator(game.locale), events, game.ruleset, namesOf(players), game.options);
  return ok({ game: written.game, players, description, legal });
}

/** The server's settings JSON as kept, read and kept when it is not. */
async function keptSettings(core: ServiceCore, guildId: string): Promise<string | null> {
  const kept = core.live.settingsJson(guildId);
  if (kept !== undefined) return kept;
  const json = (await core.server.settingsJson(guildId)) ?? null;
  core.live.keepSettings(guildId, json);
  return json;
}

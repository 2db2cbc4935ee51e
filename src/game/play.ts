// Playing: a player's click, the computer's step, resigning. Each is one transaction that checks
// who may act and the button's version before the engine applies anything.
//
// A move (a click, the computer's step) runs at REPEATABLE READ on PostgreSQL (src/db/database.ts,
// Isolation): it decides only from its game's row (who is to act, the version, the state) and
// updates that row under the version guard, and everything else that decides from a live game's
// row (another click, a timeout, a reminder's claim, a resignation, forgetting a player) updates
// that row too, so of two at once one fails and runs again, seeing the other. One game's moves in
// one process take turns (the transaction's queue), so a crowd of clicks on one board waits
// without holding the pool's connections. Most moves do not even read the game: they are decided
// from the game kept in memory and written under a guard on all they read (movesFromMemory.ts).
//
// A game's end (a winning move, a resignation) runs at REPEATABLE READ too, side by side with other
// games' ends rather than in turn behind the process's SERIALIZABLE transactions. What it decides
// from, beyond its game's row:
// - the two players' ratings in the season (playerRecords.ts): it writes exactly those rows (an
//   upsert), so two ends sharing a player conflict on the row (40001; a first rating inserted by
//   both: 23505 or 40001) and one runs again, rating from the other's result;
// - the tournament pairing the game decides (tournamentResults.ts): a conditional UPDATE of that
//   row, and the tournament's row (its version) updated along, which every change to a tournament
//   updates (a round moved on, a forfeit, a removal), so any two conflict;
// - the current season, read only. Its one writer, /senet-admin season, reads nothing an end writes
//   (it inserts the next season), so an end that read the old season is as if it committed just
//   before the new one started, which SERIALIZABLE allowed too. Nothing else is read to decide.
// The names it shows are read only for display. Timeouts and closes stay SERIALIZABLE, as all but
// moves and ends do.
import type { GameRecord } from '../db/records.js';
import type { GameChange, TransactionOptions } from '../db/database.js';
import { serverOnShard } from '../db/shards.js';
import { type Action, opponentOf } from '../engine/index.js';
import type { ServiceCore } from './core.js';
import { botSeed } from './dice.js';
import { applyInTransaction, endGame } from './lifecycle.js';
import { moveFromMemory, staleInMemory } from './movesFromMemory.js';
import { notHere } from './refusals.js';
import { DEFAULT_STRENGTH, strengthOf } from './strengths.js';
import { type ChoicesInput, choicesOf } from './replays.js';
import { type GameChoiceEntry, type GameView, type Outcome, fail, ok } from './types.js';
import { type GameSnapshot, sideOf, statusDescription } from './views.js';
import { isHere } from './visibility.js';

/** A game as it stands, drawn (to show it again, or a game a tournament started). */
export async function view(core: ServiceCore, gameId: number): Promise<Outcome<GameView>> {
  const game = await core.games.game(gameId);
  if (!game) return fail('not-found', 'error.noSuchGame');
  return ok(await core.view(await core.snapshot(game, statusDescription)));
}

/** How a move's transaction runs (see the top of this file; `bench -- postgres` clicks the same way). */
export const moveTransaction = (gameId: number): TransactionOptions => ({
  isolation: 'repeatable-read',
  queue: `game ${gameId}`,
  kind: 'move',
});

export interface ActInput {
  gameId: number;
  userId: string;
  /** The version the clicked board showed: a click on an older board changes nothing. */
  version: number;
  action: Action;
  /**
   * Where the button was clicked (its message's channel or thread). A button names its game by
   * id, and a forged click can name any: one for a game that is not there gets the answer a
   * missing game gets (refusals.ts), whoever clicks. Every click gives it; the service's own
   * callers (tests, tools), which name games they know, may leave it out.
   */
  where?: string;
}

export async function act(core: ServiceCore, input: ActInput): Promise<Outcome<GameView>> {
  return drawn(core, await move(core, input));
}

/**
 * A player's move committed, as act() commits it, but not drawn: the live board's pages draw the
 * board themselves, and the chat's picture is drawn by the process that edits the message.
 */
export async function move(core: ServiceCore, input: ActInput): Promise<Outcome<GameSnapshot>> {
  const stale = staleInMemory(core, input);
  if (stale) return stale;
  const quick = await moveFromMemory(core, input, moveTransaction(input.gameId));
  if (quick) return quick;
  // Its write may have lost to another click's, now kept.
  const overtaken = staleInMemory(core, input);
  if (overtaken) return overtaken;
  const done = await core.transact(async (core) => {
    const found = await liveGame(core, input.gameId, input.where);
    if (!found.ok) return found;
    const game = found.value;
    if (!sideOf(game, input.userId)) return fail('forbidden', 'error.notYourGame');
    if (input.version !== game.version) {
      return fail('stale', 'error.staleBoard');
    }
    if (game.toActId !== input.userId) {
      // Nobody to act: the game is over.
      if (game.toActId === null) return fail('finished', 'error.gameAlreadyOver');
      return fail('not-your-turn', 'error.notYourTurn', {
        name: (await core.playerOf(game.toActId, game.guildId)).name,
      });
    }
    return await applyInTransaction(core, game, input.userId, input.action);
  }, moveTransaction(input.gameId));
  return kept(core, done);
}

/** A move's transaction done: its game kept in memory for the next move (movesFromMemory.ts). */
function kept(core: ServiceCore, done: Outcome<GameSnapshot>): Outcome<GameSnapshot> {
  if (done.ok) core.live.keep(done.value.game);
  return done;
}

/** A committed change's view, its board drawn. */
async function drawn(core: ServiceCore, done: Outcome<GameSnapshot>): Promise<Outcome<GameView>> {
  return done.ok ? ok(await core.viewCommitted(done.value)) : done;
}

/**
 * One bot action. `version`, if given, guards against a stale step as for a click. The choice is
 * made outside the transaction (it may take a worker thread a while), then applied only if the
 * game has not moved on meanwhile (a resignation, a timeout).
 */
export async function botStep(core: ServiceCore, gameId: number, version?: number): Promise<Outcome<GameView>> {
  const found = await liveGame(core, gameId);
  if (!found.ok) return found;
  const read = found.value;
  if (version !== undefined && version !== read.version) return fail('stale', 'error.movedOn');
  if (read.toActId !== core.botUserId) return fail('not-your-turn', 'error.notBotsTurn');
  const strength = strengthOf(read.botStrength) ?? DEFAULT_STRENGTH;
  const action = await core.choose(read.state, strength, botSeed(read, read.state.ply));
  const step = { gameId, userId: core.botUserId, version: read.version, action };
  const quick = await moveFromMemory(core, step, moveTransaction(gameId));
  if (quick) return drawn(core, quick);
  const done = await core.transact(async (core) => {
    const again = await liveGame(core, gameId);
    if (!again.ok) return again;
    if (again.value.version !== read.version) return fail('stale', 'error.movedOn');
    return await applyInTransaction(core, again.value, core.botUserId, action);
  }, moveTransaction(gameId));
  return drawn(core, kept(core, done));
}

/** How a game's end runs (see the top of this file): in its game's queue when the game is known. */
const endingTransaction = (gameId?: number): TransactionOptions => ({
  isolation: 'repeatable-read',
  ...(gameId === undefined ? {} : { queue: `game ${gameId}` }),
});

/** Which game to resign: the one named, or the player's only game here (this thread, or started in this channel). */
export type ResignInput = ({ gameId: number } | { channelId: string }) & { userId: string };

/**
 * Either player may resign at any time, from anywhere; the opponent wins. Someone else's game is
 * not theirs to know: it gets the answer a missing game gets (refusals.ts), over or not.
 */
export async function resign(core: ServiceCore, input: ResignInput): Promise<Outcome<GameView>> {
  const ending = endingTransaction('gameId' in input ? input.gameId : undefined);
  const done = await core.transact(async (core) => {
    const chosen = await gameToResign(core, input);
    if (!chosen.ok) return chosen;
    const game = chosen.value;
    const side = sideOf(game, input.userId);
    if (!side) return notHere('game', game.id);
    if (game.status === 'finished') return fail('finished', 'error.gameAlreadyOver');
    return ok(await endGame(core, game, game.state, opponentOf(side), 'resigned', null));
  }, ending);
  return drawn(core, done);
}

/**
 * The id of the game `resign` would end, read outside its transaction; null when it would refuse.
 * So the chat can mark the board's delivery as begun before the resignation commits, as a click does.
 */
export async function resignedGame(core: ServiceCore, input: ResignInput): Promise<number | null> {
  const chosen = await gameToResign(core, input);
  return chosen.ok ? chosen.value.id : null;
}

async function gameToResign(core: ServiceCore, input: ResignInput): Promise<Outcome<GameRecord>> {
  if ('gameId' in input) {
    const game = await core.games.game(input.gameId);
    return game ? ok(game) : notHere('game', input.gameId);
  }
  const here = await core.games.activeGamesHere(input.channelId, input.userId);
  const [only, ...others] = here;
  if (only === undefined) return fail('not-found', 'error.noGameHere');
  if (others.length === 0) return ok(only);
  return fail('invalid', 'error.whichGame', { count: here.length });
}

/** A game still on; `where` a button was clicked, if one was: a game elsewhere is not the clicker's to know. */
async function liveGame(core: ServiceCore, gameId: number, where?: string): Promise<Outcome<GameRecord>> {
  const game = await core.games.game(gameId);
  if (!game || (where !== undefined && !isHere(where, game))) return notHere('game', gameId);
  if (game.status === 'finished') return fail('finished', 'error.gameOver');
  return ok(game);
}

/** The player's live games here (this thread, or started in this channel), whose label or id contains `typed`. */
export async function gamesHere(
  core: ServiceCore,
  input: ChoicesInput & { channelId: string },
): Promise<GameChoiceEntry[]> {
  return await choicesOf(core, await core.games.activeGamesHere(input.channelId, input.userId), input);
}

/** Games being played on this process's shard. */
export async function liveCount(core: ServiceCore): Promise<number> {
  return await core.games.liveGameCount();
}

/** Game ids where the bot is to act, in this process's servers (resumed at start-up). */
export async function botTurns(core: ServiceCore): Promise<number[]> {
  return await core.games.gamesAwaiting(core.botUserId);
}

/** Whether a game of this server is this process's: its chat message, deadlines and computer turns. */
export function ownedHere(core: ServiceCore, guildId: string): boolean {
  return serverOnShard(core.shard, guildId);
}

/** A change committed anywhere (the database's news): this process's kept copy, if older, is forgotten. */
export function changed(core: ServiceCore, change: GameChange): void {
  core.live.forgetBefore(change.gameId, change.version);
}

// A tournament moving on: started when its time comes (seeded by rating, round one paired), each
// round's games decided when its time limit runs out, the next round paired once every board is
// decided, and the podium when the last round is over. Each step is one transaction re-reading the
// tournament, so two runners (a restart, another process) never pair a round twice: the round's
// row is inserted only if the tournament is still at the round before (tournamentStore.openRound).
import type { EntrantRecord, PairingRecord, TournamentRecord } from '../db/tournamentStore.js';
import type { ServiceCore } from './core.js';
import { endGame, startGame } from './lifecycle.js';
import { TOURNAMENT_LIMITS } from './limits.js';
import { type FirstMoveRecord, NO_GAMES, withGame } from './tournament/firstMover.js';
import {
  type KnockoutBoard,
  firstKnockoutRound,
  knockoutRounds,
  nextKnockoutRound,
  withFirstMover,
} from './tournament/knockout.js';
import { roundTimeWinner } from './tournament/roundTime.js';
import { tieSeed } from './dice.js';
import { type SwissEntrant, pairKey, pairSwiss } from './tournament/swiss.js';
import { type Outcome, fail, ok } from './types.js';
import type { GameSnapshot } from './views.js';

/** What one step did, for the chat: games to post, games the time limit ended, and whether it is over. */
export interface TournamentStep {
  started: number[];
  ended: GameSnapshot[];
  closed: 'finished' | 'cancelled' | null;
}

/** Does whatever is due in a tournament now (nothing, if nothing is). */
export async function advanceTournament(core: ServiceCore, tournamentId: number): Promise<Outcome<TournamentStep>> {
  return core.transact(async (core) => {
    const t = await core.tournaments.tournament(tournamentId);
    if (!t) return fail('not-found', 'tournament.notFound');
    const step: TournamentStep = { started: [], ended: [], closed: null };
    if (t.status === 'open' && t.startsAt <= core.now()) await start(core, t, step);
    else if (t.status === 'running') await moveOn(core, t, step);
    return ok(step);
  });
}

async function start(core: ServiceCore, t: TournamentRecord, step: TournamentStep): Promise<void> {
  const entrants = await core.tournaments.entrants(t.id);
  if (entrants.length < TOURNAMENT_LIMITS.players.min) {
    await core.tournaments.cancel(t.id, core.now());
    await core.tournamentChanged(t.id);
    step.closed = 'cancelled';
    return;
  }
  await seed(core, t, entrants);
  const rounds = t.format === 'swiss' ? t.rounds : knockoutRounds(entrants.length);
  if (!(await core.tournaments.setRunning(t.id, rounds))) return;
  await pairRound(core, { ...t, status: 'running', rounds }, 1, step);
  await core.tournamentChanged(t.id);
}

/**
 * Seeds the field by the server's current-season rating (players without one at the starting
 * rating), then by who joined first.
 */
async function seed(core: ServiceCore, t: TournamentRecord, entrants: readonly EntrantRecord[]): Promise<void> {
  const season = await core.server.currentSeason(t.guildId);
  const rated: { e: EntrantRecord; rating: number }[] = [];
  for (const e of entrants) {
    rated.push({ e, rating: (await core.ratings.rating(t.guildId, season, e.userId))?.rating ?? INITIAL_SEED_RATING });
  }
  rated.sort((a, b) => b.rating - a.rating || a.e.joinedAt - b.e.joinedAt || (a.e.userId < b.e.userId ? -1 : 1));
  for (const [i, { e, rating }] of rated.entries()) await core.tournaments.seed(t.id, e.userId, rating, i + 1);
}

/** Glicko-2's starting rating: what a player with no rated game yet is seeded as. */
const INITIAL_SEED_RATING = 1500;

async function moveOn(core: ServiceCore, t: TournamentRecord, step: TournamentStep): Promise<void> {
  if (t.roundEndsAt !== null && t.roundEndsAt <= core.now()) await decideByRoundTime(core, t, step);
  const pairings = await core.tournaments.pairings(t.id);
  const current = pairings.filter((p) => p.round === t.round);
  if (current.some((p) => p.winnerId === null)) return;
  if (await isOver(core, t, current)) {
    if (await core.tournaments.finish(t.id, core.now())) step.closed = 'finished';
    await core.tournamentChanged(t.id);
    return;
  }
  await pairRound(core, t, t.round + 1, step);
  await core.tournamentChanged(t.id);
}

/** Swiss: its rounds are played, or fewer than two players are left; knockout: the final is decided. */
async function isOver(core: ServiceCore, t: TournamentRecord, current: readonly PairingRecord[]): Promise<boolean> {
  if (t.format === 'knockout') return current.length <= 1;
  const staying = (await core.tournaments.entrants(t.id)).filter((e) => e.leftRound === null).length;
  return t.round >= t.rounds || staying < 2;
}

/** Every undecided board of the round is decided by the position (tournament/roundTime.ts). */
async function decideByRoundTime(core: ServiceCore, t: TournamentRecord, step: TournamentStep): Promise<void> {
  for (const p of await core.tournaments.pairings(t.id)) {
    if (p.round !== t.round || p.winnerId !== null || p.gameId === null) continue;
    const game = await core.games.game(p.gameId);
    if (!game) throw new Error(`tournament ${t.id}'s board of game ${p.gameId} has no such game`);
    const side = roundTimeWinner(game.state, tieSeed(game));
    await core.tournaments.decide(p, game.seats[side], 'round-time');
    if (game.status === 'active') step.ended.push(await endGame(core, game, game.state, side, 'timeout', null));
  }
}

/** One board to open: two players (the first moves first), or one with a bye. */
type Board = KnockoutBoard;

async function pairRound(core: ServiceCore, t: TournamentRecord, round: number, step: TournamentStep): Promise<void> {
  const entrants = await core.tournaments.entrants(t.id);
  const pairings = await core.tournaments.pairings(t.id);
  const boards = t.format === 'swiss' ? swissBoards(entrants, pairings) : knockoutBoards(entrants, pairings, round);
  const now = core.now();
  if (!(await core.tournaments.openRound(t.id, round, now, now + t.roundMs))) return;
  const gone = new Set(entrants.filter((e) => e.leftRound !== null).map((e) => e.userId));
  const place = {
    guildId: t.guildId,
    channelId: t.channelId,
    messageId: null,
    lobbyMessageId: null,
    ruleset: t.ruleset,
    options: t.options,
    locale: t.locale,
  };
  for (const [i, b] of boards.entries()) {
    const key = { tournamentId: t.id, round, board: i + 1, firstId: b.first, secondId: b.second };
    if (b.second === null) {
      await core.tournaments.insertPairing({ ...key, gameId: null, winnerId: b.first, decidedBy: 'bye' });
    } else if (gone.has(b.first) || gone.has(b.second)) {
      // A knockout winner who has since left: the opponent goes through without a game.
      const winnerId = gone.has(b.first) && !gone.has(b.second) ? b.second : b.first;
      await core.tournaments.insertPairing({ ...key, gameId: null, winnerId, decidedBy: 'forfeit' });
    } else {
      const game = await startGame(core, place, b.first, b.second, null, { rated: t.rated });
      await core.tournaments.insertPairing({ ...key, gameId: game.id, winnerId: null, decidedBy: null });
      step.started.push(game.id);
    }
  }
}

/** Each player's first-move record from the boards played so far. */
function firstMoveRecords(pairings: readonly PairingRecord[]): Map<string, FirstMoveRecord> {
  const records = new Map<string, FirstMoveRecord>();
  const get = (id: string) => records.get(id) ?? NO_GAMES;
  for (const p of pairings) {
    if (p.secondId === null || p.gameId === null) continue;
    records.set(p.firstId, withGame(get(p.firstId), true));
    records.set(p.secondId, withGame(get(p.secondId), false));
  }
  return records;
}

function swissBoards(entrants: readonly EntrantRecord[], pairings: readonly PairingRecord[]): Board[] {
  const records = firstMoveRecords(pairings);
  const played = new Set(pairings.flatMap((p) => (p.secondId === null ? [] : [pairKey(p.firstId, p.secondId)])));
  const field: SwissEntrant[] = entrants
    .filter((e) => e.leftRound === null)
    .map((e) => ({
      id: e.userId,
      score: pairings.filter((p) => p.winnerId === e.userId).length,
      rating: e.rating ?? INITIAL_SEED_RATING,
      byes: pairings.filter((p) => p.secondId === null && p.firstId === e.userId).length,
      firstMoves: records.get(e.userId) ?? NO_GAMES,
    }));
  const round = pairSwiss(field, played);
  return [...round.pairs, ...(round.bye ? [{ first: round.bye, second: null }] : [])];
}

function knockoutBoards(
  entrants: readonly EntrantRecord[],
  pairings: readonly PairingRecord[],
  round: number,
): Board[] {
  const seeds = new Map(entrants.map((e, i) => [e.userId, e.seed ?? i + 1]));
  const records = firstMoveRecords(pairings);
  const raw =
    round === 1
      ? firstKnockoutRound(entrants.map((e) => e.userId))
      : nextKnockoutRound(pairings.flatMap((p) => (p.round === round - 1 && p.winnerId !== null ? [p.winnerId] : [])));
  return raw.map((b, i) =>
    withFirstMover(
      b,
      i,
      (id) => seeds.get(id) ?? Infinity,
      (id) => records.get(id) ?? NO_GAMES,
    ),
  );
}

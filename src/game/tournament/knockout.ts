// Single elimination. Players are seeded by rating (seed 1 the highest) into a bracket whose size is
// the next power of two; the missing seeds are byes, so they fall to the top seeds, and the bracket
// keeps seeds 1 and 2 apart until the final (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight). Each later round
// pairs the winners of neighbouring boards. Pure.
import { type FirstMoveRecord, NO_GAMES, higherMovesFirst } from './firstMover.js';

/**
 * Bracket size for `players` entrants: the next power of two (at least 2).
 * @internal
 */
export function bracketSize(players: number): number {
  let size = 2;
  while (size < players) size *= 2;
  return size;
}

/** Rounds a knockout of `players` takes. */
export const knockoutRounds = (players: number): number => Math.log2(bracketSize(players));

/**
 * The seeds (1-based) in bracket order, for a bracket of `size` (a power of two).
 * @internal
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((seed) => [seed, n + 1 - seed]);
  }
  return order;
}

/** One board of a knockout round: two players, or one with a bye (`second` null). */
export interface KnockoutBoard {
  first: string;
  second: string | null;
}

/**
 * Round one: `seeded` ids, best seed first. Byes go to the seeds whose bracket opponent does not
 * exist. The better seed is listed first; who actually moves first is settled by `withFirstMover`.
 */
export function firstKnockoutRound(seeded: readonly string[]): KnockoutBoard[] {
  const order = bracketOrder(bracketSize(seeded.length));
  const boards: KnockoutBoard[] = [];
  const seed = (place: number | undefined): string | null => (place === undefined ? null : (seeded[place - 1] ?? null));
  for (const [x, y] of twoByTwo(order)) {
    const a = seed(x);
    const b = seed(y);
    const [first, second] = a === null ? [b, null] : [a, b];
    if (first !== null) boards.push({ first, second });
  }
  return boards;
}

/**
 * The next round from the last one's winners in board order (winners of boards 1 and 2 meet, 3
 * and 4, …). A lone winner left over (nothing to pair with) has a bye.
 */
export function nextKnockoutRound(winners: readonly string[]): KnockoutBoard[] {
  return twoByTwo(winners).map(([first, second]) => ({ first, second: second ?? null }));
}

/** Neighbours two by two, in order: [a, b], [c, d], …, and an odd last one with no partner. */
function twoByTwo<T>(items: readonly T[]): [T, T | undefined][] {
  const pairs: [T, T | undefined][] = [];
  items.forEach((item, i) => {
    if (i % 2 === 0) pairs.push([item, items[i + 1]]);
  });
  return pairs;
}

/**
 * Who moves first on a board: the player who has begun less often; with equal records, the better
 * seed (`seedOf`: lower is better) on even boards and the other on odd ones.
 */
export function withFirstMover(
  board: KnockoutBoard,
  index: number,
  seedOf: (id: string) => number,
  recordOf: (id: string) => FirstMoveRecord = () => NO_GAMES,
): KnockoutBoard {
  if (board.second === null) return board;
  const [higher, lower] =
    seedOf(board.first) <= seedOf(board.second) ? [board.first, board.second] : [board.second, board.first];
  return higherMovesFirst(recordOf(higher), recordOf(lower), index)
    ? { first: higher, second: lower }
    : { first: lower, second: higher };
}

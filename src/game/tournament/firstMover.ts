// Who moves first in a pairing. Moving first is Senet's "white": the side the rules let begin. Over
// an event each player should begin about as often as they follow, as chess tournaments balance
// colours, so a pairing gives the first move to whoever has begun less often so far.

/** A player's first-move record so far in the event. */
export interface FirstMoveRecord {
  /** Games (not byes) in which the player moved first. */
  firsts: number;
  /** Games in which the player moved second. */
  seconds: number;
  /** Whether the player moved first in their latest game; null before their first game. */
  lastFirst: boolean | null;
}

export const NO_GAMES: FirstMoveRecord = { firsts: 0, seconds: 0, lastFirst: null };

/** firsts − seconds: positive when the player has begun more often than followed. */
export const balanceOf = (r: FirstMoveRecord): number => r.firsts - r.seconds;

/**
 * Whether `higher` (the better-ranked player of the pair) moves first. The lower balance begins;
 * with equal balances, whoever followed in their latest game begins; with equal histories too
 * (round one), the board number alternates it, so the top half does not always begin.
 */
export function higherMovesFirst(higher: FirstMoveRecord, lower: FirstMoveRecord, board: number): boolean {
  const diff = balanceOf(higher) - balanceOf(lower);
  if (diff !== 0) return diff < 0;
  if (higher.lastFirst !== lower.lastFirst && higher.lastFirst !== null && lower.lastFirst !== null) {
    return !higher.lastFirst;
  }
  return board % 2 === 0;
}

/** The record after one more game. */
export function withGame(r: FirstMoveRecord, first: boolean): FirstMoveRecord {
  return first
    ? { firsts: r.firsts + 1, seconds: r.seconds, lastFirst: true }
    : { firsts: r.firsts, seconds: r.seconds + 1, lastFirst: false };
}

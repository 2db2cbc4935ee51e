// Small pure questions about the internal board (Uint8Array, index 1..30; 0 empty, 1 W, 2 B).
// "Consecutive" is along the path, so 10/11 and 20/21, which touch at the board's turns, count; squares facing
// each other across the rows (6 over 15, 16 over 25) do not (docs/rules: K6, R4).

/** How many pawns of `side` stand in an unbroken line through `square`, skipping none of `noRun`. */
export function runThrough(board: Uint8Array, square: number, side: number, noRun: Uint8Array): number {
  if (board[square] !== side || noRun[square]) return 0;
  let run = 1;
  for (let s = square - 1; s >= 1 && board[s] === side && !noRun[s]; s--) run++;
  for (let s = square + 1; s <= 30 && board[s] === side && !noRun[s]; s++) run++;
  return run;
}

/** The first empty square from `square` going up (towards 30) or down (towards 1), or -1. */
export function firstFree(board: Uint8Array, square: number, search: 'up' | 'down'): number {
  const step = search === 'up' ? 1 : -1;
  for (let s = square; s >= 1 && s <= 30; s += step) if (board[s] === 0) return s;
  return -1;
}

/** Whether every pawn of `side` still in play stands on the third row (21-30) and none waits. */
export function allOnLastRow(board: Uint8Array, waiting: readonly number[], side: number): boolean {
  if (waiting[side]! > 0) return false;
  for (let s = 1; s <= 20; s++) if (board[s] === side) return false;
  return true;
}

/** A set of squares as flags indexed by square, for constant-time checks in the hot path. */
export function squareFlags(squares: readonly number[]): Uint8Array {
  const flags = new Uint8Array(32);
  for (const s of squares) flags[s] = 1;
  return flags;
}

/** The board as games store it: 30 characters, square 1 first, `W`, `B` or `.`. */
export function boardString(board: Uint8Array): string {
  let out = '';
  for (let s = 1; s <= 30; s++) out += board[s] === 1 ? 'W' : board[s] === 2 ? 'B' : '.';
  return out;
}

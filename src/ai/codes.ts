// Actions as small integers on the engine's fast Position, so the search allocates no action
// objects: a pawn move is the engine's move code (from * 32 + to, never negative), and the two
// other actions get negative codes.
import { type Action, type Position, moveFrom, moveTo } from '../engine/index.js';

export const TAKE = -1;
export const THROW = -2;

/** Every legal action now, encoded, in the engine's button order: pawn moves, take, throw. */
export function legalCodes(pos: Position, out: number[]): number[] {
  pos.moves(out);
  if (pos.canTake()) out.push(TAKE);
  if (pos.canThrow()) out.push(THROW);
  return out;
}

/** Apply an encoded action; a throw comes from the position's own seeded sticks. */
export function playCode(pos: Position, code: number): void {
  if (code === THROW) pos.throwSticks();
  else if (code === TAKE) pos.take();
  else pos.play(code);
}

export function codeToAction(code: number): Action {
  if (code === THROW) return { type: 'throw' };
  if (code === TAKE) return { type: 'take' };
  return { type: 'move', from: moveFrom(code), to: moveTo(code) };
}

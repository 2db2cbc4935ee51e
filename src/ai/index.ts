// The computer player. Pure: it sees the state, a strength and a seed; no I/O, clock or Math.random.
import { type Action, type GameState, toPosition } from '../engine/index.js';
import { chooseCode, type Strength } from './choose.js';
import { codeToAction } from './codes.js';

export type { Strength } from './choose.js';
export { STRENGTHS, strengthOf } from './choose.js';
export { decisionSeed } from './selfplay.js';

/**
 * The action the computer plays in `state`: always one of `legalActions(state)`, and the same
 * one every time for the same state, strength and seed. Throws if the state has no legal action
 * (finished or invalid): the caller should not ask then.
 */
export function chooseAction(state: GameState, strength: Strength, seed: number): Action {
  const found = toPosition(state);
  if (!found.ok) throw new Error(`chooseAction: ${found.error}`);
  const pos = found.value;
  pos.events = null; // the search copies this position; it needs no event log
  return codeToAction(chooseCode(pos, strength, seed));
}

/** W's chance of winning from a position (for a game review: after every action, on `toPosition(state)`). */
export { winChance } from './winChance.js';

// The learned evaluation: the chance that light (W) wins from a position. A logistic model fitted
// to self-play outcomes (`npm run fit-eval`, weights in winWeights.ts) turns the hand-written
// score (evaluate.ts, squares of progress) into a probability, weighing a lead by how much of the
// race is left: early on a lead of ten squares is worth little, near the end it decides. Expert
// scores the leaves of its search with it, and a game review can show it after every action.
// Features are taken from the side to move's point of view, so one weight vector serves both
// sides; the constant feature is what having the throw is worth. (A model over a dozen separate
// features (threats, guarded pawns, contact…) fitted to medium's games played worse: 46 % against
// hard where this one won 56 %, pennsic, 300 games each.)
import { type Position, type Rules } from '../engine/index.js';
import { evaluate, squareSum } from './evaluate.js';
import { WIN_WEIGHTS } from './winWeights.js';

export const FEATURE_NAMES = ['throw in hand', 'scaled score'] as const;

export const FEATURE_COUNT = FEATURE_NAMES.length;

/** The features of `pos` from the side to move's point of view, written into `out` (FEATURE_COUNT long). */
export function features(pos: Position, out: Float64Array): void {
  const mover = pos.turn;
  const left = 2 * pos.rules.pawns * 31 - progress(pos, 1) - progress(pos, 2);
  // Hard's evaluation (squares of progress, threats, the water), for the side to move.
  const score = mover === 1 ? evaluate(pos) : -evaluate(pos);
  out[0] = 1;
  // As in a race, whose spread of outcomes grows with the square root of the squares left to run.
  // (A weight of its own for the unscaled score fitted below zero early in kendall: the model
  // then preferred to fall behind.)
  out[1] = score / Math.sqrt(left + 31);
}

function progress(pos: Position, side: 1 | 2): number {
  return squareSum(pos.pawnBits(side)) + pos.off[side]! * 31;
}

/** Fitted weights per rule configuration (weightsKey), each in the order of FEATURE_NAMES. */
export type WinWeights = Readonly<Record<string, readonly number[]>>;

/** The key of a rule configuration's weights. */
export function weightsKey(rules: Rules): string {
  return `${rules.id}-${rules.pawns}`;
}

/** The fitted weights for a rule configuration: its rule set and pawn count, or the rule set's defaults. */
function weightsFor(table: WinWeights, rules: Rules): readonly number[] {
  const weights = table[weightsKey(rules)] ?? table[`${rules.id}-5`];
  if (!weights) throw new Error(`winChance: no fitted weights for ${rules.id}`);
  return weights;
}

const scratch = new Float64Array(FEATURE_COUNT);

/**
 * The chance (0..1) that W, the light side, wins from `pos` with both sides playing well (as the
 * self-play the model was fitted to). A finished game is 1 or 0. B's chance is 1 minus this.
 * `table`: the weights to score with (the fitting tool's later rounds pass the last round's).
 */
export function winChance(pos: Position, table: WinWeights = WIN_WEIGHTS): number {
  if (pos.winner) return pos.winner === 1 ? 1 : 0;
  features(pos, scratch);
  const weights = weightsFor(table, pos.rules);
  let z = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) z += weights[i]! * scratch[i]!;
  const forMover = 1 / (1 + Math.exp(-z));
  return pos.turn === 1 ? forMover : 1 - forMover;
}

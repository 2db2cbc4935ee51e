// Picking an action on the engine's fast Position: the one place where the three strengths differ.
import type { Position } from '../engine/index.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { legalCodes } from './codes.js';
import { type SearchStats, scoreActions } from './search.js';

export type Strength = 'easy' | 'medium' | 'hard';

export const STRENGTHS: readonly Strength[] = ['easy', 'medium', 'hard'];

/**
 * Throws searched after the current turn: medium is greedy (none), hard looks at its move, the
 * opponent's reply and its own next move, with a chance node for each throw between them.
 */
const BUDGET: Record<Exclude<Strength, 'easy'>, number> = { medium: 0, hard: 2 };

/** Scores this close count as equal; the seed then decides, so play is varied but reproducible. */
const TIE = 1e-9;

/**
 * The encoded action `strength` plays in `pos` (see codes.ts), deterministic for `seed`.
 * Throws when there is nothing to do (the game is over): asking then is the caller's mistake.
 */
export function chooseCode(pos: Position, strength: Strength, seed: number, stats?: SearchStats): number {
  const codes = legalCodes(pos, []);
  if (codes.length === 0) throw new Error('chooseCode: no legal action (is the game over?)');
  if (codes.length === 1) return codes[0]!;
  if (strength === 'easy') return pick(codes, seed);
  const scores = scoreActions(pos, codes, BUDGET[strength], stats);
  const sign = pos.turn === 1 ? 1 : -1;
  const best = Math.max(...scores.map((s) => sign * s));
  return pick(codes.filter((_, i) => sign * scores[i]! >= best - TIE), seed);
}

function pick(codes: readonly number[], seed: number): number {
  return codes[uniformInt(xoroshiro128plus(seed | 0), 0, codes.length - 1)]!;
}

// Picking an action on the engine's fast Position: the one place where the three strengths differ.
import type { Position } from '../engine/index.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { legalCodes } from './codes.js';
import { EXPERT_TIE, expertScores } from './expert.js';
import { type SearchStats, scoreActions } from './search.js';

export type Strength = 'easy' | 'medium' | 'hard' | 'expert';

export const STRENGTHS: readonly Strength[] = ['easy', 'medium', 'hard', 'expert'];

/** The strength a stored or typed name stands for, or null if it names none. */
export function strengthOf(name: string | null | undefined): Strength | null {
  return STRENGTHS.find((strength) => strength === name) ?? null;
}

/**
 * Hard's search: at least two throws after the current turn (its move, the opponent's reply and
 * its own next move, with a chance node for each throw between them). Where that was cheap (few
 * pawns or few legal moves, as in most endgames) it searches one throw deeper, and again, while
 * the next search is expected to stay within NODE_LIMIT positions. The limit counts positions,
 * not time, so the choice stays deterministic; one more throw costs about GROWTH times as many.
 */
const HARD_BUDGET = 2;
const MAX_BUDGET = 4;
const NODE_LIMIT = 8000;
const GROWTH = 15;

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
  const scores =
    strength === 'medium'
      ? scoreActions(pos, codes, 0, stats)
      : strength === 'hard'
        ? deepening(pos, codes, stats)
        : expertScores(pos, codes, stats);
  const tie = strength === 'expert' ? EXPERT_TIE : TIE;
  const sign = pos.turn === 1 ? 1 : -1;
  const best = Math.max(...scores.map((s) => sign * s));
  return pick(
    codes.filter((_, i) => sign * scores[i]! >= best - tie),
    seed,
  );
}

/** Hard's scores: searched with HARD_BUDGET, then deeper while the next search looks affordable. */
function deepening(pos: Position, codes: readonly number[], stats?: SearchStats): number[] {
  let budget = HARD_BUDGET;
  let searched: SearchStats = { nodes: 0 };
  let scores = scoreActions(pos, codes, budget, searched);
  while (budget < MAX_BUDGET && searched.nodes * GROWTH <= NODE_LIMIT) {
    if (stats) stats.nodes += searched.nodes;
    budget++;
    searched = { nodes: 0 };
    scores = scoreActions(pos, codes, budget, searched);
  }
  if (stats) stats.nodes += searched.nodes;
  return scores;
}

function pick(codes: readonly number[], seed: number): number {
  return codes[uniformInt(xoroshiro128plus(seed | 0), 0, codes.length - 1)]!;
}

// Expert's search: expectiminimax like hard's (search.ts), but over W's chance of winning
// (winChance.ts) instead of squares of progress, with alpha-beta windows at the choice nodes and
// Star1 pruning at the chance nodes (Ballard 1983): a chance value lies in [0, 1], so once the
// outcomes seen so far prove it outside the window, the rest are skipped. The root deepens one
// throw at a time within a node budget (deterministic, unlike a time budget), searching the
// actions in the order the last depth ranked them so the windows close early.
import { MAX_MOVES, type Position, type Rules } from '../engine/index.js';
import { TAKE, THROW } from './codes.js';
import { type Outcome, type SearchStats, outcomesFor as throwOutcomes } from './search.js';
import { type WinWeights, winChance } from './winChance.js';
import { WIN_WEIGHTS } from './winWeights.js';

const outcomesCache = new WeakMap<Rules, Outcome[]>();

/** Hard's throw outcomes, likeliest first: they narrow the Star1 window fastest. */
function outcomesFor(rules: Rules): Outcome[] {
  let outcomes = outcomesCache.get(rules);
  if (!outcomes) {
    outcomes = [...throwOutcomes(rules)].sort((a, b) => b.chance - a.chance);
    outcomesCache.set(rules, outcomes);
  }
  return outcomes;
}

/** Scores closer than this count as equal (the caller's seed then picks among them). */
export const EXPERT_TIE = 1e-9;

/** Expert's limits: the deepest search, and the positions one decision may visit (about 3,500 a millisecond here). */
const MAX_BUDGET = 6;
const EXPERT_NODES = 30_000;
/** One more throw costs about this many times the positions of the last depth. */
const GROWTH = 8;

/**
 * W's chance of winning after each action in `codes` (legal in `pos`): exact for the best action
 * (and any tied with it), an upper bound for W's worse actions, a lower bound for B's. Deepens
 * while the next depth is expected to fit within `nodeLimit` positions.
 */
export function expertScores(
  pos: Position,
  codes: readonly number[],
  stats?: SearchStats,
  nodeLimit = EXPERT_NODES,
): number[] {
  const search = new ExpertSearch(pos, outcomesFor(pos.rules), WIN_WEIGHTS);
  let order = codes.map((_, i) => i);
  let scores: number[] = [];
  for (let budget = 1; budget <= MAX_BUDGET; budget++) {
    const before = search.nodes;
    scores = search.root(pos, codes, order, budget);
    const used = search.nodes - before;
    const maximise = pos.turn === 1;
    order = [...order].sort((a, b) => (maximise ? scores[b]! - scores[a]! : scores[a]! - scores[b]!) || a - b);
    if (search.nodes + used * GROWTH > nodeLimit) break;
  }
  if (stats) stats.nodes += search.nodes;
  return scores;
}

/**
 * W's chance after the side to move in `pos` throws, searched `budget` throws further and scored
 * with `weights` (the fitting tool's targets, scored with its last round's weights).
 */
export function searchedChance(pos: Position, budget: number, weights: WinWeights): number {
  return new ExpertSearch(pos, outcomesFor(pos.rules), weights).throwValue(pos, budget);
}

class ExpertSearch {
  nodes = 0;
  private readonly scratch: Position[] = [];
  private readonly lists: Uint16Array[] = [];

  constructor(
    private readonly start: Position,
    private readonly outcomes: Outcome[],
    private readonly weights: WinWeights,
  ) {}

  private copy(pos: Position, depth: number): Position {
    return (this.scratch[depth] ??= this.start.clone()).copyFrom(pos);
  }

  throwValue(pos: Position, budget: number): number {
    return this.chance(pos, budget, 0, 0, 1);
  }

  /** Every root action's value, in `order`; a worse action only needs to be shown worse. */
  root(pos: Position, codes: readonly number[], order: readonly number[], budget: number): number[] {
    const scores = new Array<number>(codes.length).fill(0);
    const maximise = pos.turn === 1;
    let best = maximise ? 0 : 1;
    for (const i of order) {
      const alpha = maximise ? best - EXPERT_TIE : 0;
      const beta = maximise ? 1 : best + EXPERT_TIE;
      const v = this.action(pos, codes[i]!, budget, 0, alpha, beta);
      scores[i] = v;
      best = maximise ? Math.max(best, v) : Math.min(best, v);
    }
    return scores;
  }

  /** The value of playing `code` in `pos` (the current turn's throw spends no budget, as in hard's search). */
  private action(pos: Position, code: number, budget: number, depth: number, alpha: number, beta: number): number {
    if (code === THROW) return this.chance(pos, budget, depth, alpha, beta);
    const child = this.copy(pos, depth);
    if (code === TAKE) child.take();
    else child.play(code);
    return this.value(child, budget, depth + 1, alpha, beta);
  }

  /** Fail-soft alpha-beta over the side to move's options. */
  private value(pos: Position, budget: number, depth: number, alpha: number, beta: number): number {
    this.nodes++;
    if (pos.phase === 'over' || (pos.phase === 'throw' && budget === 0)) return winChance(pos, this.weights);
    const moves = (this.lists[depth] ??= new Uint16Array(MAX_MOVES));
    const count = pos.listMoves(moves);
    const canTake = pos.canTake();
    const options = count + (canTake ? 1 : 0) + (pos.canThrow() ? 1 : 0);
    const maximise = pos.turn === 1;
    let best = maximise ? -1 : 2;
    for (let i = 0; i < options; i++) {
      let v: number;
      if (i < count) v = this.action(pos, moves[i]!, budget, depth, alpha, beta);
      else if (canTake && i === count) v = this.action(pos, TAKE, budget, depth, alpha, beta);
      else v = this.chance(pos, budget - 1, depth, alpha, beta);
      if (maximise) {
        if (v > best) best = v;
        if (best > alpha) alpha = best;
      } else {
        if (v < best) best = v;
        if (best < beta) beta = best;
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  /** Star1: the expected value of throwing, cut off once the outcomes so far settle it against the window. */
  private chance(pos: Position, budget: number, depth: number, alpha: number, beta: number): number {
    const outcomes = this.outcomes;
    let sum = 0;
    let left = 1;
    for (let i = 0; i < outcomes.length; i++) {
      const { chance, source } = outcomes[i]!;
      left -= chance;
      // The child's window: beyond it, even the best (1) or worst (0) for the rest decides.
      const low = (alpha - sum - left) / chance;
      const high = (beta - sum) / chance;
      if (low >= 1) return sum + chance + left;
      if (high <= 0) return sum;
      const child = this.copy(pos, depth);
      child.throwSticks(source);
      const v = this.value(child, budget, depth + 1, Math.max(low, 0), Math.min(high, 1));
      sum += chance * v;
      if (v >= high) return sum; // a lower bound, at least beta
      if (v <= low) return sum + left; // an upper bound, at most alpha
    }
    return sum;
  }
}

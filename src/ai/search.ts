// Expectiminimax over the engine's own Position: every step (moves, throws, passes, extra
// throws, square effects, offers) is played by the engine, so the search knows no rule itself.
// Values are from W's point of view: W's choices maximise, B's minimise, throws average over
// the throw table's chances. Who chooses is read from `pos.turn` after every step, since extra
// throws and passes decide whether the same side moves again.
import {
  MAX_MOVES,
  type Position,
  type Rules,
  type ThrowSource,
  sticksFor,
  throwDistribution,
} from '../engine/index.js';
import { TAKE, THROW } from './codes.js';
import { evaluate } from './evaluate.js';

export interface Outcome {
  chance: number;
  /** Sticks that show this value, so the engine's own throw code puts it in play. */
  source: ThrowSource;
}

const outcomesCache = new WeakMap<Rules, Outcome[]>();

/** The distinct throw values with their chances (values a table repeats are merged). */
export function outcomesFor(rules: Rules): Outcome[] {
  let outcomes = outcomesCache.get(rules);
  if (!outcomes) {
    const byValue = new Map<number, number>();
    for (const { value, chance } of throwDistribution(rules.throwTable))
      byValue.set(value, (byValue.get(value) ?? 0) + chance);
    outcomes = [...byValue].map(([value, chance]) => {
      const sticks = sticksFor(rules.throwTable, value);
      return { chance, source: { sticks: () => sticks } };
    });
    outcomesCache.set(rules, outcomes);
  }
  return outcomes;
}

/** Counts positions visited, for the benchmark. */
export interface SearchStats {
  nodes: number;
}

/**
 * The value of each action in `codes` (legal in `pos`), searching `budget` further throws after
 * the current turn's own throw. Budget 0 is a greedy player: it looks at the result of its own
 * move (and, when it may choose between throwing and another action, at every throw it could get).
 */
export function scoreActions(pos: Position, codes: readonly number[], budget: number, stats?: SearchStats): number[] {
  const search = new Search(pos, outcomesFor(pos.rules), stats ?? { nodes: 0 });
  // The current throw belongs to this turn, like the move that follows it: throwing now spends
  // no budget, so throwing and a move instead of throwing are compared over the same horizon.
  return codes.map((code) => (code === THROW ? search.chance(pos, budget, 0) : search.after(pos, code, budget, 0)));
}

/**
 * One search. Nothing here changes the position it is given: each step is played on a copy in the
 * scratch position of its depth (one per depth, reused), so the search allocates no positions.
 */
class Search {
  /** Per depth: the scratch position a step is played on, and a move list. */
  private readonly scratch: Position[] = [];
  private readonly lists: Uint16Array[] = [];

  constructor(
    private readonly root: Position,
    private readonly outcomes: Outcome[],
    private readonly stats: SearchStats,
  ) {}

  /** A copy of `pos` in the scratch position of `depth`. */
  private copy(pos: Position, depth: number): Position {
    return (this.scratch[depth] ??= this.root.clone()).copyFrom(pos);
  }

  /** The value of `pos`. Its options in the engine's button order: pawn moves, taking an offered throw, throwing. */
  value(pos: Position, budget: number, depth: number): number {
    this.stats.nodes++;
    if (pos.phase === 'over' || (pos.phase === 'throw' && budget === 0)) return evaluate(pos);
    const moves = (this.lists[depth] ??= new Uint16Array(MAX_MOVES));
    const count = pos.listMoves(moves);
    const canTake = pos.canTake();
    const options = count + (canTake ? 1 : 0) + (pos.canThrow() ? 1 : 0);
    const maximise = pos.turn === 1;
    let best = maximise ? -Infinity : Infinity;
    for (let i = 0; i < options; i++) {
      let v: number;
      if (i < count) v = this.after(pos, moves[i]!, budget, depth);
      else if (canTake && i === count) v = this.after(pos, TAKE, budget, depth);
      else v = this.chance(pos, budget - 1, depth);
      best = maximise ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  }

  /** The value after playing the move or take `code` on `pos`. */
  after(pos: Position, code: number, budget: number, depth: number): number {
    const child = this.copy(pos, depth);
    if (code === TAKE) child.take();
    else child.play(code);
    return this.value(child, budget, depth + 1);
  }

  /** The expected value of throwing the sticks in `pos`. */
  chance(pos: Position, budget: number, depth: number): number {
    const outcomes = this.outcomes;
    let expected = 0;
    for (let i = 0; i < outcomes.length; i++) {
      const outcome = outcomes[i]!;
      const child = this.copy(pos, depth);
      child.throwSticks(outcome.source);
      expected += outcome.chance * this.value(child, budget, depth + 1);
    }
    return expected;
  }
}

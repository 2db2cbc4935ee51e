// Expectiminimax over the engine's own Position: every step (moves, throws, passes, extra
// throws, square effects, offers) is played by the engine, so the search knows no rule itself.
// Values are from W's point of view: W's choices maximise, B's minimise, throws average over
// the throw table's chances. Who chooses is read from `pos.turn` after every step, since extra
// throws and passes decide whether the same side moves again.
import { type Position, type Rules, type ThrowSource, sticksFor, throwDistribution } from '../engine/index.js';
import { TAKE, THROW, legalCodes } from './codes.js';
import { evaluate } from './evaluate.js';

interface Outcome {
  chance: number;
  /** Sticks that show this value, so the engine's own throw code puts it in play. */
  source: ThrowSource;
}

const outcomesCache = new WeakMap<Rules, Outcome[]>();

/** The distinct throw values with their chances (values a table repeats are merged). */
function outcomesFor(rules: Rules): Outcome[] {
  let outcomes = outcomesCache.get(rules);
  if (!outcomes) {
    const byValue = new Map<number, number>();
    for (const { value, chance } of throwDistribution(rules.throwTable)) byValue.set(value, (byValue.get(value) ?? 0) + chance);
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
  const search = new Search(outcomesFor(pos.rules), stats ?? { nodes: 0 });
  // The current throw belongs to this turn, like the move that follows it: throwing now spends
  // no budget, so throwing and a move instead of throwing are compared over the same horizon.
  return codes.map((code) => (code === THROW ? search.chance(pos.clone(), budget) : search.after(pos.clone(), code, budget)));
}

class Search {
  constructor(
    private readonly outcomes: Outcome[],
    private readonly stats: SearchStats,
  ) {}

  /** The value of `pos` (which this call may change: callers pass a copy they no longer need). */
  value(pos: Position, budget: number): number {
    this.stats.nodes++;
    if (pos.phase === 'over' || (pos.phase === 'throw' && budget === 0)) return evaluate(pos);
    const codes = legalCodes(pos, []);
    const maximise = pos.turn === 1;
    let best = maximise ? -Infinity : Infinity;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const child = i === codes.length - 1 ? pos : pos.clone();
      const v = code === THROW ? this.chance(child, budget - 1) : this.after(child, code, budget);
      best = maximise ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  }

  /** The value after playing the move or take `code` on `pos`. */
  after(pos: Position, code: number, budget: number): number {
    if (code === TAKE) pos.take();
    else pos.play(code);
    return this.value(pos, budget);
  }

  /** The expected value of throwing the sticks in `pos`. */
  chance(pos: Position, budget: number): number {
    const outcomes = this.outcomes;
    let expected = 0;
    for (let i = 0; i < outcomes.length; i++) {
      const outcome = outcomes[i]!;
      const child = i === outcomes.length - 1 ? pos : pos.clone();
      child.throwSticks(outcome.source);
      expected += outcome.chance * this.value(child, budget);
    }
    return expected;
  }
}

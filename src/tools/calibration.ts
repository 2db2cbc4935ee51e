// Whether a win-chance estimate is honest: on held-out self-play games, do positions it calls p
// end in a win about p of the time? Positions are sampled where the side to move is about to
// throw; each is labelled with whether the light side (W) went on to win. The measures: a
// reliability table by decile of the prediction, and the Brier score (mean squared error of the
// prediction against the outcome) beside the baseline that always says W's win rate in that rule
// configuration (its first-player edge), measured on other games. Used by `npm run calibrate`
// (docs/calibration.md) and by the test that holds the committed model to beating the baseline.
import { type Strength } from '../ai/index.js';
import { decisionSeed, playGame } from '../ai/selfplay.js';
import type { Position, Rules } from '../engine/index.js';
import { mix32 } from '../lib/hash.js';

export interface Prediction {
  /** The predicted chance that W wins. */
  p: number;
  won: boolean;
}

export interface Bin {
  /** The decile: predictions in [from, to) (the last one includes 1). */
  from: number;
  to: number;
  count: number;
  meanPredicted: number;
  /** The share of those positions that W went on to win; NaN for an empty bin. */
  observed: number;
}

/** Held-out games use seeds of their own, far from those any fitting run counts up from. */
const HELD_OUT_SALT = 0xca1b_0000;
const BASELINE_SALT = 0xba5e_0000;

export interface SampleOptions {
  rules: Rules;
  games: number;
  players: Strength;
  /** Sample one throw position in this many (neighbouring positions tell almost the same). */
  every: number;
}

/** Predictions at sampled positions of `games` held-out games, with their outcomes. */
export function heldOutPredictions(options: SampleOptions, chance: (pos: Position) => number): Prediction[] {
  const predictions: Prediction[] = [];
  for (let game = 0; game < options.games; game++) {
    const seed = mix32(HELD_OUT_SALT, game);
    const sampled: number[] = [];
    const { winner } = playGame({
      rules: options.rules,
      seed,
      players: { W: options.players, B: options.players },
      observe: (_events, pos) => {
        if (pos.phase !== 'throw' || pos.winner) return;
        if ((decisionSeed(seed ^ 0x5a3e, pos.ply) >>> 0) % options.every !== 0) return;
        sampled.push(chance(pos));
      },
    });
    if (!winner) throw new Error(`held-out game ${seed} did not finish`);
    for (const p of sampled) predictions.push({ p, won: winner === 'W' });
  }
  return predictions;
}

/** W's share of wins over `games` other games: the baseline's constant prediction. */
export function baselineRate(options: Omit<SampleOptions, 'every'>): number {
  let wins = 0;
  for (let game = 0; game < options.games; game++) {
    const { winner } = playGame({
      rules: options.rules,
      seed: mix32(BASELINE_SALT, game),
      players: { W: options.players, B: options.players },
    });
    if (winner === 'W') wins++;
  }
  return wins / Math.max(1, options.games);
}

/** Mean squared error of the predictions (or of always saying `constant`) against the outcomes. */
export function brier(predictions: readonly Prediction[], constant?: number): number {
  let sum = 0;
  for (const { p, won } of predictions) sum += ((constant ?? p) - (won ? 1 : 0)) ** 2;
  return sum / Math.max(1, predictions.length);
}

/** The predictions by decile: how many, what they said on average, how often W then won. */
export function reliability(predictions: readonly Prediction[], bins = 10): Bin[] {
  const table = Array.from({ length: bins }, (_, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    count: 0,
    sum: 0,
    wins: 0,
  }));
  for (const { p, won } of predictions) {
    const bin = table[Math.min(bins - 1, Math.floor(p * bins))]!;
    bin.count++;
    bin.sum += p;
    if (won) bin.wins++;
  }
  return table.map(({ from, to, count, sum, wins }) => ({
    from,
    to,
    count,
    meanPredicted: count ? sum / count : NaN,
    observed: count ? wins / count : NaN,
  }));
}

/** The largest gap between predicted and observed among deciles holding at least `minCount` positions. */
export function worstGap(table: readonly Bin[], minCount: number): number {
  return Math.max(0, ...table.filter((b) => b.count >= minCount).map((b) => Math.abs(b.meanPredicted - b.observed)));
}

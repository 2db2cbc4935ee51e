// Whether a win-chance estimate is honest: on held-out self-play games, do positions it calls p
// end in a win about p of the time? Positions are sampled where the side to move is about to
// throw; each is labelled with whether the light side (W) went on to win. The measures: a
// reliability table by decile of the prediction, and the Brier score (mean squared error of the
// prediction against the outcome) beside the baseline that always says W's win rate in that rule
// configuration (its first-player edge, from the balance report). The held-out games are committed
// (test/fixtures/held-out.json), so `npm run calibrate` (docs/calibration.md) and the test that
// holds the committed model to beating the baseline measure the same thing.
import { decisionSeed } from '../ai/selfplay.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOURNAMENT_CONFIGS } from '../ai/configs.js';
import {
  type Action,
  type GameRecord,
  type GameState,
  applyAction,
  legalActions,
  newGame,
  replaySteps,
} from '../engine/index.js';
import { mix32 } from '../lib/hash.js';
import { unwrap } from '../lib/result.js';
import { actionProblemText, replayErrorText } from '../i18n/actionProblems.js';

export interface Prediction {
  /** The predicted chance that W wins. */
  p: number;
  won: boolean;
  /** Which game the position comes from (its index among the records). */
  game: number;
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

/** Whether the position at `ply` of game `seed` is sampled: one throw position in `every`, spread by a hash. */
const isSampled = (seed: number, ply: number, every: number): boolean =>
  (decisionSeed(seed ^ 0x5a3e, ply) >>> 0) % every === 0;

/** Predictions at sampled positions of stored finished games, with their outcomes. */
export function recordPredictions(
  records: readonly GameRecord[],
  every: number,
  chance: (state: GameState) => number,
): Prediction[] {
  const predictions: Prediction[] = [];
  for (const [game, record] of records.entries()) {
    const walked = replaySteps(record);
    if (!walked.ok) throw new Error(`stored game ${record.seed}: ${replayErrorText(walked.error)}`);
    const sampled: number[] = [];
    for (const { before } of walked.value.steps) {
      if (before.phase === 'throw' && isSampled(record.seed, before.ply, every)) sampled.push(chance(before));
    }
    const state = walked.value.steps.at(-1)?.after ?? walked.value.start;
    if (state.winner === null) throw new Error(`stored game ${record.seed} does not end`);
    const won = state.winner === 'W';
    for (const p of sampled) predictions.push({ p, won, game });
  }
  return predictions;
}

/** Mean squared error of the predictions (or of always saying `constant`) against the outcomes. */
export function brier(predictions: readonly Prediction[], constant?: number): number {
  let sum = 0;
  for (const { p, won } of predictions) sum += ((constant ?? p) - (won ? 1 : 0)) ** 2;
  return sum / Math.max(1, predictions.length);
}

/**
 * A 95 % interval for the skill (1 − the model's Brier score / the constant's), resampling whole
 * games: positions of one game share its outcome, so they are not independent samples.
 */
export function skillInterval(predictions: readonly Prediction[], constant: number): [number, number] {
  const games = new Map<number, { model: number; baseline: number }>();
  for (const { p, won, game } of predictions) {
    const sums = games.get(game) ?? { model: 0, baseline: 0 };
    sums.model += (p - (won ? 1 : 0)) ** 2;
    sums.baseline += (constant - (won ? 1 : 0)) ** 2;
    games.set(game, sums);
  }
  return bootstrapInterval([...games.values()], (sample) => {
    let model = 0;
    let baseline = 0;
    for (const sums of sample) {
      model += sums.model;
      baseline += sums.baseline;
    }
    return 1 - model / baseline;
  });
}

/**
 * A 95 % interval for `statistic` over `items`, from resamples of them with replacement (the
 * percentile bootstrap). Deterministic: the resamples come from a fixed hash.
 */
export function bootstrapInterval<T>(
  items: readonly T[],
  statistic: (sample: readonly T[]) => number,
  resamples = 2000,
): [number, number] {
  const values: number[] = [];
  const sample: T[] = new Array<T>(items.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < items.length; i++)
      sample[i] = items[(mix32(r * items.length + i, 0x5c11) >>> 0) % items.length]!;
    values.push(statistic(sample));
  }
  values.sort((a, b) => a - b);
  return [values[Math.floor(resamples * 0.025)]!, values[Math.ceil(resamples * 0.975) - 1]!];
}

export const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * How much positions' true chances vary, from each one's share of wins over `rollouts` playouts:
 * the variance of those shares, less the binomial noise each share carries (p(1 − p) / (n − 1)
 * is that noise's unbiased estimate). Never below zero.
 */
export function trueVariance(shares: readonly number[], rollouts: number): number {
  const average = mean(shares);
  const spread = mean(shares.map((p) => (p - average) ** 2));
  const noise = mean(shares.map((p) => p * (1 - p))) / (rollouts - 1);
  return Math.max(0, spread - noise);
}

/**
 * The share of the constant baseline's Brier score that a perfect model would remove: the true
 * chances' variance over what always saying their mean scores, mean × (1 − mean).
 */
export function ceilingSkill(shares: readonly number[], rollouts: number): number {
  const average = mean(shares);
  return trueVariance(shares, rollouts) / (average * (1 - average));
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

// ---- The committed held-out games ---------------------------------------------------------

/** Written by `npx tsx test/fixtures/heldOut.ts`: hard self-play games no fitting run uses. */
export const HELD_OUT_FILE = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'held-out.json');

/**
 * Each game as its seed and, at each decision between two or more legal actions, the index of
 * the one played (base 36): throws come from the seed. With each configuration's light-side win
 * rate from the balance report (docs/rules/README.md, 10,000 hard games each).
 */
export interface HeldOutSet {
  lightWins: Record<string, number>;
  games: Record<string, { seed: number; choices: string }[]>;
}

/** A held-out game back from its seed and choices. */
export function decodeHeldOut(
  config: { ruleset: GameRecord['ruleset']; options: GameRecord['options'] },
  seed: number,
  choices: string,
): GameRecord {
  // Held-out games are stored as seeds: the old seeded dice, fast and enough for simulations (throws.ts).
  let state = unwrap(newGame(config.ruleset, config.options, seed));
  const actions: Action[] = [];
  let next = 0;
  while (state.phase !== 'over') {
    const legal = legalActions(state);
    const action = legal.length > 1 ? legal[parseInt(choices[next++] ?? '', 36)] : legal[0];
    if (!action) throw new Error(`held-out game ${seed}: its choices run out or do not fit`);
    actions.push(action);
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(`held-out game ${seed}: ${actionProblemText(applied.error)}`);
    state = applied.value.state;
  }
  return { ruleset: config.ruleset, options: config.options, seed, actions };
}

/** The committed held-out games of every tournament configuration, with the baseline's rate. */
export function heldOutGames(): { name: string; lightWins: number; records: GameRecord[] }[] {
  const set = JSON.parse(readFileSync(HELD_OUT_FILE, 'utf8')) as HeldOutSet;
  return TOURNAMENT_CONFIGS.map((config) => {
    const games = set.games[config.name];
    const lightWins = set.lightWins[config.name];
    if (!games || lightWins === undefined) throw new Error(`${HELD_OUT_FILE} has no games for ${config.name}`);
    return {
      name: config.name,
      lightWins,
      records: games.map((g) =>
        decodeHeldOut({ ruleset: config.ruleset, options: config.rules.options }, g.seed, g.choices),
      ),
    };
  });
}

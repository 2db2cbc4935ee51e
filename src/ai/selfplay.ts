// Computer-versus-computer games on the fast Position, for the tournament, the balance report and
// the benchmark. Throws come from the game's seed, so a game is reproducible, and the same seed
// with the seats swapped gives both players the same sticks.
import { type GameEvent, Position, type Rules, sideName, type Side } from '../engine/index.js';
import { type Strength, chooseCode } from './choose.js';
import { playCode } from './codes.js';

/** Far beyond any real game: a guard against a rule combination that never ends. */
export const MAX_ACTIONS = 20_000;

export interface GameResult {
  /** null if the game hit MAX_ACTIONS without a winner. */
  winner: Side | null;
  actions: number;
}

export interface GameOptions {
  rules: Rules;
  seed: number;
  players: Record<Side, Strength>;
  /** Called with the events of each action (the game then records them). */
  observe?: (events: readonly GameEvent[], pos: Position) => void;
}

/** Plays one game to the end. Each decision gets its own seed, mixed from the game's and the ply. */
export function playGame({ rules, seed, players, observe }: GameOptions): GameResult {
  // The old seeded dice, not keyed ones: tens of thousands of games (balance, tournament, fit-eval)
  // throw many times faster so, and nobody plays against a simulation (src/engine/throws.ts).
  const pos = Position.start(rules, seed);
  if (observe) pos.events = [];
  let actions = 0;
  while (pos.phase !== 'over' && actions < MAX_ACTIONS) {
    const code = chooseCode(pos, players[sideName(pos.turn)], decisionSeed(seed, pos.ply));
    playCode(pos, code);
    actions++;
    if (observe && pos.events) {
      observe(pos.events, pos);
      pos.events.length = 0;
    }
  }
  return { winner: pos.winner ? sideName(pos.winner) : null, actions };
}

/**
 * A decision's seed from the game's seed and the ply (an integer hash, well mixed). Not the shared
 * mix32: its exact values are part of the record (the fitted win-chance weights in winWeights.ts,
 * the tournament and balance figures, expert's pinned choices), and `npm run fit-eval` must
 * reproduce those weights.
 */
export function decisionSeed(gameSeed: number, ply: number): number {
  let h = Math.imul(gameSeed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(ply + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  return (h ^ (h >>> 15)) | 0;
}

/** The Wilson score interval for `wins` out of `n` at 95 % confidence, as [low, high]. */
export function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = wins / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

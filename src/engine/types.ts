// The engine's public data types. Everything here is plain JSON-serialisable data:
// a GameState can be stored, sent and replayed without any class or closure.

import type { RuleSetId } from './rulesets/index.js';

export type { RuleSetId } from './rulesets/index.js';

/** The two sides. `W` is light (white, reels); `B` is dark (black, cones). */
export type Side = 'W' | 'B';

export const SIDES: readonly Side[] = ['W', 'B'];

export function opponentOf(side: Side): Side {
  return side === 'W' ? 'B' : 'W';
}

/** Square numbers along the path: 1..30 on the board, 0 = waiting to enter, 31 = borne off. */
export const WAITING = 0;
export const OFF = 31;

/** The options a game was created with, as stored (each rule set types its own: see rulesets/). */
export type RuleOptions = Readonly<Record<string, boolean | number>>;

/**
 * A move of one pawn. `to` is the square the count reaches (31 = borne off), even where the
 * square then sends the pawn elsewhere (27 to 15, drowning): the state shows where it ended.
 * `from` 0 enters a waiting pawn. A move made instead of a throw (rebirth from 27, the fixed
 * opening) is named by where the pawn goes.
 */
export interface Move {
  from: number;
  to: number;
}

/** What a player can do. `take` accepts the throw the opponent forfeited (kendall). */
export type Action = { type: 'throw' } | { type: 'take' } | ({ type: 'move' } & Move);

/**
 * Where the game stands:
 * - `throw`: the side to move throws the sticks (or takes a move allowed instead of a throw);
 * - `move`: a throw is pending and the side to move picks one of the legal moves;
 * - `over`: somebody won.
 */
export type Phase = 'throw' | 'move' | 'over';

/** The four sticks of a throw, one bit per stick: 1 = light side up. */
interface Throw {
  sticks: number;
  value: number;
}

/** The last pawn move, kept so a board picture can show where a pawn came from. */
export interface LastMove {
  side: Side;
  from: number;
  to: number;
  /** Where the pawn came to rest (differs from `to` after 27 → 15, drowning, …). */
  end: number;
  /** The opponent's pawn it displaced, if any, and where that pawn went (0 = off the board, waiting). */
  captured: { from: number; to: number } | null;
}

/**
 * A game in plain data: where the pawns stand, whose turn it is, and where the next throw comes
 * from (DiceState). It travels (render and AI workers, logs, web pages), so it holds no secret.
 */
export type GameState = BoardState & DiceState;

/** Everything of a game's state but its dice. */
interface BoardState {
  ruleset: RuleSetId;
  /** The options in force, defaults filled in. */
  options: RuleOptions;
  /** 30 characters, square 1 first: `W`, `B` or `.`. */
  board: string;
  /** Pawns off the board not yet entered (dancers). */
  waiting: Record<Side, number>;
  /** Pawns borne off. */
  off: Record<Side, number>;
  toMove: Side;
  phase: Phase;
  /** The throw to be played in phase `move`; the last throw otherwise (for display), or null. */
  throw: Throw | null;
  /** Further throws the side to move has earned in this turn. */
  extraThrows: number;
  /** Sides that have not made their first move (special openings). */
  unmoved: Side[];
  /** A throw value the opponent forfeited, which the side to move may take instead of throwing (kendall). */
  offer: number | null;
  winner: Side | null;
  /** Points scored by the winner, for rule sets that score (regency); null otherwise. */
  score: number | null;
  lastMove: LastMove | null;
  /** Number of actions applied since the start: a state id that rejects stale actions. */
  ply: number;
}

/**
 * The dice's part of a state, by kind (throws.ts). The old seeded generator's state (`rng`) is
 * all that is needed to know every later throw: only games stored before verifiable dice, and
 * simulations, have it. Keyed dice keep only a count of throws made (`thrown`); the next throw
 * follows from the game's secret, which is stored beside the game and never in its state.
 */
type DiceState = { rng: number[]; thrown?: never } | { thrown: number; rng?: never };

/** Something that happened while applying an action, in order; see describe.ts for the words. */
export type GameEvent =
  | { type: 'throw'; side: Side; throw: Throw }
  | { type: 'take'; side: Side; value: number }
  | {
      type: 'move';
      side: Side;
      from: number;
      to: number;
      end: number;
      backward: boolean;
      captured: { side: Side; from: number; to: number } | null;
      /** What the square reached did to the pawn. */
      effect: SquareEffectKind | null;
    }
  | { type: 'pass'; side: Side; value: number }
  | { type: 'offer'; side: Side; value: number }
  | { type: 'extraThrow'; side: Side }
  | { type: 'win'; side: Side; score: number | null };

type SquareEffectKind = 'extraThrow' | 'sendTo' | 'drown' | 'water' | 'off';

// How good a position is, in "squares of progress", from light's (W's) point of view. Medium
// picks the move whose result scores best; hard scores the leaves of its search with the same
// function. Everything rule-specific is read from the engine (its rules data and its own move
// generator), so the one evaluation fits every rule set and option.
import { ScoreMemo } from './memo.js';
import { MAX_MOVES, OFF, type Position, type Rules, moveFrom, moveTo, throwDistribution } from '../engine/index.js';

/** A finished game: far beyond any difference in progress. */
const WIN_SCORE = 10_000;

/** A borne-off pawn is worth more than one on the last square: it can no longer be held up. */
const OFF_BONUS = 6;
/** A waiting pawn (dancers) must first throw an entering value. */
const WAITING_VALUE = -3;
/** Extra loss for a captured pawn that has to enter again. */
const REENTRY_COST = 4;
/** How much a threat counts for the side about to throw, and for the side that throws after it. */
const THREAT_NOW = 0.9;
const THREAT_LATER = 0.35;
/** No throw table has a value above this. */
const MAX_THROW = 6;

interface Tables {
  chances: { value: number; chance: number }[];
  /** Expected value of one throw: what having the throw in hand is worth. */
  tempo: number;
  /** The House of Waters / Death (a 'water' square), or -1. */
  water: number;
  /** What a pawn in that house costs: it freezes its side, and usually has to go back to 15. */
  waterPenalty: number;
  /** Scores already computed with these rules. */
  memo: ScoreMemo;
}

const tablesCache = new WeakMap<Rules, Tables>();

function tablesFor(rules: Rules): Tables {
  let tables = tablesCache.get(rules);
  if (!tables) {
    const chances = throwDistribution(rules.throwTable);
    let water = -1;
    for (const [square, info] of Object.entries(rules.squares))
      if (info.effect?.kind === 'water') water = Number(square);
    tables = {
      chances,
      tempo: chances.reduce((sum, c) => sum + c.value * c.chance, 0),
      water,
      waterPenalty: water > 0 ? 14 : 0,
      memo: new ScoreMemo(),
    };
    tablesCache.set(rules, tables);
  }
  return tables;
}

const scratch = new Uint16Array(MAX_MOVES);
// Local copies of the engine's decoders: under tsx every call through an imported binding is a
// getter call first, too slow for this hot loop.
const toOf = moveTo;
const fromOf = moveFrom;

/** Each side's pawns as a bit set (bit s = square s), and their squares summed. */
const pawnBits = [0, 0, 0];
const squareSums = [0, 0, 0];

/** The static score of `pos` from W's point of view (positive: W is better off). */
export function evaluate(pos: Position): number {
  if (pos.winner) return pos.winner === 1 ? WIN_SCORE : -WIN_SCORE;
  const tables = tablesFor(pos.rules);
  const white = pos.pawnBits(1);
  const black = pos.pawnBits(2);
  // Everything else the score depends on (unmoved: a first move may follow its own rule).
  const rest =
    pos.waiting[1]! |
    (pos.waiting[2]! << 3) |
    (pos.off[1]! << 6) |
    (pos.off[2]! << 9) |
    (pos.turn << 12) |
    (pos.unmoved << 14);
  const known = tables.memo.get(white, black, rest);
  if (known === known) return known; // not NaN
  const score = compute(pos, tables, white, black);
  tables.memo.set(white, black, rest, score);
  return score;
}

function compute(pos: Position, tables: Tables, white: number, black: number): number {
  pawnBits[1] = white;
  pawnBits[2] = black;
  squareSums[1] = squareSum(white);
  squareSums[2] = squareSum(black);
  const mover = pos.turn;
  const other = 3 - mover;
  let forMover = material(pos, mover, tables) - material(pos, other, tables) + tables.tempo;
  forMover += THREAT_NOW * threat(pos, mover, tables) - THREAT_LATER * threat(pos, other, tables);
  return mover === 1 ? forMover : -forMover;
}

/** The sum of the squares in a pawn bit set. */
export function squareSum(bits: number): number {
  let sum = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) sum += 31 - Math.clz32(rest & -rest);
  return sum;
}

/** Progress of `side`: squares advanced, pawns borne off, waiting pawns and a frozen pawn. */
function material(pos: Position, side: number, tables: Tables): number {
  let score = squareSums[side]! + pos.off[side]! * (OFF + OFF_BONUS) + pos.waiting[side]! * WAITING_VALUE;
  if (tables.water > 0 && pos.board[tables.water] === side) score -= tables.waterPenalty;
  return score;
}

/**
 * What `attacker` expects to take from the other side with its next throw: for each throw value,
 * the costliest capture among its legal moves (asked of the engine, so protection, blocking
 * threes, safe squares and frozen sides are all as the rules say), weighted by the throw's chance.
 * Only values that could reach a victim at all (a pawn that far behind or ahead of one, or
 * entering onto one) are asked about: the engine's move generator is the costly part.
 */
function threat(pos: Position, attacker: number, tables: Tables): number {
  const victim = 3 - attacker;
  const reachable = captureDistances(pawnBits[attacker]!, pawnBits[victim]!, pos.waiting[attacker]! > 0);
  if (reachable === 0) return 0;
  let expected = 0;
  for (const { value, chance } of tables.chances) {
    if (!(reachable & (1 << value))) continue;
    let best = 0;
    const count = pos.generateMoves(attacker as 1 | 2, value, scratch, pawnBits[victim]);
    for (let i = 0; i < count; i++)
      best = Math.max(best, captureLoss(pos, fromOf(scratch[i]!), toOf(scratch[i]!), tables));
    expected += chance * best;
  }
  return expected;
}

/**
 * Bit d set when some attacking pawn stands d squares behind or ahead of a victim (backward
 * moves capture too where the rules force them), or when a waiting pawn could enter onto one.
 */
function captureDistances(attackers: number, victims: number, entering: boolean): number {
  let bits = entering ? victims & ((2 << MAX_THROW) - 1) : 0;
  for (let d = 1; d <= MAX_THROW; d++) {
    if (((attackers << d) | (attackers >>> d)) & victims) bits |= 1 << d;
  }
  return bits;
}

/** Squares lost by the pawn on `to` when attacked from `from`. */
function captureLoss(pos: Position, from: number, to: number, tables: Tables): number {
  const rules = pos.rules;
  if (rules.capture === 'remove' || from === 0) return to + REENTRY_COST;
  const dest = rules.swapDestination ? rules.swapDestination(pos, to, from) : from;
  return to - dest + (dest === tables.water ? tables.waterPenalty : 0);
}

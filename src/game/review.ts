// A game's review: the light side's chance to win after every action, the turning points, and how
// accurately each player chose. Built over any win-chance estimate (injected, so the review does
// not depend on how the chance is modelled); pure, so it runs wherever the caller likes.
//
// The chance of a position awaiting a move is that of the best move for the side to move (one
// ply of look-ahead), so a throw's effect (luck) and a choice's cost are told apart: a throw moves
// the chance from "before the throw" to "with this throw, played well"; a choice can only keep
// that chance (the best move) or lose some of it.
import {
  type Action,
  type GameRecord,
  type GameState,
  type Move,
  type Side,
  applyAction,
  legalMoves,
  replaySteps,
} from '../engine/index.js';
import { type SaidNames, moveLabel } from '../i18n/gameWords.js';
import type { Translate } from '../i18n/index.js';
import { type Result, err, ok } from '../lib/result.js';
import { percent } from '../lib/format.js';
import { replayErrorText } from '../i18n/actionProblems.js';

/** The chance (0..1) that the light side, W, wins from a position not yet over. */
export type WinChance = (state: GameState) => number;

type ActionKind = 'throw' | 'choice' | 'forced' | 'take';

interface ReviewedAction {
  index: number;
  /** The move number it belongs to: 1 + pawn moves before it (a throw shares its move's number). */
  move: number;
  side: Side;
  kind: ActionKind;
  action: Action;
  /** W's chance before and after it. */
  before: number;
  after: number;
  capture: boolean;
  extraThrow: boolean;
  /** For a choice: the best move and W's chance after it. */
  best?: { move: Move; chance: number };
  /** For a throw: its value. */
  thrown?: number;
}

interface TurningPoint {
  /** The action's index in the log. */
  index: number;
  move: number;
  side: Side;
  kind: 'luck' | 'choice';
  /** "Move 41: Ana threw 2, Ana's chance 62 % → 31 %" */
  words: string;
  /** The mover's chance before and after. */
  before: number;
  after: number;
}

export interface Review {
  /** W's chance at the start and after each action (actions + 1 values). */
  chances: number[];
  actions: ReviewedAction[];
  turningPoints: TurningPoint[];
  /** 0..100 per player; null for a player who never had a choice. */
  accuracy: Record<Side, number | null>;
}

/**
 * How many turning points a review names.
 * @internal
 */
export const TURNING_POINTS = 3;

/** The review of a game's log, its turning points in `t`'s words. */
export function reviewGame(
  record: GameRecord,
  names: SaidNames,
  chance: WinChance,
  t: Translate,
): Result<Review, string> {
  const walked = replaySteps(record);
  if (!walked.ok) return err(replayErrorText(walked.error));
  let current = valueOf(walked.value.start, chance);
  const chances = [current.chance];
  const actions: ReviewedAction[] = [];
  let moves = 0;
  for (const { index, action, before, after, events } of walked.value.steps) {
    const side = before.toMove;
    const options = current.options;
    const next = valueOf(after, chance);
    const reviewed: ReviewedAction = {
      index,
      move: moves + 1,
      side,
      kind: kindOf(action, before.phase, options.length),
      action,
      before: current.chance,
      after: next.chance,
      capture: events.some((e) => e.type === 'move' && e.captured !== null),
      extraThrow: events.some((e) => e.type === 'extraThrow'),
    };
    const thrown = events.find((e) => e.type === 'throw');
    if (thrown?.type === 'throw') reviewed.thrown = thrown.throw.value;
    if (reviewed.kind === 'choice') {
      const best = bestFor(side, options);
      if (best) reviewed.best = best;
    }
    actions.push(reviewed);
    chances.push(next.chance);
    if (action.type === 'move') moves++;
    current = next;
  }
  return ok({
    chances,
    actions,
    turningPoints: turningPoints(t, actions, names),
    accuracy: { W: accuracy(actions, 'W'), B: accuracy(actions, 'B') },
  });
}

/** The turning points' sentences in `t`'s words (a review's own are in those it was made with). */
export function turningPointWords(t: Translate, review: Review, names: SaidNames): string[] {
  return turningPoints(t, review.actions, names).map((point) => point.words);
}

interface Valued {
  chance: number;
  /** In phase 'move': each legal move and W's chance after it. */
  options: { move: Move; chance: number }[];
}

function valueOf(state: GameState, chance: WinChance): Valued {
  if (state.phase === 'over') return { chance: state.winner === 'W' ? 1 : 0, options: [] };
  if (state.phase !== 'move') return { chance: chance(state), options: [] };
  const options = legalMoves(state).map((move) => {
    const after = applyAction(state, { type: 'move', ...move });
    // A legal move always applies; the guard keeps the types honest.
    return { move, chance: after.ok ? terminalOr(after.value.state, chance) : 0.5 };
  });
  const best = bestFor(state.toMove, options);
  return { chance: best ? best.chance : chance(state), options };
}

const terminalOr = (state: GameState, chance: WinChance): number =>
  state.phase === 'over' ? (state.winner === 'W' ? 1 : 0) : chance(state);

/** The option best for `side` (W wants a high W chance, B a low one). */
function bestFor(
  side: Side,
  options: readonly { move: Move; chance: number }[],
): { move: Move; chance: number } | null {
  let best: { move: Move; chance: number } | null = null;
  for (const option of options) {
    if (!best || forSide(side, option.chance) > forSide(side, best.chance)) best = option;
  }
  return best;
}

/**
 * A W chance seen from `side`.
 * @internal
 */
export const forSide = (side: Side, wChance: number): number => (side === 'W' ? wChance : 1 - wChance);

function kindOf(action: Action, phase: GameState['phase'], options: number): ActionKind {
  if (action.type === 'throw') return 'throw';
  if (action.type === 'take') return 'take';
  return phase === 'move' && options >= 2 ? 'choice' : 'forced';
}

/** The actions that moved the chance most (a choice by what it cost), in game order. */
function turningPoints(t: Translate, actions: readonly ReviewedAction[], names: SaidNames): TurningPoint[] {
  const swing = (a: ReviewedAction): number => Math.abs(a.after - a.before);
  return actions
    .filter((a) => a.kind === 'throw' || a.kind === 'choice')
    .sort((a, b) => swing(b) - swing(a) || a.index - b.index)
    .slice(0, TURNING_POINTS)
    .filter((a) => swing(a) > 0)
    .sort((a, b) => a.index - b.index)
    .map((a) => turningPoint(t, a, names));
}

function turningPoint(t: Translate, a: ReviewedAction, names: SaidNames): TurningPoint {
  const name = names[a.side];
  const before = forSide(a.side, a.before);
  const after = forSide(a.side, a.after);
  const change = t('review.change', { name, before: percent(before), after: percent(after) });
  const point = { index: a.index, move: a.move, side: a.side, before, after };
  if (a.kind === 'throw') {
    return { ...point, kind: 'luck', words: t('review.luck', { move: a.move, name, value: a.thrown ?? '?', change }) };
  }
  // Only a move is ever a choice between two or more options (kindOf).
  const played = a.action.type === 'move' ? moveLabel(t, a.action.from, a.action.to) : a.action.type;
  const words = a.best
    ? t('review.choiceWithBest', {
        move: a.move,
        name,
        played,
        change,
        best: moveLabel(t, a.best.move.from, a.best.move.to),
        kept: percent(forSide(a.side, a.best.chance)),
      })
    : t('review.choice', { move: a.move, name, played, change });
  return { ...point, kind: 'choice', words };
}

/**
 * Accuracy 0..100 of one player's choices (see the README): each choice scores
 * 103.1668·e^(−0.04354·loss) − 3.1668, where loss is how many percentage points of the player's
 * win chance it gave up against the best move (0 for the best move, which scores 100); the
 * player's accuracy is the mean over their choices between two or more moves. (The curve is the
 * one lichess uses for chess, so the numbers read alike: about 64 for a 10-point mistake.)
 */
function accuracy(actions: readonly ReviewedAction[], side: Side): number | null {
  const scores = actions.flatMap((a) =>
    a.side === side && a.kind === 'choice' && a.best
      ? [moveAccuracy(100 * (forSide(side, a.best.chance) - forSide(side, a.after)))]
      : [],
  );
  return scores.length === 0 ? null : scores.reduce((x, y) => x + y, 0) / scores.length;
}

/** @internal */
export function moveAccuracy(lossPoints: number): number {
  const score = 103.1668 * Math.exp(-0.04354 * Math.max(0, lossPoints)) - 3.1668;
  return Math.min(100, Math.max(0, score));
}

// The engine's public API over plain GameState data. Each call checks its input and returns an
// error value, never throws, for what a user or a stored log can get wrong.
import { type Result, err, ok } from '../lib/result.js';
import { boardString } from './board.js';
import { encodeMove, moveFrom, moveTo, sideCode, sideName } from './codes.js';
import { Position } from './position.js';
import type { Rules } from './rules.js';
import { resolveRules } from './rulesets/index.js';
import {
  type GameDice,
  KeyedDice,
  type KeyedThrows,
  SeededSticks,
  sticksFor,
  throwList,
  type ThrowSource,
} from './throws.js';
import {
  type Action,
  type GameEvent,
  type GameState,
  type Move,
  type Phase,
  type RuleOptions,
  type Side,
  SIDES,
} from './types.js';

/** Everything needed to rebuild a game: storage keeps this plus the state it leads to. */
export interface GameRecord {
  ruleset: string;
  options: RuleOptions;
  /** The old seeded generator's seed, from which its throws follow (unused with `sticks`). */
  seed: number;
  /**
   * Keyed dice: the sticks of every throw the game made, in order (from its secret: keyedDice.ts).
   * Absent: the throws come from `seed`, as they did before verifiable dice.
   */
  sticks?: readonly number[];
  actions: Action[];
}

/**
 * Where an action's throw comes from: the game's keyed dice with their `key` (a keyed state needs
 * it to throw; it advances the state's count of throws), or any `source`, which leaves the game's
 * own dice as they were (forced throws in tests and pictures). Without either, a seeded state
 * throws from the generator it holds.
 */
export type Throwing = { key: KeyedThrows } | { source: ThrowSource };

/** Any arrangement of pawns, for tests, rule cases and pictures (see ../shared/rule-cases/FORMAT.md). */
export interface Setup {
  ruleset: string;
  options?: RuleOptions;
  board: string;
  waiting?: Partial<Record<Side, number>>;
  toMove: Side;
  /** The throw to be played, or null for the moment before throwing. */
  throw: number | null;
  unmoved?: Side[];
  seed?: number;
}

/**
 * A new game at the rule set's start position, with keyed dice ('keyed': its throws then need the
 * game's key) or the old generator seeded with a number.
 */
export function newGame(ruleset: string, options: RuleOptions, dice: number | 'keyed'): Result<GameState, string> {
  const rules = resolveRules(ruleset, options);
  const start = dice === 'keyed' ? new KeyedDice(0, null) : dice;
  return rules.ok ? ok(toState(Position.start(rules.value, start))) : rules;
}

/**
 * The rules a state is played under. A GameState comes from the engine, so its rule set always
 * resolves: a failure here is a bug (or a hand-edited database), not a player's mistake.
 */
export function rulesOf(state: Pick<GameState, 'ruleset' | 'options'>): Rules {
  const rules = resolveRules(state.ruleset, state.options);
  if (!rules.ok) throw new Error(`a stored ${state.ruleset} game no longer resolves: ${rules.error}`);
  return rules.value;
}

/** The legal actions now, in button order: pawn moves first, then taking an offered throw, then throwing. */
export function legalActions(state: GameState): Action[] {
  const pos = toPosition(state);
  return pos.ok ? actionsOf(pos.value) : [];
}

/** The legal pawn moves now (the pending throw's, or those allowed instead of a throw). */
export function legalMoves(state: GameState): Move[] {
  const pos = toPosition(state);
  return pos.ok ? pos.value.moves([]).map(decode) : [];
}

export interface Applied {
  state: GameState;
  events: GameEvent[];
  /** The legal actions in the new state, in button order (as `legalActions` would list them). */
  legal: Action[];
}

/**
 * Why an action is not played, as a code (with the move and the legal ones for a move): the engine
 * says no words; src/i18n/actionProblems.ts says them in English for logs and tools, and the chat
 * tells players in their language.
 */
export type ActionProblem =
  | { readonly code: 'game-over' }
  /** A throw while the throw made must still be played. */
  | { readonly code: 'move-first' }
  /** A throw before the rule set's opening move. */
  | { readonly code: 'opening-first' }
  | { readonly code: 'nothing-to-take' }
  | { readonly code: 'illegal-move'; readonly move: Move; readonly legal: readonly Move[] }
  | { readonly code: 'no-action' }
  | { readonly code: 'unknown-action' }
  /** The state given is no position of its rule set (a damaged record): what is wrong, for developers. */
  | { readonly code: 'bad-state'; readonly detail: string }
  /** A record names a rule set or options that do not exist: what is wrong, for developers. */
  | { readonly code: 'bad-rules'; readonly detail: string };

/** Apply one action; an illegal one is an error value naming what is allowed. */
export function applyAction(state: GameState, action: Action, throwing?: Throwing): Result<Applied, ActionProblem> {
  const found = toPosition(state, throwing && 'key' in throwing ? throwing.key : undefined);
  if (!found.ok) return err({ code: 'bad-state', detail: found.error });
  const pos = found.value;
  const problem = play(pos, action, throwing && 'source' in throwing ? throwing.source : undefined);
  if (problem) return err(problem);
  return ok({ state: toState(pos), events: pos.events!, legal: actionsOf(pos) });
}

/** A record's dice at the start: keyed dice reading its list of throws, or the seeded generator. */
function recordDice(record: GameRecord): GameDice {
  return record.sticks ? new KeyedDice(0, throwList(record.sticks)) : SeededSticks.fromSeed(record.seed);
}

/** Why a log does not replay: the first illegal action's index (-1: its rules) and what is wrong with it. */
export interface ReplayError {
  index: number;
  problem: ActionProblem;
}

/** Rebuild a game from its seed and actions; an illegal action is reported with its index. */
export function replay(record: GameRecord): Result<GameState, ReplayError> {
  const rules = resolveRules(record.ruleset, record.options);
  if (!rules.ok) return err({ index: -1, problem: { code: 'bad-rules', detail: rules.error } });
  const pos = Position.start(rules.value, recordDice(record));
  for (let index = 0; index < record.actions.length; index++) {
    const problem = play(pos, record.actions[index]);
    if (problem) return err({ index, problem });
  }
  return ok(toState(pos));
}

/** One action of a game's log: the state it was played in, the state it led to, what happened. */
export interface ReplayStep {
  index: number;
  action: Action;
  before: GameState;
  after: GameState;
  events: GameEvent[];
}

/**
 * Every step of a game's log as plain states, for what looks at the whole game (replays, reviews,
 * calibration); an illegal action is reported with its index, as `replay` does.
 */
export function replaySteps(record: GameRecord): Result<{ start: GameState; steps: ReplayStep[] }, ReplayError> {
  const started = newGame(record.ruleset, record.options, record.sticks ? 'keyed' : record.seed);
  if (!started.ok) return err({ index: -1, problem: { code: 'bad-rules', detail: started.error } });
  const steps: ReplayStep[] = [];
  let before = started.value;
  const throwing = record.sticks ? { key: throwList(record.sticks) } : undefined;
  for (const [index, action] of record.actions.entries()) {
    const applied = applyAction(before, action, throwing);
    if (!applied.ok) return err({ index, problem: applied.error });
    steps.push({ index, action, before, after: applied.value.state, events: applied.value.events });
    before = applied.value.state;
  }
  return ok({ start: started.value, steps });
}

/**
 * A position from any arrangement, checked; a pending throw with no legal move passes at once.
 * @internal
 */
export function setupGame(setup: Setup): Result<GameState, string> {
  const found = positionFromSetup(setup);
  if (!found.ok) return found;
  if (setup.throw !== null) found.value.startMove(setup.throw, true);
  return ok(toState(found.value));
}

/**
 * A Position from a Setup, in phase `throw`, for callers that look before the throw is played
 * (the rule-case checker). The throw, if any, must then be started with `startMove`.
 */
export function positionFromSetup(setup: Setup): Result<Position, string> {
  const resolved = resolveRules(setup.ruleset, setup.options ?? {});
  if (!resolved.ok) return resolved;
  const rules = resolved.value;
  const waiting = { W: setup.waiting?.W ?? 0, B: setup.waiting?.B ?? 0 };
  const checked = checkBoard(rules, setup.board, waiting);
  if (!checked.ok) return checked;
  const board = checked.value;
  if (!SIDES.includes(setup.toMove)) return err(`toMove must be W or B, not ${String(setup.toMove)}`);
  if (setup.throw !== null && !rules.throwTable.includes(setup.throw)) {
    return err(
      `a throw of ${setup.throw} is impossible in ${rules.id} (throws: ${[...new Set(rules.throwTable)].sort().join(', ')})`,
    );
  }
  const pos = new Position(rules, SeededSticks.fromSeed(setup.seed ?? 0));
  pos.setBoard(board);
  for (const side of SIDES) {
    const code = sideCode(side);
    pos.waiting[code] = waiting[side];
    pos.off[code] = rules.pawns - countOnBoard(board, code) - waiting[side];
  }
  pos.turn = sideCode(setup.toMove);
  for (const side of setup.unmoved ?? []) pos.unmoved |= 1 << sideCode(side);
  if (setup.throw !== null) pos.sticks = sticksFor(rules.throwTable, setup.throw);
  const won = SIDES.filter((side) => pos.off[sideCode(side)] === rules.pawns);
  if (won.length > 0) return err(`${won.join(' and ')} already bore off every pawn: nothing left to play`);
  return ok(pos);
}

// ---- Between GameState and Position -----------------------------------------------------

/** @internal */
export function toState(pos: Position): GameState {
  const { last } = pos;
  return {
    ruleset: pos.rules.id,
    options: pos.rules.options,
    board: boardString(pos.board),
    waiting: { W: pos.waiting[1]!, B: pos.waiting[2]! },
    off: { W: pos.off[1]!, B: pos.off[2]! },
    toMove: sideName(pos.turn),
    phase: pos.phase,
    throw: pos.sticks < 0 ? null : { sticks: pos.sticks, value: pos.value },
    extraThrows: pos.extraThrows,
    unmoved: SIDES.filter((side) => pos.unmoved & (1 << sideCode(side))),
    offer: pos.offer > 0 ? pos.offer : null,
    winner: pos.winner ? sideName(pos.winner) : null,
    score: pos.score,
    lastMove:
      last.side === 0
        ? null
        : {
            side: sideName(last.side),
            from: last.from,
            to: last.to,
            end: last.end,
            captured: last.capturedFrom < 0 ? null : { from: last.capturedFrom, to: last.capturedTo },
          },
    ply: pos.ply,
    ...(pos.dice instanceof KeyedDice ? { thrown: pos.dice.thrown } : { rng: pos.dice.state() }),
  };
}

/**
 * A Position from a stored state, with every field checked. Collects events for the caller. A
 * state with keyed dice throws only with the game's `key`.
 */
export function toPosition(state: GameState, key?: KeyedThrows): Result<Position, string> {
  const resolved = resolveRules(state.ruleset, state.options);
  if (!resolved.ok) return resolved;
  const rules = resolved.value;
  const checked = checkBoard(rules, state.board, state.waiting);
  if (!checked.ok) return checked;
  const board = checked.value;
  const dice = diceOf(state, key ?? null);
  if (!dice.ok) return dice;
  const pos = new Position(rules, dice.value);
  pos.setBoard(board);
  for (const side of SIDES) {
    const code = sideCode(side);
    pos.waiting[code] = state.waiting[side];
    pos.off[code] = state.off[side];
    if (countOnBoard(board, code) + state.waiting[side] + state.off[side] !== rules.pawns) {
      return err(`${side} must have ${rules.pawns} pawns on the board, waiting and borne off in all`);
    }
  }
  if (!SIDES.includes(state.toMove)) return err('toMove must be W or B');
  pos.turn = sideCode(state.toMove);
  if (!PHASES.includes(state.phase)) return err('unknown phase');
  pos.phase = state.phase;
  if (state.phase === 'move' && !state.throw) return err('a position awaiting a move needs its throw');
  if (state.throw) {
    pos.sticks = state.throw.sticks;
    pos.value = state.throw.value;
  }
  if ((state.phase === 'over') !== (state.winner !== null)) return err('a game is over exactly when it has a winner');
  pos.winner = state.winner ? sideCode(state.winner) : 0;
  pos.score = state.score;
  pos.extraThrows = state.extraThrows;
  for (const side of state.unmoved) pos.unmoved |= 1 << sideCode(side);
  pos.offer = state.offer ?? 0;
  const last = state.lastMove;
  if (last) {
    Object.assign(pos.last, {
      side: sideCode(last.side),
      from: last.from,
      to: last.to,
      end: last.end,
      capturedFrom: last.captured?.from ?? -1,
      capturedTo: last.captured?.to ?? -1,
    });
  }
  pos.ply = state.ply;
  pos.recomputeMoves();
  pos.events = [];
  return ok(pos);
}

// ---- Helpers ------------------------------------------------------------------------------

function actionsOf(pos: Position): Action[] {
  const actions: Action[] = pos.moves([]).map((code) => ({ type: 'move', ...decode(code) }));
  if (pos.canTake()) actions.push({ type: 'take' });
  if (pos.canThrow()) actions.push({ type: 'throw' });
  return actions;
}

/** A state's dice, checked: keyed dice's count of throws, or the seeded generator's state. */
function diceOf(state: GameState, key: KeyedThrows | null): Result<GameDice, string> {
  if (state.thrown !== undefined) {
    if ('rng' in state) return err('a state has either a generator or a count of throws, not both');
    if (!Number.isInteger(state.thrown) || state.thrown < 0) return err('the count of throws must be a whole number');
    return ok(new KeyedDice(state.thrown, key));
  }
  if (!Array.isArray(state.rng) || state.rng.length !== 4 || !state.rng.every(Number.isInteger)) {
    return err('the generator state must be four integers');
  }
  return ok(SeededSticks.fromState(state.rng));
}

/** The phases a stored state may be in. */
const PHASES: readonly Phase[] = ['throw', 'move', 'over'];

/**
 * Plays one action on the position, or says why it is not allowed (and changes nothing). The
 * action may be missing or malformed: logs and clicks are data from outside.
 */
function play(pos: Position, action: Action | undefined, source?: ThrowSource): ActionProblem | null {
  if (pos.phase === 'over') return { code: 'game-over' };
  switch (action?.type) {
    case 'throw':
      if (!pos.canThrow()) return { code: pos.phase === 'move' ? 'move-first' : 'opening-first' };
      pos.throwSticks(source);
      return null;
    case 'take':
      if (!pos.canTake()) return { code: 'nothing-to-take' };
      pos.take();
      return null;
    case 'move': {
      const code = encodeMove(action.from, action.to);
      if (!Number.isInteger(action.from) || !Number.isInteger(action.to) || !pos.moves([]).includes(code)) {
        return { code: 'illegal-move', move: { from: action.from, to: action.to }, legal: pos.moves([]).map(decode) };
      }
      pos.play(code);
      return null;
    }
    case undefined:
      return { code: 'no-action' };
    default:
      return { code: 'unknown-action' };
  }
}

const decode = (code: number): Move => ({ from: moveFrom(code), to: moveTo(code) });

function checkBoard(rules: Rules, board: string, waiting: Record<Side, number>): Result<Uint8Array, string> {
  if (typeof board !== 'string' || !/^[WB.]{30}$/.test(board)) {
    return err('the board must be 30 characters, each W, B or .');
  }
  const cells = new Uint8Array(32);
  for (let s = 1; s <= 30; s++) cells[s] = board[s - 1] === 'W' ? 1 : board[s - 1] === 'B' ? 2 : 0;
  for (const side of SIDES) {
    const count = waiting[side];
    if (!Number.isInteger(count) || count < 0) return err(`waiting pawns must be a whole number`);
    if (count > 0 && rules.enterOn.length === 0) return err(`pawns never wait off the board in ${rules.id}`);
    const inPlay = countOnBoard(cells, sideCode(side)) + count;
    if (inPlay > rules.pawns) return err(`${side} has ${inPlay} pawns in play but only ${rules.pawns} in ${rules.id}`);
  }
  return ok(cells);
}

function countOnBoard(board: Uint8Array, side: number): number {
  let count = 0;
  for (let s = 1; s <= 30; s++) if (board[s] === side) count++;
  return count;
}

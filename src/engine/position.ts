// The one move-generation core and turn flow shared by every rule set.
//
// A Position is the mutable, fast form of a game: the AI and the benchmarks play on it directly;
// the public API (game.ts) converts it to and from the plain GameState. Moves are encoded as
// numbers (from * 32 + to) so generating them allocates nothing.
import { firstFree, runThrough, squareFlags, threeBetween } from './board.js';
import type { BoardView, Rules, SideCode, SquareEffect } from './rules.js';
import { SeededSticks, throwValue, type ThrowSource } from './throws.js';
import type { GameEvent, Phase, Side } from './types.js';

export const sideCode = (side: Side): SideCode => (side === 'W' ? 1 : 2);
export const sideName = (code: number): Side => (code === 1 ? 'W' : 'B');

export const encodeMove = (from: number, to: number): number => (from << 5) | to;
export const moveFrom = (code: number): number => code >> 5;
export const moveTo = (code: number): number => code & 31;

const OFF = 31;
const WATER = 27;
const REBIRTH = 15;

/** A rule set's data turned into flag arrays once, so the hot path only indexes. */
interface Compiled {
  extraOn: Uint8Array; // by throw value
  enterOn: Uint8Array; // by throw value
  safe: Uint8Array; // by square
  noProtection: Uint8Array; // by square
  exitOnly: Uint8Array; // by square
  effects: (SquareEffect | undefined)[]; // by square
  water: boolean; // some square is a House of Waters (always 27)
}

const compiledCache = new WeakMap<Rules, Compiled>();

function compile(rules: Rules): Compiled {
  let compiled = compiledCache.get(rules);
  if (!compiled) {
    const effects: (SquareEffect | undefined)[] = [];
    for (let s = 0; s <= 31; s++) effects.push(rules.squares[s]?.effect);
    compiled = {
      extraOn: squareFlags(rules.extraThrowOn),
      enterOn: squareFlags(rules.enterOn),
      safe: squareFlags(rules.safeSquares),
      noProtection: squareFlags(rules.noProtectionOn),
      exitOnly: squareFlags(rules.exitOnlyFrom),
      effects,
      water: effects[WATER]?.kind === 'water',
    };
    compiledCache.set(rules, compiled);
  }
  return compiled;
}

export class Position implements BoardView {
  readonly rules: Rules;
  private readonly c: Compiled;
  readonly board = new Uint8Array(32);
  /** Pawns waiting to enter and pawns borne off, indexed by side code (index 0 unused). */
  readonly waiting = [0, 0, 0];
  readonly off = [0, 0, 0];
  turn: SideCode = 1;
  phase: Phase = 'throw';
  /** The last throw: its sticks (-1 before any) and the value in play. */
  sticks = -1;
  value = 0;
  extraThrows = 0;
  /** Bit (1 << side) set while that side has not made its first move. */
  unmoved = 0;
  /** A forfeited throw value the side to move may take (0 = none). */
  offer = 0;
  winner = 0;
  score: number | null = null;
  /** The last pawn move: side (0 = none yet), from, to, end, and the captured pawn's squares (-1 = none). */
  readonly last = { side: 0, from: 0, to: 0, end: 0, capturedFrom: -1, capturedTo: -1 };
  ply = 0;
  rng: SeededSticks;
  /** When set, every step appends what happened here (the API collects them; the fast path does not). */
  events: GameEvent[] | null = null;
  private readonly scratch: number[] = [];

  constructor(rules: Rules, rng: SeededSticks) {
    this.rules = rules;
    this.c = compile(rules);
    this.rng = rng;
  }

  /** The rule set's start position, with the generator seeded. */
  static start(rules: Rules, seed: number): Position {
    const pos = new Position(rules, SeededSticks.fromSeed(seed));
    for (let s = 1; s <= 30; s++) {
      const ch = rules.start.board[s - 1];
      pos.board[s] = ch === 'W' ? 1 : ch === 'B' ? 2 : 0;
    }
    pos.waiting[1] = pos.waiting[2] = rules.start.waiting;
    pos.turn = sideCode(rules.start.first);
    pos.unmoved = 0b110;
    return pos;
  }

  clone(): Position {
    const copy = new Position(this.rules, SeededSticks.fromState(this.rng.state()));
    copy.board.set(this.board);
    for (let i = 1; i <= 2; i++) {
      copy.waiting[i] = this.waiting[i]!;
      copy.off[i] = this.off[i]!;
    }
    copy.turn = this.turn;
    copy.phase = this.phase;
    copy.sticks = this.sticks;
    copy.value = this.value;
    copy.extraThrows = this.extraThrows;
    copy.unmoved = this.unmoved;
    copy.offer = this.offer;
    copy.winner = this.winner;
    copy.score = this.score;
    Object.assign(copy.last, this.last);
    copy.ply = this.ply;
    return copy;
  }

  // ---- What may be done now -------------------------------------------------------------

  /** The opening move due now, before any throw (encoded), or -1. */
  private openingDue(): number {
    const opening = this.rules.opening;
    if (!opening || this.phase !== 'throw') return -1;
    const side = sideCode(opening.side);
    if (side !== this.turn || !(this.unmoved & (1 << side))) return -1;
    if (this.board[opening.from] !== side || this.board[opening.to] !== 0) return -1;
    return encodeMove(opening.from, opening.to);
  }

  /** Whether the side to move may throw the sticks now. */
  canThrow(): boolean {
    return this.phase === 'throw' && this.openingDue() < 0;
  }

  /** Whether the side to move may take the throw the opponent forfeited. */
  canTake(): boolean {
    return this.phase === 'throw' && this.offer > 0;
  }

  /**
   * The legal pawn moves now, encoded, in button order (entering first, then by square).
   * In phase `move`: the moves for the pending throw. In phase `throw`: moves allowed instead of a
   * throw (the opening, or a pawn in the House of Waters going back to 15).
   */
  moves(out: number[]): number[] {
    out.length = 0;
    if (this.phase === 'move') return this.movesFor(this.turn, this.value, out);
    if (this.phase === 'over') return out;
    const opening = this.openingDue();
    if (opening >= 0) {
      out.push(opening);
    } else if (this.c.water && this.board[WATER] === this.turn && this.board[REBIRTH] === 0) {
      out.push(encodeMove(WATER, REBIRTH));
    }
    return out;
  }

  /** Every legal move for `side` with throw `value`: forward ones, else (where the rules say) backward ones. */
  movesFor(side: SideCode, value: number, out: number[]): number[] {
    out.length = 0;
    const board = this.board;
    // A pawn in the House of Waters freezes its side: only it may move, and only off the board.
    if (this.c.water && board[WATER] === side) {
      if (this.forwardTarget(side, WATER, value) === OFF) out.push(encodeMove(WATER, OFF));
      return out;
    }
    const first = this.rules.firstMover;
    if (first && this.unmoved & (1 << side) && sideCode(first.side) === side && board[first.square] === side) {
      this.pawnMoves(side, value, first.square, out);
      if (out.length > 0) return out;
    }
    if (this.c.enterOn[value] && this.waiting[side]! > 0 && this.canLand(side, value)) out.push(encodeMove(0, value));
    for (let from = 1; from <= 30; from++) {
      if (board[from] !== side) continue;
      const to = this.forwardTarget(side, from, value);
      if (to > 0) out.push(encodeMove(from, to));
    }
    if (out.length === 0 && this.rules.whenStuck === 'backward') {
      for (let from = 1; from <= 30; from++) {
        if (board[from] !== side) continue;
        const to = this.backwardTarget(side, from, value);
        if (to > 0) out.push(encodeMove(from, to));
      }
    }
    return out;
  }

  /** The moves of the single pawn on `from`: forward, else backward where the rules say. */
  private pawnMoves(side: SideCode, value: number, from: number, out: number[]): void {
    let to = this.forwardTarget(side, from, value);
    if (to <= 0 && this.rules.whenStuck === 'backward') to = this.backwardTarget(side, from, value);
    if (to > 0) out.push(encodeMove(from, to));
  }

  /** Where `side`'s pawn on `from` goes moving `value` forward, or -1 if it may not. */
  private forwardTarget(side: SideCode, from: number, value: number): number {
    if (this.c.exitOnly[from]) return this.mayBearOff(side, from, value) ? OFF : -1;
    const to = from + value;
    if (this.rules.mustLandOn26 && from < 26 && to > 26) return -1;
    if (this.rules.threesBlock && threeBetween(this.board, from, to, 3 - side)) return -1;
    if (to > 30) return this.mayBearOff(side, from, value) ? OFF : -1;
    return this.canLand(side, to) ? to : -1;
  }

  private backwardTarget(side: SideCode, from: number, value: number): number {
    const to = from - value;
    if (to < 1 || this.c.exitOnly[from]) return -1;
    if (this.rules.threesBlock && threeBetween(this.board, from, to, 3 - side)) return -1;
    return this.canLand(side, to) ? to : -1;
  }

  private mayBearOff(side: SideCode, from: number, value: number): boolean {
    return this.rules.canBearOff ? this.rules.canBearOff(this, side, from, value) : from + value === OFF;
  }

  /** Whether `side` may land on `square`: empty, or an opponent it may attack. */
  private canLand(side: SideCode, square: number): boolean {
    const occupant = this.board[square]!;
    if (occupant === 0) return true;
    if (occupant === side) return false;
    return !this.isProtected(square, occupant);
  }

  private isProtected(square: number, side: number): boolean {
    if (this.c.safe[square]) return true;
    const rules = this.rules;
    if (!rules.pairsProtect && !rules.threesBlock) return false;
    const run = runThrough(this.board, square, side, this.c.noProtection);
    return (rules.pairsProtect && run >= 2) || (rules.threesBlock && run >= 3);
  }

  // ---- Doing it ---------------------------------------------------------------------------

  /** Throw the sticks (from `source`, or the game's own seeded generator). */
  throwSticks(source: ThrowSource = this.rng): void {
    const sticks = source.sticks();
    const value = throwValue(this.rules.throwTable, sticks);
    this.ply++;
    this.offer = 0;
    this.sticks = sticks;
    this.emit({ type: 'throw', side: sideName(this.turn), throw: { sticks, value } });
    this.startMove(value);
  }

  /** Take the throw the opponent forfeited, as if it were one's own. */
  take(): void {
    const value = this.offer;
    this.ply++;
    this.offer = 0;
    this.emit({ type: 'take', side: sideName(this.turn), value });
    this.startMove(value);
  }

  /**
   * Put a throw value in play for the side to move. With `settle`, a throw with no legal move
   * passes at once; without it the position waits with an empty move list (to inspect it).
   */
  startMove(value: number, settle = true): void {
    this.value = value;
    this.phase = 'move';
    if (this.c.extraOn[value]) this.extraThrows++;
    if (settle && this.movesFor(this.turn, value, this.scratch).length === 0) this.pass();
  }

  /** No legal move for the throw: the turn passes (with the throw offered, where the rules say). */
  private pass(): void {
    const side = this.turn;
    const value = this.value;
    this.emit({ type: 'pass', side: sideName(side), value });
    if (this.rules.passKeepsExtraThrows && this.extraThrows > 0) return this.throwAgain();
    this.endTurn();
    if (this.rules.forfeitOffer && this.movesFor(this.turn, value, this.scratch).length > 0) {
      this.offer = value;
      this.emit({ type: 'offer', side: sideName(this.turn), value });
    }
  }

  /** Play an encoded move; the caller has checked it is among `moves()`. */
  play(code: number): void {
    const from = moveFrom(code);
    const to = moveTo(code);
    this.ply++;
    if (this.phase === 'throw') {
      if (this.openingDue() === code) {
        this.extraThrows = this.rules.opening!.earnsThrow ? 1 : 0;
        this.movePawn(from, to, true);
      } else {
        this.movePawn(from, to, false); // back to 15 from the House of Waters: ends the turn
        this.extraThrows = 0;
      }
    } else {
      this.movePawn(from, to, true);
    }
    this.afterMove();
  }

  /**
   * Move a pawn, capture what it lands on and apply the square's effect (`counted`: the move is by
   * count; a pawn put back on 15 instead of throwing triggers no effect).
   */
  private movePawn(from: number, to: number, counted: boolean): void {
    const side = this.turn;
    const foe = (3 - side) as SideCode;
    const board = this.board;
    const backward = to < from;
    if (from === 0) this.waiting[side]!--;
    else board[from] = 0;
    let end = to;
    let capturedFrom = -1;
    let capturedTo = -1;
    let effect: SquareEffect | undefined;
    if (to === OFF) {
      this.bearOff(side);
    } else {
      if (board[to] === foe) {
        capturedFrom = to;
        if (this.rules.capture === 'remove' || from === 0) {
          this.waiting[foe]!++;
          capturedTo = 0;
        } else {
          capturedTo = this.rules.swapDestination ? this.rules.swapDestination(this, to, from) : from;
          board[capturedTo] = foe;
        }
      }
      board[to] = side;
      effect = counted ? this.c.effects[to] : undefined;
      if (effect) end = this.landOn(to, effect);
    }
    if (backward) this.extraThrows = 0; // a backward move loses the turn's extra throws
    Object.assign(this.last, { side, from, to, end, capturedFrom, capturedTo });
    if (this.events) {
      this.emit({
        type: 'move',
        side: sideName(side),
        from,
        to,
        end,
        backward,
        captured: capturedFrom < 0 ? null : { side: sideName(foe), from: capturedFrom, to: capturedTo },
        effect: effect?.kind ?? null,
      });
    }
  }

  private bearOff(side: SideCode): void {
    this.off[side]!++;
    if (this.rules.bearOffEarnsThrow) this.extraThrows++;
  }

  /** Apply a square's effect to the pawn that just landed there; returns where it ends up. */
  private landOn(square: number, effect: SquareEffect): number {
    const side = this.turn;
    switch (effect.kind) {
      case 'extraThrow':
        this.extraThrows++;
        return square;
      case 'water':
        this.extraThrows = 0;
        return square;
      case 'drown':
        this.board[square] = 0;
        this.waiting[side]!++;
        return 0;
      case 'off':
        this.board[square] = 0;
        this.bearOff(side);
        return OFF;
      case 'sendTo': {
        this.board[square] = 0;
        const dest = firstFree(this.board, effect.square, effect.search);
        if (dest < 0) throw new Error(`no free square from ${effect.square} ${effect.search}`);
        this.board[dest] = side;
        return dest;
      }
    }
  }

  private afterMove(): void {
    const side = this.turn;
    this.unmoved &= ~(1 << side);
    if (this.off[side] === this.rules.pawns) {
      this.winner = side;
      this.phase = 'over';
      this.extraThrows = 0;
      this.score = this.rules.score ? this.rules.score(this, (3 - side) as SideCode) : null;
      this.emit({ type: 'win', side: sideName(side), score: this.score });
    } else if (this.extraThrows > 0) {
      this.throwAgain();
    } else {
      this.endTurn();
    }
  }

  private throwAgain(): void {
    this.extraThrows--;
    this.phase = 'throw';
    this.emit({ type: 'extraThrow', side: sideName(this.turn) });
  }

  private endTurn(): void {
    this.extraThrows = 0;
    this.turn = (3 - this.turn) as SideCode;
    this.phase = 'throw';
  }

  private emit(event: GameEvent): void {
    if (this.events) this.events.push(event);
  }
}

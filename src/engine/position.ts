// The one move-generation core and turn flow shared by every rule set.
//
// A Position is the mutable, fast form of a game: the AI and the benchmarks play on it directly;
// the public API (game.ts) converts it to and from the plain GameState. Moves are encoded as
// numbers (from * 32 + to) so generating them allocates nothing.
import { firstFree, runThrough } from './board.js';
import { encodeMove, moveFrom, moveTo, sideCode, sideName } from './codes.js';
import { type Compiled, compile } from './compiled.js';
import type { BoardView, Rules, SideCode, SquareEffect } from './rules.js';
import { type GameDice, SeededSticks, throwValue, type ThrowSource } from './throws.js';
import { type GameEvent, OFF as BORNE_OFF, type Phase } from './types.js';

/**
 * Borne off (square 31), read into a local once: where modules run through tsx (tests,
 * benchmarks), every read of an imported binding is a getter call, too slow for this hot path.
 */
const OFF = BORNE_OFF;
/** Every square and off the board, as a bit set for `generateMoves`. */
const ANYWHERE = -1;
/** More than any position allows: one move per pawn (at most 7) plus entering. */
export const MAX_MOVES = 16;

/** Whether square `to` (31 = off the board) is in the bit set `squares`. */
function landsIn(squares: number, to: number): boolean {
  return ((squares >>> to) & 1) === 1;
}

function copyOut(list: Uint16Array, count: number, out: number[]): number[] {
  out.length = 0;
  for (let i = 0; i < count; i++) out.push(list[i]!);
  return out;
}

export class Position implements BoardView {
  readonly rules: Rules;
  private readonly c: Compiled;
  /** Cells 1..30: 0 empty, 1 W, 2 B. Read freely; write only through `setBoard` (bits follow it). */
  readonly board = new Uint8Array(32);
  /** Per side, bit s set while that side has a pawn on square s: generation walks pawns, not squares. */
  private readonly bits = [0, 0, 0];
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
  /** The game's own dice: the old seeded generator, or keyed dice's count of throws (throws.ts). */
  dice: GameDice;
  /** When set, every step appends what happened here (the API collects them; the fast path does not). */
  events: GameEvent[] | null = null;
  /** The legal moves for the throw in play (phase `move`), and a buffer for other lists. */
  private readonly pending = new Uint16Array(MAX_MOVES);
  private pendingCount = 0;
  private readonly scratch = new Uint16Array(MAX_MOVES);

  constructor(rules: Rules, dice: GameDice) {
    this.rules = rules;
    this.c = compile(rules);
    this.dice = dice;
  }

  /** The rule set's start position, with its dice: a number seeds the old generator. */
  static start(rules: Rules, dice: number | GameDice): Position {
    const pos = new Position(rules, typeof dice === 'number' ? SeededSticks.fromSeed(dice) : dice);
    for (let s = 1; s <= 30; s++) {
      const ch = rules.start.board[s - 1];
      if (ch === 'W' || ch === 'B') pos.put(s, sideCode(ch));
    }
    pos.waiting[1] = pos.waiting[2] = rules.start.waiting;
    pos.turn = sideCode(rules.start.first);
    pos.unmoved = 0b110;
    return pos;
  }

  /** An independent copy, with its own dice in the same state. */
  clone(): Position {
    return new Position(this.rules, this.dice.clone()).copyFrom(this);
  }

  /**
   * Make this the position of `other` (same rules) without allocating: the search reuses one
   * position per depth instead of cloning. This position keeps its own dice (copying them
   * allocates, and the search throws from fixed sticks); `clone()` copies that too. Events are not
   * copied: the copy records none.
   */
  copyFrom(other: Position): this {
    if (other.rules !== this.rules) throw new Error('copyFrom: the positions play different rules');
    this.board.set(other.board);
    for (let i = 1; i <= 2; i++) {
      this.bits[i] = other.bits[i]!;
      this.waiting[i] = other.waiting[i]!;
      this.off[i] = other.off[i]!;
    }
    this.turn = other.turn;
    this.phase = other.phase;
    this.sticks = other.sticks;
    this.value = other.value;
    this.extraThrows = other.extraThrows;
    this.unmoved = other.unmoved;
    this.offer = other.offer;
    this.winner = other.winner;
    this.score = other.score;
    const last = this.last;
    const from = other.last;
    last.side = from.side;
    last.from = from.from;
    last.to = from.to;
    last.end = from.end;
    last.capturedFrom = from.capturedFrom;
    last.capturedTo = from.capturedTo;
    this.ply = other.ply;
    this.events = null;
    this.pending.set(other.pending);
    this.pendingCount = other.pendingCount;
    return this;
  }

  /** Bit s set while `side` has a pawn on square s (a compact key of the board for caches). */
  pawnBits(side: SideCode): number {
    return this.bits[side]!;
  }

  /** After fields were set directly (loading a stored state), recompute what the throw in play allows. */
  recomputeMoves(): void {
    this.pendingCount = this.phase === 'move' ? this.generateMoves(this.turn, this.value, this.pending) : 0;
  }

  /** Replace the whole board (cells indexed 1..30: 0 empty, 1 W, 2 B). */
  setBoard(cells: Uint8Array): void {
    this.board.fill(0);
    this.bits[1] = this.bits[2] = 0;
    for (let s = 1; s <= 30; s++) if (cells[s] === 1 || cells[s] === 2) this.put(s, cells[s] as SideCode);
  }

  private put(square: number, side: SideCode): void {
    this.board[square] = side;
    this.bits[side]! |= 1 << square;
  }

  private clear(square: number): void {
    const side = this.board[square]!;
    this.bits[side]! &= ~(1 << square);
    this.board[square] = 0;
  }

  // ---- What may be done now -------------------------------------------------------------

  /** The opening move due now, before any throw (encoded), or -1. */
  private openingDue(): number {
    const c = this.c;
    const side = this.turn;
    if (c.openingSide !== side || this.phase !== 'throw' || !(this.unmoved & (1 << side))) return -1;
    if (this.board[moveFrom(c.opening)] !== side || this.board[moveTo(c.opening)] !== 0) return -1;
    return c.opening;
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
   * The legal pawn moves now, encoded, in button order (entering first, then by square), written
   * into `into`; returns how many. In phase `move`: the moves for the throw in play. In phase
   * `throw`: moves allowed instead of a throw (the opening, or a pawn in the House of Waters going
   * back to 15). Allocation-free, for hot loops; `moves()` is the convenient form.
   */
  listMoves(into: Uint16Array): number {
    if (this.phase === 'move') {
      // Computed when the throw was put in play; nothing changes the position before a move.
      for (let i = 0; i < this.pendingCount; i++) into[i] = this.pending[i]!;
      return this.pendingCount;
    }
    if (this.phase === 'over') return 0;
    const opening = this.openingDue();
    if (opening >= 0) {
      into[0] = opening;
      return 1;
    }
    const c = this.c;
    if (c.waterSquare > 0 && this.board[c.waterSquare] === this.turn && this.board[c.waterReturn] === 0) {
      into[0] = encodeMove(c.waterSquare, c.waterReturn);
      return 1;
    }
    return 0;
  }

  /** The legal pawn moves now (see `listMoves`), into `out`. */
  moves(out: number[]): number[] {
    return copyOut(this.scratch, this.listMoves(this.scratch), out);
  }

  /**
   * The core: every legal move for `side` with throw `value`, forward ones, else (where the rules
   * say) backward ones, written into `into`; returns how many. With `onto` (a bit set of squares,
   * bit 31 = off the board), only the moves landing there are listed: the AI asks which captures
   * a throw allows, and once one forward move is known to exist (so backward moves are out), pawns
   * that cannot land there need not be looked at.
   */
  generateMoves(side: SideCode, value: number, into: Uint16Array, onto = ANYWHERE): number {
    const board = this.board;
    const c = this.c;
    // A pawn in the House of Waters freezes its side: only it may move, and only off the board
    // with the exact throw. The texts grant that release unconditionally, and nothing may bar
    // it: a three on 28-30 or a last-row rule could otherwise freeze a side for ever.
    if (c.waterSquare > 0 && board[c.waterSquare] === side) {
      if (value !== c.waterExit || !landsIn(onto, OFF)) return 0;
      into[0] = encodeMove(c.waterSquare, OFF);
      return 1;
    }
    if (c.firstMoverSide === side && this.unmoved & (1 << side) && board[c.firstMoverSquare] === side) {
      const from = c.firstMoverSquare;
      let to = this.forwardTarget(side, from, value);
      if (to <= 0 && c.backwardWhenStuck) to = this.backwardTarget(side, from, value);
      if (to > 0) {
        if (!landsIn(onto, to)) return 0;
        into[0] = encodeMove(from, to);
        return 1;
      }
    }
    let count = 0;
    let forward = false;
    if (c.enterOn[value] && this.waiting[side]! > 0 && this.canLand(side, value)) {
      forward = true;
      if (landsIn(onto, value)) into[count++] = encodeMove(0, value);
    }
    // Walk the side's pawns from the lowest square up: take the lowest set bit each time.
    for (let pawns = this.bits[side]!; pawns !== 0; pawns &= pawns - 1) {
      const from = 31 - Math.clz32(pawns & -pawns);
      // A forward move lands on from + value, or off the board.
      if (forward && !landsIn(onto, Math.min(from + value, OFF))) continue;
      const to = this.forwardTarget(side, from, value);
      if (to <= 0) continue;
      forward = true;
      if (landsIn(onto, to)) into[count++] = encodeMove(from, to);
    }
    if (!forward && c.backwardWhenStuck) {
      for (let pawns = this.bits[side]!; pawns !== 0; pawns &= pawns - 1) {
        const from = 31 - Math.clz32(pawns & -pawns);
        const to = this.backwardTarget(side, from, value);
        if (to > 0 && landsIn(onto, to)) into[count++] = encodeMove(from, to);
      }
    }
    return count;
  }

  /** Where `side`'s pawn on `from` goes moving `value` forward, or -1 if it may not. */
  private forwardTarget(side: SideCode, from: number, value: number): number {
    const c = this.c;
    if (c.exitOnly[from]) return c.canBearOff(this, side, from, value) ? OFF : -1;
    const to = from + value;
    if (c.mustLandOn26 && from < 26 && to > 26) return -1;
    if (c.threesBlock && this.threeBetween(from, to, 3 - side)) return -1;
    if (to > 30) return c.canBearOff(this, side, from, value) ? OFF : -1;
    return this.canLand(side, to) ? to : -1;
  }

  private backwardTarget(side: SideCode, from: number, value: number): number {
    const to = from - value;
    if (to < 1 || this.c.exitOnly[from]) return -1;
    // Only the opponent's three bars the way: a three is "safe from attack but may not be passed" for the
    // opponent, and a pawn backing out of its own three breaks it (docs/rules/kendall.md K7, K15).
    if (this.c.threesBlock && this.threeBetween(to, from, 3 - side)) return -1;
    return this.canLand(side, to) ? to : -1;
  }

  /** Whether `side` may land on `square`: empty, or an opponent it may attack. */
  private canLand(side: SideCode, square: number): boolean {
    const occupant = this.board[square]!;
    if (occupant === 0) return true;
    if (occupant === side) return false;
    return !this.isProtected(square, occupant);
  }

  private isProtected(square: number, side: number): boolean {
    const c = this.c;
    if (c.safe[square]) return true;
    if (c.pairsProtect) {
      // A neighbour of the same side protects, unless either stands where protection does not apply.
      const guards = this.bits[side]! & ~c.noProtectionBits;
      return ((guards >>> square) & 1) === 1 && (((guards >>> (square - 1)) | (guards >>> (square + 1))) & 1) === 1;
    }
    return c.threesBlock && runThrough(this.board, square, side, c.noProtection) >= 3;
  }

  /**
   * Whether three consecutive pawns of `side` stand strictly between squares `low` and `high`
   * (`high` past 30 means off the board): a run starting on s covers s, s+1 and s+2.
   */
  private threeBetween(low: number, high: number, side: number): boolean {
    const first = low + 1;
    const last = Math.min(high - 1, 30);
    const starts = last - first - 1; // runs may start on first .. last - 2
    if (starts <= 0) return false;
    const pawns = this.bits[side]!;
    const runStarts = pawns & (pawns >>> 1) & (pawns >>> 2);
    return (runStarts & (((1 << starts) - 1) << first)) !== 0;
  }

  // ---- Doing it ---------------------------------------------------------------------------

  /** Throw the sticks (from `source`, or the game's own dice). */
  throwSticks(source: ThrowSource = this.dice): void {
    const sticks = source.sticks();
    const value = throwValue(this.c.throwTable, sticks);
    this.ply++;
    this.offer = 0;
    this.sticks = sticks;
    if (this.events) this.events.push({ type: 'throw', side: sideName(this.turn), throw: { sticks, value } });
    this.startMove(value);
  }

  /** Take the throw the opponent forfeited, as if it were one's own. */
  take(): void {
    const value = this.offer;
    this.ply++;
    this.offer = 0;
    if (this.events) this.events.push({ type: 'take', side: sideName(this.turn), value });
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
    this.pendingCount = this.generateMoves(this.turn, value, this.pending);
    if (this.pendingCount === 0 && settle) this.pass();
  }

  /** No legal move for the throw: the turn passes (with the throw offered, where the rules say). */
  private pass(): void {
    const side = this.turn;
    const value = this.value;
    if (this.events) this.events.push({ type: 'pass', side: sideName(side), value });
    if (this.c.passKeepsExtraThrows && this.extraThrows > 0) return this.throwAgain();
    this.endTurn();
    if (this.c.forfeitOffer && this.generateMoves(this.turn, value, this.scratch) > 0) {
      this.offer = value;
      if (this.events) this.events.push({ type: 'offer', side: sideName(this.turn), value });
    }
  }

  /** Play an encoded move; the caller has checked it is among `moves()`. */
  play(code: number): void {
    const from = moveFrom(code);
    const to = moveTo(code);
    this.ply++;
    if (this.phase === 'throw') {
      if (this.openingDue() === code) {
        this.extraThrows = this.c.openingEarnsThrow ? 1 : 0;
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
    else this.clear(from);
    let end = to;
    let capturedFrom = -1;
    let capturedTo = -1;
    let effect: SquareEffect | undefined;
    if (to === OFF) {
      this.bearOff(side);
    } else {
      if (board[to] === foe) {
        capturedFrom = to;
        this.clear(to);
        if (this.c.removeCaptured || from === 0) {
          this.waiting[foe]!++;
          capturedTo = 0;
        } else {
          capturedTo = this.c.swapDestination(this, to, from);
          this.put(capturedTo, foe);
        }
      }
      this.put(to, side);
      effect = counted ? this.c.effects[to] : undefined;
      if (effect) end = this.landOn(to, effect);
    }
    if (backward) this.extraThrows = 0; // a backward move loses the turn's extra throws
    const last = this.last;
    last.side = side;
    last.from = from;
    last.to = to;
    last.end = end;
    last.capturedFrom = capturedFrom;
    last.capturedTo = capturedTo;
    if (this.events) {
      this.events.push({
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
    if (this.c.bearOffEarnsThrow) this.extraThrows++;
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
        this.clear(square);
        this.waiting[side]!++;
        return 0;
      case 'off':
        this.clear(square);
        this.bearOff(side);
        return OFF;
      case 'sendTo': {
        this.clear(square);
        const dest = firstFree(this.board, effect.square, effect.search);
        if (dest < 0) throw new Error(`no free square from ${effect.square} ${effect.search}`);
        this.put(dest, side);
        return dest;
      }
    }
  }

  private afterMove(): void {
    const side = this.turn;
    this.unmoved &= ~(1 << side);
    if (this.off[side] === this.c.pawns) {
      this.winner = side;
      this.phase = 'over';
      this.extraThrows = 0;
      this.score = this.rules.score ? this.rules.score(this, (3 - side) as SideCode) : null; // once per game
      if (this.events) this.events.push({ type: 'win', side: sideName(side), score: this.score });
    } else if (this.extraThrows > 0) {
      this.throwAgain();
    } else {
      this.endTurn();
    }
  }

  private throwAgain(): void {
    this.extraThrows--;
    this.phase = 'throw';
    if (this.events) this.events.push({ type: 'extraThrow', side: sideName(this.turn) });
  }

  private endTurn(): void {
    this.extraThrows = 0;
    this.turn = (3 - this.turn) as SideCode;
    this.phase = 'throw';
  }
}

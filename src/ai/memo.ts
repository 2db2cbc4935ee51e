// A fixed-size memo of position scores. Hard's search reaches the same position again and again
// (two pawns moved in either order, the same reply after another throw, the next decision's
// search going over ground the last one covered; docs/performance.md has the hit rate). The key
// is the whole of what the evaluation reads, so a hit is exact; a new entry simply replaces
// whatever shared its slot.
import { mix32 } from '../lib/hash.js';

/** 2^16 slots: about 1.3 MB per rule configuration. */
const BITS = 16;
const SIZE = 1 << BITS;
const EMPTY = -1;

export class ScoreMemo {
  /** Three key words per slot; the third is never negative, so EMPTY marks a free slot. */
  private readonly keys = new Int32Array(SIZE * 3).fill(EMPTY);
  private readonly scores = new Float64Array(SIZE);

  /** The score stored for the key, or NaN. */
  get(a: number, b: number, c: number): number {
    const slot = slotOf(a, b, c);
    const k = slot * 3;
    const keys = this.keys;
    return keys[k] === a && keys[k + 1] === b && keys[k + 2] === c ? this.scores[slot]! : NaN;
  }

  set(a: number, b: number, c: number, score: number): void {
    const slot = slotOf(a, b, c);
    const k = slot * 3;
    this.keys[k] = a;
    this.keys[k + 1] = b;
    this.keys[k + 2] = c;
    this.scores[slot] = score;
  }
}

function slotOf(a: number, b: number, c: number): number {
  return mix32(mix32(a, b), c) >>> (32 - BITS);
}

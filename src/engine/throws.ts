// Casting the four sticks. Each stick shows a light or a dark side with equal chance; a rule
// set's throw table turns the number of light sides into the value moved.
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** Value by number of light sides up, index 0..4 (index 0 is the all-dark throw). */
export type ThrowTable = readonly [number, number, number, number, number];

/** Where the sticks come from: returns the four sticks as bits (1 = light side up), 0..15. */
export interface ThrowSource {
  sticks(): number;
}

export function lightCount(sticks: number): number {
  return (sticks & 1) + ((sticks >> 1) & 1) + ((sticks >> 2) & 1) + ((sticks >> 3) & 1);
}

export function throwValue(table: ThrowTable, sticks: number): number {
  return table[lightCount(sticks)]!;
}

/** Chance of each number of light sides with four fair sticks: 1, 4, 6, 4, 1 in 16. */
const LIGHT_COUNT_CHANCES: readonly number[] = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

/** The distinct values of a table with their chances, in table order (used by the AI's chance nodes). */
export function throwDistribution(table: ThrowTable): { value: number; chance: number }[] {
  return table.map((value, light) => ({ value, chance: LIGHT_COUNT_CHANCES[light]! }));
}

/** A set of sticks showing a given number of light sides (for forced throws in tests and cases). */
export function sticksFor(table: ThrowTable, value: number): number {
  const light = table.indexOf(value);
  if (light < 0) throw new RangeError(`no throw of ${value} with this throw table`);
  return (1 << light) - 1;
}

/**
 * The default source: xoroshiro128+ from pure-rand. Its state is plain numbers, kept in the game
 * state, so a game replays exactly from its seed. The four sticks are the generator's top bits
 * (the low bits of xoroshiro128+ are its weakest).
 */
export class SeededSticks implements ThrowSource {
  private readonly rng: RandomGenerator;

  private constructor(rng: RandomGenerator) {
    this.rng = rng;
  }

  static fromSeed(seed: number): SeededSticks {
    return new SeededSticks(xoroshiro128plus(seed | 0));
  }

  static fromState(state: readonly number[]): SeededSticks {
    return new SeededSticks(xoroshiro128plusFromState(state));
  }

  sticks(): number {
    return (this.rng.next() >>> 28) & 0xf;
  }

  /** An independent generator in the same state. */
  clone(): SeededSticks {
    return new SeededSticks(this.rng.clone());
  }

  state(): number[] {
    return [...this.rng.getState()];
  }
}

/** Sticks in a fixed order, for tests and rule cases. Throws when it runs out. */
export class FixedSticks implements ThrowSource {
  private index = 0;
  constructor(private readonly sequence: readonly number[]) {}
  sticks(): number {
    const next = this.sequence[this.index++];
    if (next === undefined) throw new RangeError('FixedSticks ran out of throws');
    return next;
  }
}

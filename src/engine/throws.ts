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
 * The old kind of dice ('seeded'): xoroshiro128+ from pure-rand, seeded with 32 bits. Its state is
 * plain numbers, kept in the game state, so a game replays exactly from its seed; but whoever sees
 * that state, or a few throws (and searches the 2^32 seeds), knows every later throw. Games stored
 * before verifiable dice keep it, and so do the tools that simulate many games for speed (selfplay,
 * balance, tournament, calibrate, predictability, the benchmarks): nobody plays against those. A
 * game played in the chat uses keyed dice (KeyedDice). The four sticks are the generator's top bits
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

/**
 * Keyed dice's throws by number (1 = the game's first throw): computed from the game's secret
 * (DiceSecret, keyedDice.ts, the one module that uses node:crypto), or read from a list of the
 * throws a game has made (throwList, for replays: those throws were shown already).
 */
export interface KeyedThrows {
  /** The four sticks of throw `number`, as bits (1 = light side up), 0..15. */
  sticksOf(number: number): number;
}

/** The throws a game has made, in order, as keyed throws (a replay needs no secret). */
export function throwList(sticks: readonly number[]): KeyedThrows {
  return {
    sticksOf: (number) => {
      const found = sticks[number - 1];
      if (found === undefined) throw new RangeError(`throw ${number} is not among the ${sticks.length} given`);
      return found;
    },
  };
}

/**
 * The new kind of dice ('keyed'): throw n is a function of the game's secret and n alone, so the
 * state carries only how many throws were made, from which nothing about the next one follows.
 * The secret (`key`) is handed in only where a throw is made (the service's move, a replay);
 * without it the dice cannot throw, and saying so is a bug in the caller, not a player's mistake.
 */
export class KeyedDice implements ThrowSource {
  constructor(
    /** Throws made so far: the next is number `thrown + 1`. */
    public thrown: number,
    private readonly key: KeyedThrows | null,
  ) {}

  sticks(): number {
    if (!this.key) throw new Error("keyed dice cannot throw without the game's key");
    return this.key.sticksOf(++this.thrown);
  }

  clone(): KeyedDice {
    return new KeyedDice(this.thrown, this.key);
  }
}

/** A game's own dice: the old seeded generator, or keyed dice. */
export type GameDice = SeededSticks | KeyedDice;

/**
 * Sticks in a fixed order, for tests and rule cases. Throws when it runs out.
 * @internal
 */
export class FixedSticks implements ThrowSource {
  private index = 0;
  constructor(private readonly sequence: readonly number[]) {}
  sticks(): number {
    const next = this.sequence[this.index++];
    if (next === undefined) throw new RangeError('FixedSticks ran out of throws');
    return next;
  }
}

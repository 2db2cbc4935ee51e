// A rule set compiled for the hot path of the move-generation core (position.ts).
import { squareFlags } from './board.js';
import { encodeMove, sideCode } from './codes.js';
import type { BoardView, Rules, SideCode, SquareEffect } from './rules.js';
import type { ThrowTable } from './throws.js';
import { OFF } from './types.js';

/**
 * A rule set's data in one fixed shape, built once per Rules: flag arrays indexed by square or
 * value, and every hook present (the default where the rule set has none). The five rule objects
 * have different shapes; reading them in the hot path would make V8's property access megamorphic.
 */
export interface Compiled {
  extraOn: Uint8Array; // by throw value
  enterOn: Uint8Array; // by throw value
  safe: Uint8Array; // by square
  noProtection: Uint8Array; // by square
  noProtectionBits: number; // the same squares as a bit mask
  exitOnly: Uint8Array; // by square
  effects: (SquareEffect | undefined)[]; // by square
  /** The House of Waters' square (0 = none), where it sends a pawn instead of a throw, and the throw that leaves it. */
  waterSquare: number;
  waterReturn: number;
  waterExit: number;
  mustLandOn26: boolean;
  pairsProtect: boolean;
  threesBlock: boolean;
  removeCaptured: boolean;
  backwardWhenStuck: boolean;
  firstMoverSide: number; // side code, 0 = none
  firstMoverSquare: number;
  openingSide: number; // side code, 0 = none
  opening: number; // encoded move
  openingEarnsThrow: boolean;
  throwTable: ThrowTable;
  pawns: number;
  passKeepsExtraThrows: boolean;
  forfeitOffer: boolean;
  bearOffEarnsThrow: boolean;
  canBearOff: NonNullable<Rules['canBearOff']>;
  swapDestination: NonNullable<Rules['swapDestination']>;
}

const exactBearOff = (_view: BoardView, _side: SideCode, from: number, value: number): boolean => from + value === OFF;
const swapToAttackerSquare = (_view: BoardView, _square: number, from: number): number => from;

const compiledCache = new WeakMap<Rules, Compiled>();

export function compile(rules: Rules): Compiled {
  let compiled = compiledCache.get(rules);
  if (!compiled) {
    const effects: (SquareEffect | undefined)[] = [];
    for (let s = 0; s <= OFF; s++) effects.push(rules.squares[s]?.effect);
    const waterSquare = effects.findIndex((effect) => effect?.kind === 'water');
    const water = effects[waterSquare];
    compiled = {
      extraOn: squareFlags(rules.extraThrowOn),
      enterOn: squareFlags(rules.enterOn),
      safe: squareFlags(rules.safeSquares),
      noProtection: squareFlags(rules.noProtectionOn),
      noProtectionBits: rules.noProtectionOn.reduce((bits, square) => bits | (1 << square), 0),
      exitOnly: squareFlags(rules.exitOnlyFrom),
      effects,
      waterSquare: Math.max(waterSquare, 0),
      waterReturn: water?.kind === 'water' ? water.returnTo : 0,
      waterExit: water?.kind === 'water' ? water.exitThrow : 0,
      mustLandOn26: rules.mustLandOn26,
      pairsProtect: rules.pairsProtect,
      threesBlock: rules.threesBlock,
      removeCaptured: rules.capture === 'remove',
      backwardWhenStuck: rules.whenStuck === 'backward',
      firstMoverSide: rules.firstMover ? sideCode(rules.firstMover.side) : 0,
      firstMoverSquare: rules.firstMover?.square ?? 0,
      openingSide: rules.opening ? sideCode(rules.opening.side) : 0,
      opening: rules.opening ? encodeMove(rules.opening.from, rules.opening.to) : 0,
      openingEarnsThrow: rules.opening?.earnsThrow ?? false,
      throwTable: rules.throwTable,
      pawns: rules.pawns,
      passKeepsExtraThrows: rules.passKeepsExtraThrows,
      forfeitOffer: rules.forfeitOffer,
      bearOffEarnsThrow: rules.bearOffEarnsThrow,
      canBearOff: rules.canBearOff ?? exactBearOff,
      swapDestination: rules.swapDestination ?? swapToAttackerSquare,
    };
    compiledCache.set(rules, compiled);
  }
  return compiled;
}

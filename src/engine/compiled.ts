// A rule set compiled for the hot path of the move-generation core (position.ts).
import { squareFlags } from './board.js';
import { encodeMove, sideCode } from './codes.js';
import type { BoardView, Rules, SideCode, SquareEffect } from './rules.js';
import type { ThrowTable } from './throws.js';

const OFF = 31;
const WATER = 27;

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
  water: boolean; // 27 is a House of Waters
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
    for (let s = 0; s <= 31; s++) effects.push(rules.squares[s]?.effect);
    compiled = {
      extraOn: squareFlags(rules.extraThrowOn),
      enterOn: squareFlags(rules.enterOn),
      safe: squareFlags(rules.safeSquares),
      noProtection: squareFlags(rules.noProtectionOn),
      noProtectionBits: rules.noProtectionOn.reduce((bits, square) => bits | (1 << square), 0),
      exitOnly: squareFlags(rules.exitOnlyFrom),
      effects,
      water: effects[WATER]?.kind === 'water',
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

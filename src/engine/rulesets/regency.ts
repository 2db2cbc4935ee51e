// The Regency Chess Company's printed rules, ../shared/seeds/004 (docs/rules/regency.md).
import { allOnLastRow } from '../board.js';
import type { OptionSchema, RuleSet, Rules } from '../rules.js';
import { GLYPH, HOUSE_OF_REBIRTH, HOUSE_OF_WATER, alternatingStart } from './common.js';

/** Regency's "Rule variations" section, offered as one switch. */
export type RegencyOptions = {
  variations: boolean;
};

const options: OptionSchema<RegencyOptions> = {
  variations: {
    kind: 'flag',
    slashName: 'variations',
    default: false,
    words: { on: 'with variations', off: 'without variations' },
  },
};

const REFUGE = 'A refuge: a pawn here cannot be attacked.';

const base: Rules = {
  id: 'regency',
  options: { variations: false },
  pawns: 5,
  // "Four flat sides yield 6 points."
  throwTable: [6, 1, 2, 3, 4],
  // "continues rolling ... until a two or three is rolled"
  extraThrowOn: [1, 4, 6],
  // "white occupying the odd squares and black the evens"; black, who threw the one, starts.
  start: { board: alternatingStart('W', 10), waiting: 0, first: 'B' },
  // "moves the black counter on the tenth square to the eleventh square. The player continues rolling"
  opening: { side: 'B', from: 10, to: 11, earnsThrow: true },
  // "The white player opens by moving the counter on the ninth square."
  firstMover: { side: 'W', square: 9 },
  enterOn: [],
  capture: 'swap',
  mustLandOn26: false,
  // "one of two adjacent squares each occupied by the opposite colour ... both are safe from capture"
  pairsProtect: true,
  // "may not move beyond three adjacent squares each occupied by the opposing colour"
  threesBlock: true,
  noProtectionOn: [],
  safeSquares: [26, 28, 29, 30],
  exitOnlyFrom: [],
  whenStuck: 'pass',
  passKeepsExtraThrows: false,
  forfeitOffer: false,
  bearOffEarnsThrow: false,
  squares: {
    26: { name: 'Refuge', glyph: GLYPH.house, rule: REFUGE },
    27: {
      name: 'X',
      glyph: '✕',
      rule: 'A pawn landing here moves to the lowest empty square.',
      effect: { kind: 'sendTo', square: 1, search: 'up' },
    },
    28: { name: 'Refuge', glyph: GLYPH.house, rule: REFUGE },
    29: { name: 'Refuge', glyph: GLYPH.house, rule: REFUGE },
    30: {
      name: 'Refuge',
      glyph: GLYPH.house,
      rule: 'A pawn reaching this square by exact count is removed from the board.',
      effect: { kind: 'off' },
    },
  },
  // Past 30 only "when all as yet unremoved counters are on the third row"; exactly to 30 is the 'off' square effect.
  canBearOff: (view, side, from, value) => from + value > 30 && allOnLastRow(view.board, view.waiting, side),
  // "a point for each counter of opposite colour in the final row; two points for each in the
  // second row; three points for each in the third row", rows counted back from the finish.
  score: (view, loser) => {
    let points = 0;
    for (let s = 1; s <= 30; s++) if (view.board[s] === loser) points += s > 20 ? 1 : s > 10 ? 2 : 3;
    return points;
  },
};

/**
 * "Rule variations": 26 is the House of Happiness, landed on exactly before the last four squares;
 * 27 the House of Water, sending the pawn to 15 (the House of Rebirth); and a pawn exits only by
 * the exact count past 30 ("from square 28 by rolling a three", 29 a two, 30 a one), which
 * replaces the main rule's removal on 30 and its third-row condition.
 */
const variations: Rules = {
  ...base,
  options: { variations: true },
  mustLandOn26: true,
  squares: {
    ...base.squares,
    15: HOUSE_OF_REBIRTH,
    26: { name: 'House of Happiness', glyph: GLYPH.nefer, rule: 'A refuge, landed on exactly before going further.' },
    27: HOUSE_OF_WATER,
    30: { name: 'Refuge', glyph: GLYPH.house, rule: 'A refuge; a pawn here leaves with exactly 1.' },
  },
  canBearOff: undefined,
};

export const regency: RuleSet<RegencyOptions> = {
  id: 'regency',
  title: 'Regency',
  summary: 'Throws of 1, 4 and 6 keep the turn; pairs protect, threes block; refuges; the winner scores points.',
  options,
  notable: [{ tag: 'variations', options: { variations: true }, tournament: false }],
  build: ({ variations: withVariations }) => (withVariations ? variations : base),
};

// Kendall's reconstruction as given in ../shared/seeds/000 (docs/rules/kendall.md).
import { allOnLastRow } from '../board.js';
import { OFF } from '../types.js';
import type { OptionSchema, RuleSet, Rules } from '../rules.js';
import { GLYPH, alternatingStart } from './common.js';

export type KendallOptions = {
  pawns: 5 | 7;
  safePairs: boolean;
  blockingThrees: boolean;
  lastRowBearOff: boolean;
};

// The three "Recommended Optional Rules" are on by default; 7 pawns is among the "Other Optional Rules".
const options: OptionSchema<KendallOptions> = {
  pawns: {
    kind: 'number',
    slashName: 'pawns',
    default: 5,
    choices: [5, 7],
    words: (pawns) => `${pawns} pawns`,
  },
  safePairs: {
    kind: 'flag',
    slashName: 'safe_pairs',
    default: true,
    words: { on: 'safe pairs', off: 'no safe pairs' },
  },
  blockingThrees: {
    kind: 'flag',
    slashName: 'blocking_threes',
    default: true,
    words: { on: 'blocking threes', off: 'no blocking threes' },
  },
  lastRowBearOff: {
    kind: 'flag',
    slashName: 'last_row_bear_off',
    default: true,
    words: { on: 'last-row bear-off', off: 'no last-row bear-off' },
  },
};

function build(options: KendallOptions): Rules {
  return {
    id: 'kendall',
    options,
    pawns: options.pawns,
    // "1 head = 1, 2 heads = 2, 3 heads = 3, 4 heads = 4, 4 tails = 5"
    throwTable: [5, 1, 2, 3, 4],
    extraThrowOn: [],
    // Black on square 1, alternating; the 7-pawn game adds 11-14 ("The extra four pawns are placed on squares 11-14").
    start: { board: alternatingStart('B', options.pawns === 7 ? 14 : 10), waiting: 0, first: 'W' },
    // "player with highest number gets white pawns and moves his pawn on square 10 to square 15"
    opening: { side: 'W', from: 10, to: 15, earnsThrow: false },
    firstMover: null,
    enterOn: [],
    capture: 'swap',
    mustLandOn26: true,
    pairsProtect: options.safePairs,
    threesBlock: options.blockingThrees,
    noProtectionOn: [],
    safeSquares: [],
    exitOnlyFrom: [],
    whenStuck: 'backward',
    passKeepsExtraThrows: false,
    forfeitOffer: true,
    bearOffEarnsThrow: false,
    squares: {
      15: {
        name: 'House of Rebirth',
        glyph: GLYPH.ankh,
        rule: 'The opening move comes here, and a dead pawn may be reborn here instead of throwing.',
      },
      26: {
        name: 'House of Beauty',
        glyph: GLYPH.nefer,
        rule: 'Every pawn must stop here by exact count before going further.',
      },
      27: {
        name: 'House of Death',
        glyph: GLYPH.water,
        rule: 'A pawn stopping here dies and freezes its side until it is reborn on 15 or bears off with a 4.',
        // "move his dead pawn back to square 15 ... in lieu of tossing the coins" / "A 4 allows the dead
        // pawn to bear off the Board in a single jump directly from the House of Death."
        effect: { kind: 'water', returnTo: 15, exitThrow: 4 },
      },
      28: {
        name: 'House of the Emperor',
        glyph: GLYPH.stroke.repeat(3),
        rule: 'Bear off with exactly 3. An attacked pawn here falls into the House of Death.',
      },
      29: {
        name: 'House of the Tower',
        glyph: GLYPH.stroke.repeat(2),
        rule: 'Bear off with exactly 2. An attacked pawn here falls into the House of Death.',
      },
      30: {
        name: 'House of the Hero',
        glyph: GLYPH.falcon,
        rule: 'Bear off with exactly 1. An attacked pawn here falls into the House of Death.',
      },
    },
    // "A player can only bear off a pawn with the exact count"; optionally only once the whole side
    // is on the last row, checked at every bear-off "as in Backgammon". (The dead pawn's exit from
    // 27 with a 4 is the core's unconditional release from the water, not a bear-off hook case.)
    canBearOff: (view, side, from, value) =>
      from + value === OFF && (!options.lastRowBearOff || allOnLastRow(view.board, view.waiting, side)),
    // "If a player attacks an opponent's pawn that is in the final squares (28-30), he tosses it
    // into the House of Death." With 27 taken, the ordinary swap applies.
    swapDestination: (view, square, from) => (square >= 28 && view.board[27] === 0 ? 27 : from),
  };
}

export const kendall: RuleSet<KendallOptions> = {
  id: 'kendall',
  title: 'Kendall',
  summary: 'Swap captures, forced backward moves, and a House of Death that freezes a whole side.',
  options,
  notable: [
    { tag: '7', options: { pawns: 7 }, tournament: true },
    { tag: 'plain', options: { safePairs: false, blockingThrees: false, lastRowBearOff: false }, tournament: false },
  ],
  build,
};

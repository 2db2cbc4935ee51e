// "Dancers" in the House of Thirty, ../shared/seeds/003 (docs/rules/dancers.md).
import type { NoOptions, RuleSet, Rules } from '../rules.js';
import { GLYPH } from './common.js';

const rules: Rules = {
  id: 'dancers',
  options: {},
  pawns: 5,
  // "if no light sides show ... then you get to move 6 squares. THERE IS NO MOVE OF 5 POSSIBLE."
  throwTable: [6, 1, 2, 3, 4],
  // "Throwing a 6 gives the player an immediate extra turn"
  extraThrowOn: [6],
  // All Dancers start off the board; players take turns throwing until one can enter.
  start: { board: '.'.repeat(30), waiting: 5, first: 'W' },
  opening: null,
  firstMover: null,
  // "Only on a cast of 4 or 6 may a player enter a waiting Dancer onto the board." (on square 4 or 6)
  enterOn: [4, 6],
  // "the opponent's Dancer is removed from the board, and it must be started again"
  capture: 'remove',
  mustLandOn26: false,
  pairsProtect: false,
  threesBlock: false,
  noProtectionOn: [],
  // "Any Dancer that lands on this square cannot be thrown off the board."
  safeSquares: [15],
  exitOnlyFrom: [],
  whenStuck: 'pass',
  passKeepsExtraThrows: true,
  forfeitOffer: false,
  // "When a player bears a Dancer off, they receive an immediate extra turn"
  bearOffEarnsThrow: true,
  squares: {
    15: { name: 'Power and Life', glyph: GLYPH.ankh, rule: 'A Dancer here cannot be attacked.' },
    26: {
      name: 'Goodness',
      glyph: GLYPH.nefer,
      rule: 'Landing here earns an immediate extra throw.',
      effect: { kind: 'extraThrow' },
    },
    27: {
      name: 'Water',
      glyph: GLYPH.water,
      rule: 'A Dancer landing here drowns: it leaves the board and must enter again.',
      effect: { kind: 'drown' },
    },
  },
};

export const dancers: RuleSet<NoOptions> = {
  id: 'dancers',
  title: 'Dancers',
  summary: 'Pawns enter on a 4 or 6 (no 5; all dark = 6); captured pawns leave the board; 27 drowns.',
  options: {},
  notable: [],
  build: () => rules,
};

// The short "Traditional" rule card, ../shared/seeds/001 (docs/rules/traditional.md).
import type { NoOptions, RuleSet, Rules } from '../rules.js';
import { GLYPH, HOUSE_OF_REBIRTH, HOUSE_OF_WATER, alternatingStart } from './common.js';

const rules: Rules = {
  id: 'traditional',
  options: {},
  pawns: 5,
  // "Moves are calculated as the sum of the dice (1 through 4). A roll of four even numbers is played as a 5."
  throwTable: [5, 1, 2, 3, 4],
  extraThrowOn: [],
  // "BEADs are placed on the first row alternating between players." (light on the odd squares)
  start: { board: alternatingStart('W', 10), waiting: 0, first: 'W' },
  opening: null,
  firstMover: null,
  enterOn: [],
  capture: 'swap',
  mustLandOn26: true,
  pairsProtect: false,
  threesBlock: false,
  noProtectionOn: [],
  safeSquares: [],
  // "must roll a 3 to move the BEAD" (28), "a 2" (29), "a 1 to leave the board" (30): each is an exact bear-off.
  exitOnlyFrom: [28, 29, 30],
  whenStuck: 'pass',
  passKeepsExtraThrows: false,
  forfeitOffer: false,
  bearOffEarnsThrow: false,
  squares: {
    15: HOUSE_OF_REBIRTH,
    26: {
      name: 'House of Happiness',
      glyph: GLYPH.nefer,
      rule: 'Every pawn must land here exactly before going further.',
    },
    27: HOUSE_OF_WATER,
    28: {
      name: 'House of Three Truths',
      glyph: GLYPH.stroke.repeat(3),
      rule: 'A pawn here moves only with a 3, off the board.',
    },
    29: { name: 'House of Re-Atoum', glyph: GLYPH.eye, rule: 'A pawn here moves only with a 2, off the board.' },
    30: {
      name: 'Last square',
      glyph: GLYPH.sun,
      rule: 'Landing here earns another throw; a pawn here leaves only with a 1.',
      effect: { kind: 'extraThrow' },
    },
  },
};

export const traditional: RuleSet<NoOptions> = {
  id: 'traditional',
  title: 'Traditional',
  summary: 'The short rule card: swaps, exact landing on 26, water back to 15, exact throws off 28-30.',
  options: {},
  notable: [],
  build: () => rules,
};

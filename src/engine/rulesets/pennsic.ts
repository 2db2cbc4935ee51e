// The Pennsic 49 class notes, ../shared/seeds/002 (docs/rules/pennsic.md).
import type { NoOptions, RuleSet, Rules } from '../rules.js';
import { OFF } from '../types.js';
import { GLYPH, alternatingStart } from './common.js';

const rules: Rules = {
  id: 'pennsic',
  options: {},
  pawns: 5,
  // "Toss 0 light sticks, and you move one token five spaces"
  throwTable: [5, 1, 2, 3, 4],
  // 1, 4 and 0-light (5) "get to toss again"
  extraThrowOn: [1, 4, 5],
  // "light tokens on the odd-numbered squares and the dark tokens on the even-numbered squares"
  start: { board: alternatingStart('W', 10), waiting: 0, first: 'B' },
  // "moves their dark token from square 10 to square 11 and gets to toss again"
  opening: { side: 'B', from: 10, to: 11, earnsThrow: true },
  // "must move the token that starts on square 9 first"
  firstMover: { side: 'W', square: 9 },
  enterOn: [],
  capture: 'swap',
  mustLandOn26: true,
  pairsProtect: true,
  threesBlock: false,
  // "On the last 4 squares, tokens do not protect each other"
  noProtectionOn: [27, 28, 29, 30],
  safeSquares: [],
  // "cannot move from this space until you toss an exact throw of 3" (28) / "of 2" (29)
  exitOnlyFrom: [28, 29],
  whenStuck: 'backward',
  passKeepsExtraThrows: false,
  forfeitOffer: false,
  bearOffEarnsThrow: false,
  squares: {
    15: {
      name: 'House of Second Life',
      glyph: GLYPH.ankh,
      rule: 'A pawn ending its move here starts again on square 1 (or the first free square after it).',
      effect: { kind: 'sendTo', square: 1, search: 'up' },
    },
    26: {
      name: 'House of Beauty',
      glyph: GLYPH.nefer,
      rule: 'No pawn goes past until it has landed here by exact throw.',
    },
    27: {
      name: 'House of Waters',
      glyph: GLYPH.water,
      rule: 'Landing here loses extra throws; next turn, go back to 15 instead of throwing, or throw a 4 to bear off.',
      // "return your token to square 15 ... without throwing" / "If you throw a '4,' your token leaves the House of Waters"
      effect: { kind: 'water', returnTo: 15, exitThrow: 4 },
    },
    28: { name: 'House of Three Judges', glyph: GLYPH.stroke.repeat(3), rule: 'Leaves only with an exact 3.' },
    29: { name: 'House of Two Judges', glyph: GLYPH.stroke.repeat(2), rule: 'Leaves only with an exact 2.' },
    30: { name: 'House of Horus', glyph: GLYPH.falcon, rule: 'Leaves with any throw.' },
  },
  // "Square 30 ... remove your token from the board with a throw of 1 or greater"; elsewhere exact.
  canBearOff: (_view, _side, from, value) => from === 30 || from + value === OFF,
};

export const pennsic: RuleSet<NoOptions> = {
  id: 'pennsic',
  title: 'Pennsic',
  summary: 'Extra throws on 1, 4 and 5; protective pairs; forced backward moves; 15 sends you back to 1.',
  options: {},
  notable: [],
  build: () => rules,
};

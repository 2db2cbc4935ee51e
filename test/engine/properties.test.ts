// Property tests over whole random games, through the public JSON API, for every rule set and
// every kendall option combination: games end with one winner, pawns are conserved, the listed
// actions are exactly the ones that apply, and replay rebuilds the same state.
import { unwrap } from '../../src/lib/result.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type GameState,
  MAX_MOVES,
  Position,
  type RuleOptions,
  SIDES,
  applyAction,
  legalActions,
  moveTo,
  newGame,
  replay,
  resolveRules,
} from '../../src/engine/index.js';

const CONFIGS: [string, RuleOptions][] = [
  ['traditional', {}],
  ['pennsic', {}],
  ['dancers', {}],
  ['regency', {}],
  ['regency', { variations: true }],
];
for (const pawns of [5, 7] as const) {
  for (let bits = 0; bits < 8; bits++) {
    CONFIGS.push([
      'kendall',
      { pawns, safePairs: !!(bits & 1), blockingThrees: !!(bits & 2), lastRowBearOff: !!(bits & 4) },
    ]);
  }
}

/** Far above the longest of 63,000 random games measured (1,947 actions, kendall with 7 pawns). */
const MAX_ACTIONS = 50_000;

/** Every action the API could be sent: throw, take, and any pawn move between squares 0..31. */
function anyAction(code: number): Action {
  if (code === 0) return { type: 'throw' };
  if (code === 1) return { type: 'take' };
  return { type: 'move', from: (code - 2) % 31, to: Math.floor((code - 2) / 31) + 1 };
}
const UNIVERSE = 2 + 31 * 31;

const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

function checkConservation(state: GameState, pawns: number): void {
  for (const side of SIDES) {
    const onBoard = [...state.board].filter((c) => c === side).length;
    expect(onBoard + state.waiting[side] + state.off[side]).toBe(pawns);
  }
}

describe.each(CONFIGS)('random games: %s %j', (ruleset, options) => {
  const rules = unwrap(resolveRules(ruleset, options));

  it('end with exactly one winner, conserve pawns, list exactly the actions that apply, and replay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (seed, choiceSeed) => {
          let state = unwrap(newGame(ruleset, options, seed));
          const actions: Action[] = [];
          let x = choiceSeed;
          const pick = (n: number): number => {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            return (x >>> 0) % n;
          };
          while (state.phase !== 'over') {
            expect(actions.length).toBeLessThan(MAX_ACTIONS);
            const legal = legalActions(state);
            expect(legal.length).toBeGreaterThan(0);
            // Every listed action applies...
            for (const action of legal) expect(applyAction(state, action).ok).toBe(true);
            // ...and actions drawn from everything the API could be sent apply only if listed.
            for (let i = 0; i < 3; i++) {
              const candidate = anyAction(pick(UNIVERSE));
              const listed = legal.some((a) => sameAction(a, candidate));
              expect(applyAction(state, candidate).ok).toBe(listed);
            }
            const action = legal[pick(legal.length)]!;
            const applied = unwrap(applyAction(state, action));
            expect(applied.state.ply).toBe(state.ply + 1);
            state = applied.state;
            actions.push(action);
            checkConservation(state, rules.pawns);
          }
          expect(state.winner).not.toBeNull();
          const loser = state.winner === 'W' ? 'B' : 'W';
          expect(state.off[state.winner!]).toBe(rules.pawns);
          expect(state.off[loser]).toBeLessThan(rules.pawns);
          expect(legalActions(state)).toEqual([]);
          expect(replay({ ruleset, options, seed, actions })).toEqual({ ok: true, value: state });
        },
      ),
      { numRuns: ruleset === 'kendall' ? 4 : 12 },
    );
  });
});

describe.each(CONFIGS)('generateMoves onto some squares: %s %j', (ruleset, options) => {
  const rules = unwrap(resolveRules(ruleset, options));

  it('lists exactly the moves of the full list that land there, in the same order', () => {
    const all = new Uint16Array(MAX_MOVES);
    const some = new Uint16Array(MAX_MOVES);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer(),
        (seed, plies, mask) => {
          const pos = Position.start(rules, seed);
          for (let ply = 0; ply < plies && pos.phase !== 'over'; ply++) {
            const moves = pos.moves([]);
            if (pos.phase === 'move' && moves.length > 0) pos.play(moves[ply % moves.length]!);
            else if (pos.canThrow()) pos.throwSticks();
            else if (pos.canTake()) pos.take();
            else pos.play(moves[0]!);
          }
          for (const side of [1, 2] as const) {
            // The opponent's pawns (what the AI asks about), and an arbitrary set of squares.
            for (const onto of [pos.pawnBits(side === 1 ? 2 : 1), mask]) {
              for (const value of new Set(rules.throwTable)) {
                const full = [...all.subarray(0, pos.generateMoves(side, value, all))];
                const expected = full.filter((code) => ((onto >>> moveTo(code)) & 1) === 1);
                expect([...some.subarray(0, pos.generateMoves(side, value, some, onto))]).toEqual(expected);
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

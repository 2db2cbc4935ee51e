// The computer player through its public contract: legal, deterministic, pure, and sensible in
// positions where one move is obviously right.
import { unwrap } from '../../src/lib/result.js';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type GameState,
  type RuleOptions,
  applyAction,
  legalActions,
  newGame,
  setupGame,
  type Setup,
} from '../../src/engine/index.js';
import { STRENGTHS, chooseAction } from '../../src/ai/index.js';
import { BALANCE_CONFIGS } from '../../src/ai/configs.js';

/** States met along a few games where each side plays a seeded random legal action. */
function sampleStates(ruleset: string, options: RuleOptions, count: number): GameState[] {
  const states: GameState[] = [];
  for (let game = 1; states.length < count; game++) {
    const start = unwrap(newGame(ruleset, options, game));
    let state = start;
    for (let ply = 0; state.phase !== 'over' && states.length < count; ply++) {
      const actions = legalActions(state);
      if (ply % 3 === 0 || actions.length > 1) states.push(state);
      const applied = unwrap(applyAction(state, chooseAction(state, 'easy', game * 7919 + ply)));
      state = applied.state;
    }
  }
  return states;
}

function setup(s: Setup): GameState {
  const state = unwrap(setupGame(s));
  return state;
}

describe.each(BALANCE_CONFIGS.map((c) => [c.name, c] as const))('%s', (_name, config) => {
  const states = sampleStates(config.ruleset, config.options, 40);

  it.each(STRENGTHS.map((s) => [s]))(
    '%s returns one of the legal actions, the same one for the same seed',
    (strength) => {
      for (const [i, state] of states.entries()) {
        const before = JSON.stringify(state);
        const action = chooseAction(state, strength, i);
        expect(legalActions(state)).toContainEqual(action);
        expect(chooseAction(state, strength, i)).toEqual(action);
        expect(JSON.stringify(state)).toBe(before); // the state is not touched
      }
    },
  );

  it('easy varies its choice with the seed', () => {
    const state = states.find((s) => legalActions(s).length >= 3) ?? states.find((s) => legalActions(s).length === 2)!;
    const chosen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) chosen.add(JSON.stringify(chooseAction(state, 'easy', seed)));
    expect(chosen.size).toBeGreaterThan(1);
  });
});

describe('hard in hand-set positions', () => {
  const move = (from: number, to: number): Action => ({ type: 'move', from, to });

  it('bears off from the House of Three Truths (only a 3 frees it) rather than making a quiet move', () => {
    // traditional: W has three pawns off and two left, on 5 and 28; B is far behind.
    const state = setup({ ruleset: 'traditional', board: 'BBBBWB.....................W..', toMove: 'W', throw: 3 });
    expect(legalActions(state)).toContainEqual(move(5, 8));
    expect(chooseAction(state, 'hard', 1)).toEqual(move(28, 31));
  });

  it('stays out of the House of Death when another pawn can move', () => {
    // kendall: a throw of 1 takes W's pawn on 26 into the House of Death, which freezes its side.
    const state = setup({ ruleset: 'kendall', board: 'B.B.B.B.B..W.............W....', toMove: 'W', throw: 1 });
    expect(legalActions(state)).toEqual([move(12, 13), move(26, 27)]);
    for (let seed = 0; seed < 5; seed++) expect(chooseAction(state, 'hard', seed)).toEqual(move(12, 13));
  });

  it('does not drown a dancer when another move is safe', () => {
    // dancers: 25 + 2 lands in the water on 27 and sends the pawn back off the board.
    const state = setup({
      ruleset: 'dancers',
      board: '.......W................W.....',
      waiting: { W: 3, B: 5 },
      toMove: 'W',
      throw: 2,
    });
    expect(legalActions(state)).toContainEqual(move(25, 27));
    expect(chooseAction(state, 'hard', 1)).toEqual(move(8, 10));
  });

  it('attacks an opponent about to finish rather than making a quiet move', () => {
    // dancers: W on 21 hits B on 24 with a 3 (B must enter again), or W on 2 walks to 5.
    const state = setup({
      ruleset: 'dancers',
      board: '.W..................W..B......',
      waiting: { W: 3, B: 4 },
      toMove: 'W',
      throw: 3,
    });
    expect(legalActions(state)).toEqual([move(2, 5), move(21, 24)]);
    expect(chooseAction(state, 'hard', 1)).toEqual(move(21, 24));
  });
});

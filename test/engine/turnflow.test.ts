// Turn flow the rule-case format cannot express: offers of a forfeited throw, extra throws that
// survive or are lost on a pass. Throws are forced with FixedSticks. The docs/rules pages name
// these tests for readings K3, D3, P3, P7, R3 and T4.
import { unwrap } from '../../src/lib/result.js';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type GameState,
  type RuleOptions,
  type RuleSetId,
  FixedSticks,
  applyAction,
  legalActions,
  resolveRules,
  setupGame,
  sticksFor,
} from '../../src/engine/index.js';

/** A position from the squares each side stands on, `toMove` about to throw. */
function position(
  ruleset: RuleSetId,
  pawns: { W: number[]; B: number[] },
  toMove: 'W' | 'B',
  extra: { waiting?: { W: number; B: number }; options?: RuleOptions } = {},
): GameState {
  const cells = Array.from({ length: 30 }, (_, i) =>
    pawns.W.includes(i + 1) ? 'W' : pawns.B.includes(i + 1) ? 'B' : '.',
  );
  const state = unwrap(
    setupGame({
      ruleset,
      options: extra.options ?? {},
      board: cells.join(''),
      waiting: extra.waiting,
      toMove,
      throw: null,
    }),
  );
  return state;
}

/** Apply an action; a throw shows `value`. */
function act(state: GameState, action: Action, value?: number) {
  const rules = unwrap(resolveRules(state.ruleset, state.options));
  const source = value === undefined ? undefined : { source: new FixedSticks([sticksFor(rules.throwTable, value)]) };
  const result = unwrap(applyAction(state, action, source));
  return result;
}

const THROW: Action = { type: 'throw' };
const TAKE: Action = { type: 'take' };
const kinds = (events: { type: string }[]): string[] => events.map((e) => e.type);

describe('kendall: the forfeited throw (reading K3)', () => {
  it('a player with no move offers the throw; the opponent takes it or throws', () => {
    const start = position('kendall', { W: [2, 3], B: [4, 5, 6, 15, 18] }, 'W');
    const { state, events } = act(start, THROW, 4);
    expect(kinds(events)).toEqual(['throw', 'pass', 'offer']);
    expect(state).toMatchObject({ toMove: 'B', phase: 'throw', offer: 4 });
    expect(legalActions(state)).toEqual([TAKE, THROW]);

    const taken = act(state, TAKE).state;
    expect(taken).toMatchObject({ toMove: 'B', phase: 'move', offer: null, throw: { value: 4 } });
    expect(legalActions(taken).length).toBeGreaterThan(0);

    const refused = act(state, THROW, 1).state;
    expect(refused).toMatchObject({ toMove: 'B', offer: null, throw: { value: 1 } });
  });

  it('no offer when the number gives the opponent no move', () => {
    const { state } = act(position('kendall', { W: [12], B: [8, 9, 14, 15, 27] }, 'W'), THROW, 3);
    expect(state).toMatchObject({ toMove: 'B', offer: null });
    expect(legalActions(state)).toEqual([THROW]);
  });

  it("a frozen side's failed throw is offered too", () => {
    const { state } = act(position('kendall', { W: [12, 27], B: [3, 20] }, 'W'), THROW, 2);
    expect(state).toMatchObject({ toMove: 'B', offer: 2 });
  });

  it('a frozen side offered a 4 may take it to free its dead pawn', () => {
    const { state } = act(position('kendall', { W: [29, 30], B: [25, 26, 27] }, 'W'), THROW, 4);
    expect(state.offer).toBe(4);
    expect(legalActions(state)).toEqual([{ type: 'move', from: 27, to: 15 }, TAKE, THROW]);
    expect(legalActions(act(state, TAKE).state)).toEqual([{ type: 'move', from: 27, to: 31 }]);
  });
});

describe('extra throws on a pass', () => {
  it('dancers: a 6 with no move still earns another throw (D3); a 4 with no move passes', () => {
    const start = position('dancers', { W: [28], B: [3] }, 'W', { waiting: { W: 0, B: 4 } });
    const six = act(start, THROW, 6);
    expect(kinds(six.events)).toEqual(['throw', 'pass', 'extraThrow']);
    expect(six.state).toMatchObject({ toMove: 'W', phase: 'throw' });
    expect(act(start, THROW, 4).state.toMove).toBe('B');
  });

  it.each([1, 4, 5])('pennsic: a %i with no move ends the turn (P3)', (value) => {
    const { state } = act(position('pennsic', { W: [28, 29], B: [3, 20] }, 'W'), THROW, value);
    expect(state).toMatchObject({ toMove: 'B', extraThrows: 0 });
  });

  it.each([1, 5])('pennsic: a %i in the House of Waters ends the turn (P7)', (value) => {
    const { state } = act(position('pennsic', { W: [3, 20], B: [8, 27] }, 'B'), THROW, value);
    expect(state.toMove).toBe('W');
  });

  it.each([1, 4, 6])('regency: a %i with no move passes the turn (R3)', (value) => {
    const { state } = act(position('regency', { W: [13, 14], B: [3, 15, 16, 17] }, 'W'), THROW, value);
    expect(state.toMove).toBe('B');
  });

  it('traditional: no move passes the turn (T4)', () => {
    const { state, events } = act(position('traditional', { W: [28, 29], B: [5] }, 'W'), THROW, 1);
    expect(kinds(events)).toEqual(['throw', 'pass']);
    expect(state.toMove).toBe('B');
  });
});

describe('openings', () => {
  it.each(['pennsic', 'regency'] as const)('%s: Black opens 10 → 11 without throwing, then throws again', (ruleset) => {
    const start = unwrap(
      setupGame({
        ruleset,
        board: 'WBWBWBWBWB' + '.'.repeat(20),
        toMove: 'B',
        throw: null,
        unmoved: ['B', 'W'],
      }),
    );
    expect(legalActions(start)).toEqual([{ type: 'move', from: 10, to: 11 }]);
    const { state, events } = act(start, { type: 'move', from: 10, to: 11 });
    expect(kinds(events)).toEqual(['move', 'extraThrow']);
    expect(state).toMatchObject({ toMove: 'B', phase: 'throw', unmoved: ['W'] });
  });

  it('kendall: White opens 10 → 15 without throwing, then Black throws', () => {
    const start = unwrap(
      setupGame({
        ruleset: 'kendall',
        board: 'BWBWBWBWBW' + '.'.repeat(20),
        toMove: 'W',
        throw: null,
        unmoved: ['W', 'B'],
      }),
    );
    expect(legalActions(start)).toEqual([{ type: 'move', from: 10, to: 15 }]);
    expect(act(start, { type: 'move', from: 10, to: 15 }).state).toMatchObject({ toMove: 'B', phase: 'throw' });
  });
});

// The engine's public API: errors are values with clear messages, states round-trip through JSON,
// replays rebuild games and name the first illegal action (how events read as sentences: test/i18n/gameWords.test.ts).
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../src/lib/result.js';
import {
  type Action,
  type GameState,
  defaultOptions,
  RULESET_IDS,
  SeededSticks,
  applyAction,
  legalActions,
  lightCount,
  newGame,
  replay,
  resolveRules,
  setupGame,
  throwDistribution,
  toPosition,
  toState,
} from '../../src/engine/index.js';
import { actionProblemText, replayErrorText } from '../../src/i18n/actionProblems.js';

const must = unwrap;

/** Plays `count` actions choosing the first legal one; returns the actions and the state. */
function playFirst(state: GameState, count: number): { state: GameState; actions: Action[] } {
  const actions: Action[] = [];
  for (let i = 0; i < count && state.phase !== 'over'; i++) {
    const action = legalActions(state)[0]!;
    state = must(applyAction(state, action)).state;
    actions.push(action);
  }
  return { state, actions };
}

describe('new games', () => {
  it.each(RULESET_IDS)('%s starts with every pawn in place and JSON-clean state', (id) => {
    const state = must(newGame(id, {}, 42));
    const rules = must(resolveRules(id, {}));
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(state.toMove).toBe(rules.start.first);
    expect(state.phase).toBe('throw');
    for (const side of ['W', 'B'] as const) {
      expect([...state.board].filter((c) => c === side).length + state.waiting[side]).toBe(rules.pawns);
    }
  });

  it('rejects unknown rule sets and bad options with a message', () => {
    expect(newGame('chess', {}, 1)).toEqual({
      ok: false,
      error: expect.stringContaining('unknown rule set "chess"') as string,
    });
    expect(newGame('kendall', { pawns: 6 }, 1)).toEqual({ ok: false, error: 'pawns must be 5 or 7' });
    expect(newGame('kendall', { colour: 'red' } as never, 1)).toEqual({ ok: false, error: 'unknown option: colour' });
    expect(newGame('pennsic', { pawns: 7 }, 1)).toEqual({ ok: false, error: 'unknown option: pawns' });
  });

  it('documents defaults for every rule set', () => {
    expect(defaultOptions('kendall')).toEqual({
      pawns: 5,
      safePairs: true,
      blockingThrees: true,
      lastRowBearOff: true,
    });
    expect(defaultOptions('regency')).toEqual({ variations: false });
  });
});

describe('applying actions', () => {
  it('returns an error code naming the move and the legal ones for an illegal move, and changes nothing', () => {
    const start = must(newGame('traditional', {}, 7));
    const thrown = must(applyAction(start, { type: 'throw' })).state;
    const before = structuredClone(thrown);
    const result = applyAction(thrown, { type: 'move', from: 2, to: 30 });
    const legal = legalActions(thrown).flatMap((a) => (a.type === 'move' ? [{ from: a.from, to: a.to }] : []));
    expect(legal.length).toBeGreaterThan(0);
    expect(result).toEqual({ ok: false, error: { code: 'illegal-move', move: { from: 2, to: 30 }, legal } });
    expect(thrown).toEqual(before);
    // Logs and tools say it in English (src/i18n/actionProblems.ts).
    expect(!result.ok && actionProblemText(result.error)).toMatch(/^2 → 30 is not a legal move \(legal: .+\)$/);
  });

  it('refuses a second throw while a throw waits to be played', () => {
    const thrown = must(applyAction(must(newGame('dancers', {}, 3)), { type: 'throw' })).state;
    if (thrown.phase === 'move') {
      expect(applyAction(thrown, { type: 'throw' })).toEqual({ ok: false, error: { code: 'move-first' } });
    }
    expect(applyAction(must(newGame('kendall', {}, 3)), { type: 'throw' })).toEqual({
      ok: false,
      error: { code: 'opening-first' },
    });
  });

  it('refuses everything once the game is over', () => {
    const won = must(
      setupGame({ ruleset: 'traditional', board: '....B' + '.'.repeat(24) + 'W', toMove: 'W', throw: 1 }),
    );
    const over = must(applyAction(won, { type: 'move', from: 30, to: 31 })).state;
    expect(over).toMatchObject({ phase: 'over', winner: 'W' });
    expect(applyAction(over, { type: 'throw' })).toEqual({ ok: false, error: { code: 'game-over' } });
  });

  it('round-trips a mid-game state through the fast Position unchanged', () => {
    const { state } = playFirst(must(newGame('regency', {}, 11)), 25);
    expect(toState(must(toPosition(state)))).toEqual(state);
  });

  it('rejects a corrupted stored state instead of playing on', () => {
    const state = must(newGame('pennsic', {}, 1));
    expect(toPosition({ ...state, board: state.board.slice(1) })).toEqual({
      ok: false,
      error: 'the board must be 30 characters, each W, B or .',
    });
    expect(toPosition({ ...state, off: { W: 1, B: 0 } })).toEqual({
      ok: false,
      error: 'W must have 5 pawns on the board, waiting and borne off in all',
    });
    expect(toPosition({ ...state, rng: [1, 2] } as GameState)).toEqual({
      ok: false,
      error: 'the generator state must be four integers',
    });
    expect(toPosition({ ...state, thrown: 3 } as GameState)).toEqual({
      ok: false,
      error: 'a state has either a generator or a count of throws, not both',
    });
  });
});

describe('setting up positions', () => {
  it('explains impossible positions', () => {
    const base = { ruleset: 'pennsic', board: 'W'.repeat(6) + '.'.repeat(24), toMove: 'W' as const, throw: null };
    expect(setupGame(base)).toEqual({ ok: false, error: 'W has 6 pawns in play but only 5 in pennsic' });
    expect(setupGame({ ...base, board: '.'.repeat(30), waiting: { W: 1 } })).toEqual({
      ok: false,
      error: 'pawns never wait off the board in pennsic',
    });
    expect(
      setupGame({ ...base, ruleset: 'dancers', board: '.'.repeat(30), waiting: { W: 5, B: 5 }, throw: 5 }),
    ).toEqual({
      ok: false,
      error: 'a throw of 5 is impossible in dancers (throws: 1, 2, 3, 4, 6)',
    });
    expect(setupGame({ ...base, board: 'B' + '.'.repeat(29) })).toEqual({
      ok: false,
      error: 'W already bore off every pawn: nothing left to play',
    });
  });
});

describe('replay', () => {
  it('rebuilds the same state from seed and actions', () => {
    const { state, actions } = playFirst(must(newGame('kendall', { pawns: 7 }, 99)), 120);
    expect(replay({ ruleset: 'kendall', options: { pawns: 7 }, seed: 99, actions })).toEqual({
      ok: true,
      value: state,
    });
  });

  it('reports the index of the first illegal action', () => {
    const { actions } = playFirst(must(newGame('dancers', {}, 5)), 10);
    const tampered = [...actions.slice(0, 4), { type: 'take' } as const, ...actions.slice(4)];
    const result = replay({ ruleset: 'dancers', options: {}, seed: 5, actions: tampered });
    expect(result).toEqual({ ok: false, error: { index: 4, problem: { code: 'nothing-to-take' } } });
    expect(!result.ok && replayErrorText(result.error)).toBe('action 4: there is no forfeited throw to take');
  });
});

describe('throws', () => {
  it('map the count of light sticks through each table (0 light = 5 or 6)', () => {
    expect(throwDistribution([5, 1, 2, 3, 4])).toEqual([
      { value: 5, chance: 1 / 16 },
      { value: 1, chance: 4 / 16 },
      { value: 2, chance: 6 / 16 },
      { value: 3, chance: 4 / 16 },
      { value: 4, chance: 1 / 16 },
    ]);
    expect(lightCount(0b1011)).toBe(3);
  });

  it('come out of the seeded generator with the chances of four fair sticks', () => {
    const sticks = SeededSticks.fromSeed(2026);
    const counts = [0, 0, 0, 0, 0];
    const n = 160_000;
    for (let i = 0; i < n; i++) counts[lightCount(sticks.sticks())]!++;
    // Expected 10,000 / 40,000 / 60,000 / 40,000 / 10,000; 5 standard deviations is under 1,200.
    [1, 4, 6, 4, 1].forEach((weight, light) => expect(Math.abs(counts[light]! - (weight * n) / 16)).toBeLessThan(1200));
  });
});

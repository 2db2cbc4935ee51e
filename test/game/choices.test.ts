// Button labels: numbered pawn moves that match the board's markers, plain names for the rest.
import { describe, expect, it } from 'vitest';
import { type GameState, isError, setupGame } from '../../src/engine/index.js';
import { choicesFor, markedMoves } from '../../src/game/choices.js';

function setup(board: string, toMove: 'W' | 'B', throwValue: number | null, ruleset = 'kendall'): GameState {
  const state = setupGame({ ruleset, board, toMove, throw: throwValue });
  if (isError(state)) throw new Error(state.error);
  return state;
}

// W on 2, 16, 22, 30; B on 10, 20, 27 (square 1 first).
const SPREAD = '.W.......B.....W...B.W....B..W';

describe('choices', () => {
  it('numbers the moves of a pending throw 1..n in engine order, as the board marks them', () => {
    const state = setup(SPREAD, 'W', 2);
    const choices = choicesFor(state);
    expect(choices.length).toBeGreaterThan(1);
    const marked = markedMoves(state);
    expect(marked.length).toBe(choices.length);
    choices.forEach((c, i) => {
      expect(c.action).toEqual({ type: 'move', ...marked[i]! });
      const { from, to } = marked[i]!;
      expect(c.label).toBe(`${i + 1} · ${from} → ${to === 31 ? 'off' : to}`);
    });
  });

  it('names the throw, a forfeited throw to take, and going back from the House of Waters', () => {
    const throwing = setup(SPREAD, 'W', null);
    expect(choicesFor(throwing)).toEqual([{ label: 'Throw', action: { type: 'throw' } }]);
    expect(markedMoves(throwing)).toEqual([]);

    const offered = choicesFor({ ...throwing, offer: 3 });
    expect(offered.map((c) => c.label)).toEqual(['Take the forfeited 3', 'Throw']);

    const drowned = setup('.W.......B.....W...B.W....W..B', 'W', null); // W in the House of Waters, 15 free
    expect(choicesFor(drowned)).toEqual([
      { label: 'Back to 15', action: { type: 'move', from: 27, to: 15 } },
      { label: 'Throw', action: { type: 'throw' } },
    ]);
  });

  it('names the kendall opening move', () => {
    const start = setup('BWBWBWBWBW....................', 'W', null);
    expect(choicesFor({ ...start, unmoved: ['W', 'B'] })[0]).toEqual({
      label: 'Move 10 → 15',
      action: { type: 'move', from: 10, to: 15 },
    });
  });
});

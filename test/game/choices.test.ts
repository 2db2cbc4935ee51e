// Button labels: every pawn move numbered like the board's markers, plain names for the rest.
import { unwrap } from '../../src/lib/result.js';
import { describe, expect, it } from 'vitest';
import { type GameState, type Side, legalActions, setupGame } from '../../src/engine/index.js';
import { choicesFor, markedMoves } from '../../src/game/choices.js';
import { translator } from '../../src/i18n/index.js';

function setup(board: string, toMove: 'W' | 'B', throwValue: number | null, ruleset = 'kendall'): GameState {
  const state = unwrap(setupGame({ ruleset, board, toMove, throw: throwValue }));
  return state;
}

// W on 2, 16, 22, 30; B on 10, 20, 27 (square 1 first).
const SPREAD = '.W.......B.....W...B.W....B..W';

describe('choices', () => {
  it('numbers the moves of a pending throw 1..n in engine order, as the board marks them', () => {
    const state = setup(SPREAD, 'W', 2);
    const choices = choicesFor(translator(), state, legalActions(state));
    expect(choices.length).toBeGreaterThan(1);
    const marked = markedMoves(choices);
    expect(marked.length).toBe(choices.length);
    choices.forEach((c, i) => {
      expect(c.action).toEqual({ type: 'move', ...marked[i]! });
      const { from, to } = marked[i]!;
      expect(c.label).toBe(`${i + 1} · ${from} → ${to === 31 ? 'off' : to}`);
    });
  });

  it('names the throw and a forfeited throw to take, and numbers going back from the House of Waters', () => {
    const throwing = setup(SPREAD, 'W', null);
    const throwChoices = choicesFor(translator(), throwing, legalActions(throwing));
    expect(throwChoices).toEqual([{ label: 'Throw', action: { type: 'throw' } }]);
    expect(markedMoves(throwChoices)).toEqual([]);

    const withOffer = { ...throwing, offer: 3 };
    const offered = choicesFor(translator(), withOffer, legalActions(withOffer));
    expect(offered.map((c) => c.label)).toEqual(['Take the forfeited 3', 'Throw']);

    const drowned = setup('.W.......B.....W...B.W....W..B', 'W', null); // W in the House of Waters, 15 free
    const back = choicesFor(translator(), drowned, legalActions(drowned));
    expect(markedMoves(back)).toEqual([{ from: 27, to: 15 }]);
    expect(back).toEqual([
      { label: '1 · 27 → 15', action: { type: 'move', from: 27, to: 15 } },
      { label: 'Throw', action: { type: 'throw' } },
    ]);
  });

  it('numbers the forced kendall opening like any move, with the same number on the board', () => {
    const start = { ...setup('BWBWBWBWBW....................', 'W', null), unmoved: ['W', 'B'] as Side[] };
    const choices = choicesFor(translator(), start, legalActions(start));
    expect(choices).toEqual([{ label: '1 · 10 → 15', action: { type: 'move', from: 10, to: 15 } }]);
    expect(markedMoves(choices)).toEqual([{ from: 10, to: 15 }]);
  });
});

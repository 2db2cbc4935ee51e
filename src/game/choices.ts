// The buttons for a position, in the engine's button order, and the moves the board numbers.
import { type Action, type GameState, type Move, legalActions, moveLabel } from '../engine/index.js';
import type { Choice } from './types.js';

/**
 * The moves the board picture numbers: the pending throw's moves. Moves allowed instead of a
 * throw (an opening, going back from the House of Waters) are plain named buttons instead.
 */
export function markedMoves(state: GameState): Move[] {
  if (state.phase !== 'move') return [];
  return legalActions(state).flatMap((a) => (a.type === 'move' ? [{ from: a.from, to: a.to }] : []));
}

/** Every legal action with its button label: "1 · 17 → 20", "Take the forfeited 3", "Back to 15", "Throw". */
export function choicesFor(state: GameState): Choice[] {
  const numbered = state.phase === 'move';
  let n = 0;
  return legalActions(state).map((action) => ({ label: labelFor(action, state, numbered ? ++n : 0), action }));
}

function labelFor(action: Action, state: GameState, number: number): string {
  switch (action.type) {
    case 'throw':
      return 'Throw';
    case 'take':
      return `Take the forfeited ${state.offer ?? ''}`.trimEnd();
    case 'move':
      if (number > 0) return `${number} · ${moveLabel(action.from, action.to)}`;
      return action.to < action.from ? `Back to ${action.to}` : `Move ${moveLabel(action.from, action.to)}`;
  }
}

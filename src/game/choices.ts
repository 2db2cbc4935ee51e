// The buttons for a position, in the engine's button order, and the moves the board numbers.
// Every pawn move is numbered, the same number on its button and on the picture's marker,
// whether it plays a throw or is made instead of one (an opening, back from the water).
import type { Action, GameState, Move } from '../engine/index.js';
import { moveLabel } from '../i18n/gameWords.js';
import type { Translate } from '../i18n/index.js';
import type { Choice } from './types.js';

/** Every legal action (as `legalActions` lists them) with its button label in `t`'s words: "1 · 17 → 20", "Throw". */
export function choicesFor(t: Translate, state: GameState, legal: readonly Action[]): Choice[] {
  let n = 0;
  return legal.map((action) => ({ label: labelFor(t, action, state, action.type === 'move' ? ++n : 0), action }));
}

/** The moves the board picture numbers, in the choices' order. */
export function markedMoves(choices: readonly Choice[]): Move[] {
  return choices.flatMap(({ action }) => (action.type === 'move' ? [{ from: action.from, to: action.to }] : []));
}

function labelFor(t: Translate, action: Action, state: GameState, number: number): string {
  switch (action.type) {
    case 'throw':
      return t('choice.throw');
    case 'take':
      return state.offer === null ? t('choice.takeForfeited') : t('choice.take', { value: state.offer });
    case 'move':
      return t('choice.move', { number, move: moveLabel(t, action.from, action.to) });
  }
}

// The words the picture and its alt text share, so both say the same thing. Pure: no canvas.
import { type GameState, type Side, legalActions, opponentOf } from '../engine/index.js';
import type { Translate } from '../i18n/index.js';

/** Pawns waiting and borne off: "2 to enter", "1 off". */
export function pawnCounts(t: Translate, state: GameState, side: Side): string[] {
  const parts: string[] = [];
  if (state.waiting[side] > 0) parts.push(t('board.toEnter', { count: state.waiting[side] }));
  parts.push(t('board.offCount', { count: state.off[side] }));
  return parts;
}

export interface StatusWords {
  /** "Ana to throw", "Ana wins!" */
  title: string;
  /** The same for a sentence of the alt text: "Ana to throw", "Ana wins". */
  sentence: string;
  /** "threw 3", "1 extra throw", "or move 1-2 instead": shown after the title. */
  details: string[];
  /** "may take Ben's forfeited 3", or ''. */
  offer: string;
}

/**
 * The status for the middle of the header; also used by the alt text. `moves` counts the numbered
 * moves shown: before a throw they are moves allowed instead of throwing, or before it.
 */
export function statusWords(t: Translate, state: GameState, names: Record<Side, string>, moves: number): StatusWords {
  const name = names[state.toMove];
  const offer =
    state.offer !== null && state.phase !== 'over'
      ? t('board.offer', { opponent: names[opponentOf(state.toMove)], value: state.offer })
      : '';
  if (state.phase === 'over') {
    const winner = state.winner ? names[state.winner] : null;
    return {
      title: winner === null ? t('board.nobodyWins') : t('board.wins', { name: winner }),
      sentence: winner === null ? t('alt.nobodyWins') : t('alt.wins', { name: winner }),
      details: state.score === null ? [] : [t('board.scoring', { score: state.score })],
      offer,
    };
  }
  const title =
    state.phase === 'move' || !throwing(state, moves) ? t('board.toMove', { name }) : t('board.toThrow', { name });
  return { title, sentence: title, details: throwDetails(t, state, moves), offer };
}

/** Before a throw, a move may be the only choice (the fixed opening): then it is a turn to move. */
function throwing(state: GameState, moves: number): boolean {
  return state.phase === 'throw' && (moves === 0 || throwAllowed(state));
}

function throwDetails(t: Translate, state: GameState, moves: number): string[] {
  const details: string[] = [];
  if (state.phase === 'move') details.push(t('board.threw', { value: state.throw?.value ?? '?' }));
  else if (moves > 0 && !throwing(state, moves)) details.push(t('board.moveBeforeThrow'));
  else details.push(state.throw ? t('board.lastThrow', { value: state.throw.value }) : t('board.noThrow'));
  if (state.extraThrows > 0) details.push(t('board.extraThrows', { count: state.extraThrows }));
  if (moves > 0 && throwing(state, moves)) details.push(t('board.orMoveInstead', { count: moves }));
  return details;
}

/** Whether the side to move may throw now (before a throw, moves may be allowed instead, or only). */
function throwAllowed(state: GameState): boolean {
  return state.phase === 'throw' && legalActions(state).some((action) => action.type === 'throw');
}

/** How the alt text introduces the numbered moves. */
export function movesLead(t: Translate, state: GameState): string {
  if (state.phase !== 'throw') return t('alt.moves');
  return throwAllowed(state) ? t('alt.insteadOfThrowing') : t('alt.movesBeforeThrowing');
}

// The words the picture and its alt text share, so both say the same thing. Pure: no canvas.
import { type GameState, type Side, legalActions, opponentOf } from '../engine/index.js';

/** The player's words for a side: its colour and pawn shape. */
export function sideWords(side: Side): string {
  return side === 'W' ? 'light reels' : 'dark cones';
}

/** Pawns waiting and borne off, as the header and the alt text word them. */
export function countsWords(state: GameState, side: Side): string {
  const parts = [sideWords(side)];
  if (state.waiting[side] > 0) parts.push(`${state.waiting[side]} to enter`);
  parts.push(`${state.off[side]} off`);
  return parts.join(' · ');
}

/**
 * The status lines for the middle of the header; also used by the alt text. `moves` counts the
 * numbered moves shown: before a throw they are moves allowed instead of throwing, or before it.
 */
export function statusWords(
  state: GameState,
  names: Record<Side, string>,
  moves: number,
): { title: string; detail: string; offer: string } {
  const who = names[state.toMove];
  let title: string;
  let detail = '';
  if (state.phase === 'over') {
    const winner = state.winner ? names[state.winner] : 'Nobody';
    title = `${winner} wins!`;
    if (state.score !== null) detail = `scoring ${state.score} point${state.score === 1 ? '' : 's'}`;
  } else {
    title = `${who} to ${state.phase === 'move' || !throwing(state, moves) ? 'move' : 'throw'}`;
    detail = throwDetail(state, moves);
  }
  const offer =
    state.offer !== null && state.phase !== 'over'
      ? `may take ${names[opponentOf(state.toMove)]}'s forfeited ${state.offer}`
      : '';
  return { title, detail, offer };
}

/** Before a throw, a move may be the only choice (the fixed opening): then it is a turn to move. */
function throwing(state: GameState, moves: number): boolean {
  return state.phase === 'throw' && (moves === 0 || throwAllowed(state));
}

function throwDetail(state: GameState, moves: number): string {
  let detail: string;
  if (state.phase === 'move') detail = `threw ${state.throw?.value ?? '?'}`;
  else if (moves > 0 && !throwing(state, moves)) detail = 'a move comes before the throw';
  else detail = state.throw ? `last throw ${state.throw.value}` : 'no throw yet';
  if (state.extraThrows > 0) detail += ` · ${state.extraThrows} extra throw${state.extraThrows === 1 ? '' : 's'}`;
  if (moves > 0 && throwing(state, moves)) detail += ` · or move ${moves === 1 ? '1' : `1-${moves}`} instead`;
  return detail;
}

/** Whether the side to move may throw now (before a throw, moves may be allowed instead, or only). */
export function throwAllowed(state: GameState): boolean {
  return state.phase === 'throw' && legalActions(state).some((action) => action.type === 'throw');
}

/** How the alt text introduces the numbered moves. */
export function movesLead(state: GameState): string {
  if (state.phase !== 'throw') return 'Moves';
  return throwAllowed(state) ? 'Instead of throwing' : 'Moves before throwing';
}

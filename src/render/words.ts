// The words the picture and its alt text share, so both say the same thing. Pure: no canvas.
import { type GameState, type Side, opponentOf } from '../engine/index.js';

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

/** The status lines for the middle of the header; also used by the alt text. */
export function statusWords(state: GameState, names: Record<Side, string>): { title: string; detail: string; offer: string } {
  const who = names[state.toMove];
  let title: string;
  let detail = '';
  if (state.phase === 'over') {
    const winner = state.winner ? names[state.winner] : 'Nobody';
    title = `${winner} wins!`;
    if (state.score !== null) detail = `scoring ${state.score} point${state.score === 1 ? '' : 's'}`;
  } else {
    title = `${who} to ${state.phase === 'move' ? 'move' : 'throw'}`;
    if (state.throw && state.phase === 'move') detail = `threw ${state.throw.value}`;
    else if (state.throw) detail = `last throw ${state.throw.value}`;
    else detail = 'no throw yet';
    if (state.extraThrows > 0) detail += ` · ${state.extraThrows} extra throw${state.extraThrows === 1 ? '' : 's'}`;
  }
  const offer =
    state.offer !== null && state.phase !== 'over' ? `may take ${names[opponentOf(state.toMove)]}'s forfeited ${state.offer}` : '';
  return { title, detail, offer };
}

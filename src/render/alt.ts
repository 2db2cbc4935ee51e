// The picture in words, for screen readers and Discord's attachment description (at most 1024
// characters). Pure: no canvas. Says what a player needs to choose a move without seeing it.
import { clip } from '../lib/format.js';
import {
  type GameState,
  type LastMove,
  type Move,
  type Side,
  SIDES,
  lightCount,
  moveLabel,
  opponentOf,
  rulesOf,
  squareLabel,
  variantTitle,
} from '../engine/index.js';
import type { BoardView } from './types.js';
import { movesLead, sideWords, statusWords } from './words.js';

/** Discord's limit for an attachment description. */
export const ALT_TEXT_LIMIT = 1024;

export function altText(state: GameState, view: BoardView): string {
  const { names } = view;
  const status = statusWords(state, names, view.moves?.length ?? 0);
  const sentences = [
    `Senet board, ${variantTitle(state.ruleset, state.options)} rules: ${names.W} (${sideWords('W')}) against ${names.B} (${sideWords('B')}).`,
    `${status.title.replace(/!$/, '')}${status.detail ? `, ${status.detail.replaceAll(' · ', ', ')}` : ''}${throwWords(state)}.`,
    ...(status.offer ? [`${names[state.toMove]} ${status.offer}.`] : []),
    ...SIDES.map((side) => `${names[side]}: ${pawnWords(state, side)}.`),
    ...(state.lastMove ? [`Last move: ${lastMoveWords(state.lastMove, names)}.`] : []),
    ...(view.moves && view.moves.length > 0 ? [`${movesLead(state)}: ${movesWords(view.moves)}.`] : []),
  ];
  const text = sentences.join(' ');
  // The special squares are the least urgent part: added only while they fit.
  const specials = specialWords(state);
  const full = specials ? `${text} Special squares: ${specials}.` : text;
  return full.length <= ALT_TEXT_LIMIT ? full : clip(text, ALT_TEXT_LIMIT);
}

function throwWords(state: GameState): string {
  if (!state.throw || state.phase === 'over') return '';
  const light = lightCount(state.throw.sticks);
  return ` (${light} stick${light === 1 ? '' : 's'} light side up)`;
}

/** Where a side's pawns stand: "on 1, 3, 15; 2 to enter; 1 off". */
function pawnWords(state: GameState, side: Side): string {
  const squares: number[] = [];
  for (let i = 0; i < state.board.length; i++) if (state.board[i] === side) squares.push(i + 1);
  const parts = [squares.length > 0 ? `on ${squares.join(', ')}` : 'no pawn on the board'];
  if (state.waiting[side] > 0) parts.push(`${state.waiting[side]} to enter`);
  parts.push(`${state.off[side]} off`);
  return parts.join('; ');
}

function lastMoveWords(last: LastMove, names: Record<Side, string>): string {
  let text = `${names[last.side]} ${moveLabel(last.from, last.to)}`;
  if (last.end !== last.to) text += `, ending on ${squareLabel(last.end)}`;
  if (last.captured) {
    const victim = names[opponentOf(last.side)];
    text += `; ${victim}'s pawn went ${last.captured.to === 0 ? `from ${last.captured.from} off the board` : moveLabel(last.captured.from, last.captured.to)}`;
  }
  return text;
}

/** "1: 17 → 20, 2: 28 → off": the numbers are the markers on the picture and the buttons. */
function movesWords(moves: readonly Move[]): string {
  return moves.map((move, i) => `${i + 1}: ${moveLabel(move.from, move.to)}`).join(', ');
}

function specialWords(state: GameState): string {
  return Object.entries(rulesOf(state).squares)
    .map(([square, info]) => `${square} ${info.name}`)
    .join(', ');
}

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
  opponentOf,
  rulesOf,
} from '../engine/index.js';
import { listOf, moveLabel, sidePawns, squareLabel, squareName, variantTitle } from '../i18n/gameWords.js';
import { type Translate, translator } from '../i18n/index.js';
import type { BoardView } from './types.js';
import { movesLead, pawnCounts, statusWords } from './words.js';

/** Discord's limit for an attachment description. */
export const ALT_TEXT_LIMIT = 1024;

export function altText(state: GameState, view: BoardView): string {
  const t = translator(view.locale);
  const { names } = view;
  const status = statusWords(t, state, names, view.moves?.length ?? 0);
  const sentences = [
    t('alt.board', {
      title: variantTitle(t, state.ruleset, state.options),
      light: names.W,
      lightPawns: sidePawns(t, 'W'),
      dark: names.B,
      darkPawns: sidePawns(t, 'B'),
    }),
    statusSentence(t, state, listOf(t, [status.sentence, ...status.details])),
    ...(status.offer
      ? [t('alt.offer', { name: names[state.toMove], opponent: names[opponentOf(state.toMove)], value: state.offer! })]
      : []),
    ...SIDES.map((side) => t('alt.pawns', { name: names[side], where: pawnWords(t, state, side) })),
    ...(state.lastMove ? [t('alt.lastMove', { move: lastMoveWords(t, state.lastMove, names) })] : []),
    ...(view.moves && view.moves.length > 0
      ? [t('alt.numberedMoves', { lead: movesLead(t, state), moves: movesWords(t, view.moves) })]
      : []),
  ];
  const text = sentences.join(' ');
  // The least urgent parts, added only while they fit: what the pieces' words mean, then the
  // special squares.
  const specials = specialWords(t, state);
  const extras = [t('alt.pieces'), ...(specials ? [t('alt.specials', { squares: specials })] : [])];
  let full = text;
  for (const extra of extras) {
    if (full.length + 1 + extra.length > ALT_TEXT_LIMIT) break;
    full = `${full} ${extra}`;
  }
  return full.length <= ALT_TEXT_LIMIT ? full : clip(text, ALT_TEXT_LIMIT);
}

/** "Ana to move, threw 3 (3 sticks light side up)." */
function statusSentence(t: Translate, state: GameState, status: string): string {
  if (!state.throw || state.phase === 'over') return t('alt.status', { status });
  return t('alt.statusSticks', { status, sticks: lightCount(state.throw.sticks) });
}

/** Where a side's pawns stand: "on 1, 3, 15; 2 to enter; 1 off". */
function pawnWords(t: Translate, state: GameState, side: Side): string {
  const squares: number[] = [];
  for (let i = 0; i < state.board.length; i++) if (state.board[i] === side) squares.push(i + 1);
  const on =
    squares.length > 0 ? t('alt.onSquares', { squares: listOf(t, squares.map(String)) }) : t('alt.noPawnOnBoard');
  return [on, ...pawnCounts(t, state, side)].reduce((before, after) => t('alt.joinParts', { before, after }));
}

function lastMoveWords(t: Translate, last: LastMove, names: Record<Side, string>): string {
  let text = t('alt.moved', { name: names[last.side], move: moveLabel(t, last.from, last.to) });
  if (last.end !== last.to) text = t('alt.endingOn', { move: text, square: squareLabel(t, last.end) });
  if (last.captured) {
    const victim = names[opponentOf(last.side)];
    text =
      last.captured.to === 0
        ? t('alt.capturedOff', { move: text, name: victim, square: last.captured.from })
        : t('alt.capturedMoved', {
            move: text,
            name: victim,
            victimMove: moveLabel(t, last.captured.from, last.captured.to),
          });
  }
  return text;
}

/** "1: 17 → 20, 2: 28 → off": the numbers are the markers on the picture and the buttons. */
function movesWords(t: Translate, moves: readonly Move[]): string {
  return listOf(
    t,
    moves.map((move, i) => t('alt.numberedMove', { number: i + 1, move: moveLabel(t, move.from, move.to) })),
  );
}

function specialWords(t: Translate, state: GameState): string {
  const rules = rulesOf(state);
  return listOf(
    t,
    Object.keys(rules.squares).map((square) =>
      t('alt.special', { number: square, name: squareName(t, rules, Number(square)) ?? '' }),
    ),
  );
}

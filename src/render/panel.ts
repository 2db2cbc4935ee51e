// The header above the board: both players (name, pawn shape, pawns waiting and borne off), whose
// turn it is, the last throw as four sticks, a forfeited throw on offer, and the winner.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { GameState, Side } from '../engine/index.js';
import { sideName } from '../i18n/gameWords.js';
import type { Translate } from '../i18n/index.js';
import { drawableText } from './fonts.js';
import { HEADER, WIDTH } from './layout.js';
import { drawPawn, drawSticks, sticksWidth } from './pieces.js';
import { type Sizes, fitBox } from './text.js';
import { COLOURS } from './theme.js';
import { countsWords, statusWords } from './words.js';

const BLOCK_WIDTH = 290;
const BLOCK_MARGIN = 10;
const BLOCK_TOP = 10;
const STICK_W = 11;
const STICK_H = 52;

/** The header's fonts: each line's size, and the floor it may shrink to before it is cut. */
const SIZES = {
  name: { size: 24, floor: 18, bold: true },
  counts: { size: 15, floor: 11 },
  title: { size: 21, floor: 15, bold: true },
  detail: { size: 15, floor: 11 },
  offer: { size: 15, floor: 11, bold: true },
} as const satisfies Record<string, Sizes>;

/** The detail in one line only down to this size; below it, two lines. */
const DETAIL_ONE_LINE: Sizes = { size: SIZES.detail.size, floor: 13 };

/** One line of the header, fitted to its box: draw `text` in `font` at (x, y), at most `maxWidth` wide. */
export interface HeaderLine {
  part: keyof typeof SIZES;
  text: string;
  font: string;
  x: number;
  y: number;
  maxWidth: number;
  align: 'left' | 'right';
  colour: string;
}

export function drawHeader(
  ctx: SKRSContext2D,
  t: Translate,
  state: GameState,
  names: Record<Side, string>,
  moves: number,
): void {
  for (const side of ['W', 'B'] as const) drawSidePanel(ctx, state, side);
  if (state.throw)
    drawSticks(ctx, state.throw.sticks, { x: statusLeft() + 4, y: (HEADER - STICK_H) / 2 }, STICK_W, STICK_H);
  ctx.textBaseline = 'alphabetic';
  for (const line of headerLines(ctx, t, state, names, moves)) {
    ctx.font = line.font;
    ctx.textAlign = line.align;
    ctx.fillStyle = line.colour;
    ctx.fillText(line.text, line.x, line.y);
  }
}

/** Every line of text in the header, laid out and fitted with the context's fonts (measured, not drawn). */
export function headerLines(
  ctx: SKRSContext2D,
  t: Translate,
  state: GameState,
  names: Record<Side, string>,
  moves: number,
): HeaderLine[] {
  // Names as the shipped font can draw them; a name left empty falls back to the side's colour.
  const shown = { W: drawableText(names.W) || sideName(t, 'W'), B: drawableText(names.B) || sideName(t, 'B') };
  return [
    ...sideLines(ctx, t, state, shown, 'W'),
    ...sideLines(ctx, t, state, shown, 'B'),
    ...statusLines(ctx, t, state, shown, moves),
  ];
}

function fitted(
  ctx: SKRSContext2D,
  part: keyof typeof SIZES,
  text: string,
  at: Pick<HeaderLine, 'x' | 'y' | 'maxWidth' | 'align' | 'colour'>,
  sizes: Sizes = SIZES[part],
): HeaderLine {
  const fit = fitBox(ctx, text, at.maxWidth, sizes);
  return { part, text: fit.lines[0] ?? '', font: fit.font, ...at };
}

function sideLines(
  ctx: SKRSContext2D,
  t: Translate,
  state: GameState,
  names: Record<Side, string>,
  side: Side,
): HeaderLine[] {
  const left = side === 'W';
  const x = left ? BLOCK_MARGIN : WIDTH - BLOCK_MARGIN - BLOCK_WIDTH;
  const textX = left ? x + 68 : x + BLOCK_WIDTH - 68;
  const box = { x: textX, maxWidth: BLOCK_WIDTH - 80, align: left ? 'left' : 'right' } as const;
  return [
    fitted(ctx, 'name', names[side], { ...box, y: BLOCK_TOP + 31, colour: COLOURS.headerText }),
    fitted(ctx, 'counts', countsWords(t, state, side), { ...box, y: BLOCK_TOP + 54, colour: COLOURS.headerMuted }),
  ];
}

function drawSidePanel(ctx: SKRSContext2D, state: GameState, side: Side): void {
  const left = side === 'W';
  const x = left ? BLOCK_MARGIN : WIDTH - BLOCK_MARGIN - BLOCK_WIDTH;
  const y = BLOCK_TOP;
  const h = HEADER - 14;
  const winner = state.phase === 'over' && state.winner === side;
  const active = state.phase !== 'over' && state.toMove === side;
  if (winner || active) {
    ctx.fillStyle = winner ? COLOURS.winPanel : COLOURS.turnPanel;
    ctx.beginPath();
    ctx.roundRect(x, y, BLOCK_WIDTH, h, 10);
    ctx.fill();
    ctx.strokeStyle = winner ? COLOURS.gold : COLOURS.accent;
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  const iconX = left ? x + 34 : x + BLOCK_WIDTH - 34;
  ctx.fillStyle = COLOURS.pawnDisc;
  ctx.beginPath();
  ctx.arc(iconX, y + h / 2, 27, 0, Math.PI * 2);
  ctx.fill();
  drawPawn(ctx, side, { x: iconX, y: y + h / 2 + 1 }, 40);
}

const statusLeft = (): number => BLOCK_MARGIN + BLOCK_WIDTH + 14;

function statusLines(
  ctx: SKRSContext2D,
  t: Translate,
  state: GameState,
  names: Record<Side, string>,
  moves: number,
): HeaderLine[] {
  const { title, details, offer } = statusWords(t, state, names, moves);
  const right = WIDTH - BLOCK_MARGIN - BLOCK_WIDTH - 14;
  const sticksSpan = state.throw ? sticksWidth(STICK_W) + 14 : 0;
  const x = statusLeft() + sticksSpan + 4;
  const box = { x, maxWidth: right - x, align: 'left' } as const;
  const titleColour = state.phase === 'over' ? COLOURS.gold : COLOURS.headerText;
  const detail = details.join(' · ');
  if (offer) {
    return [
      fitted(ctx, 'title', title, { ...box, y: 28, colour: titleColour }),
      fitted(ctx, 'detail', detail, { ...box, y: 50, colour: COLOURS.headerMuted }),
      fitted(ctx, 'offer', offer, { ...box, y: 72, colour: COLOURS.gold }),
    ];
  }
  // A long detail line, rather than shrink far, takes the room an offer would have had.
  const oneLine = fitted(ctx, 'detail', detail, { ...box, y: 60, colour: COLOURS.headerMuted }, DETAIL_ONE_LINE);
  if (!oneLine.text.endsWith('…'))
    return [fitted(ctx, 'title', title, { ...box, y: 36, colour: titleColour }), oneLine];
  const wrapped = fitBox(ctx, detail, box.maxWidth, SIZES.detail, 2);
  return [
    fitted(ctx, 'title', title, { ...box, y: 28, colour: titleColour }),
    ...wrapped.lines.map((text, i) => ({
      part: 'detail' as const,
      text,
      font: wrapped.font,
      ...box,
      y: 50 + 20 * i,
      colour: COLOURS.headerMuted,
    })),
  ];
}

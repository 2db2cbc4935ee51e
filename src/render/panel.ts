// The header above the board: both players side by side (name, pawn shape, pawns waiting and
// borne off), and under them the status: the last throw as four sticks, whose turn it is, a
// forfeited throw on offer, and the winner. Every line is essential text (text.ts): it may wrap,
// and only at its floor size is it cut.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { type GameState, type Side, rulesOf } from '../engine/index.js';
import { sideName } from '../i18n/gameWords.js';
import type { Translate } from '../i18n/index.js';
import { drawableText } from './fonts.js';
import { BLOCKS, STATUS, WAITING_TRAY, WIDTH, hasStartTray } from './layout.js';
import { drawPawn, drawSticks, sticksWidth } from './pieces.js';
import { ESSENTIAL_TYPE, type Sizes, fitBox, font } from './text.js';
import { COLOURS } from './theme.js';
import { pawnCounts, statusWords } from './words.js';

const BLOCK_WIDTH = (WIDTH - 2 * BLOCKS.margin - 12) / 2;
const ICON_RADIUS = 28;
const STICK_W = 10;
const STICK_H = 44;
/** Between two pieces of the status on one line (the second starts with "·"). */
const SEGMENT_GAP = 8;

/** The header's parts and their sizes. */
const SIZES = {
  name: ESSENTIAL_TYPE.playerName,
  counts: ESSENTIAL_TYPE.counts,
  title: ESSENTIAL_TYPE.title,
  detail: ESSENTIAL_TYPE.detail,
  offer: ESSENTIAL_TYPE.offer,
} as const satisfies Record<string, Sizes>;

/**
 * One line of the header, fitted to its box: draw `text` in `font` at (x, y), at most `maxWidth` wide.
 * @internal
 */
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
  if (state.throw) {
    const y = STATUS.top + (STATUS.height - STICK_H) / 2;
    drawSticks(ctx, state.throw.sticks, { x: statusLeft(state) + 4, y }, STICK_W, STICK_H);
  }
  ctx.textBaseline = 'alphabetic';
  for (const line of headerLines(ctx, t, state, names, moves)) {
    ctx.font = line.font;
    ctx.textAlign = line.align;
    ctx.fillStyle = line.colour;
    ctx.fillText(line.text, line.x, line.y);
  }
}

/**
 * Every line of text in the header, laid out and fitted with the context's fonts (measured, not drawn).
 * @internal
 */
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
): HeaderLine {
  const fit = fitBox(ctx, text, at.maxWidth, SIZES[part]);
  return { part, text: fit.lines[0] ?? '', font: fit.font, ...at };
}

const blockLeft = (side: Side): number => (side === 'W' ? BLOCKS.margin : WIDTH - BLOCKS.margin - BLOCK_WIDTH);

/**
 * A player's name and pawns: "2 to enter · 1 off". The pawn's shape beside the name says which
 * side they play (light reels or dark cones, as the alt text and `/senet rules` say in words).
 */
function sideLines(
  ctx: SKRSContext2D,
  t: Translate,
  state: GameState,
  names: Record<Side, string>,
  side: Side,
): HeaderLine[] {
  const left = side === 'W';
  const x = blockLeft(side);
  const textX = left ? x + 2 * ICON_RADIUS + 18 : x + BLOCK_WIDTH - 2 * ICON_RADIUS - 18;
  const box = { x: textX, maxWidth: BLOCK_WIDTH - 2 * ICON_RADIUS - 30, align: left ? 'left' : 'right' } as const;
  const counts = pawnCounts(t, state, side).join(' · ');
  return [
    fitted(ctx, 'name', names[side], { ...box, y: BLOCKS.top + 32, colour: COLOURS.headerText }),
    fitted(ctx, 'counts', counts, { ...box, y: BLOCKS.top + 61, colour: COLOURS.headerMuted }),
  ];
}

function drawSidePanel(ctx: SKRSContext2D, state: GameState, side: Side): void {
  const left = side === 'W';
  const x = blockLeft(side);
  const y = BLOCKS.top;
  const h = BLOCKS.height;
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
  const iconX = left ? x + ICON_RADIUS + 8 : x + BLOCK_WIDTH - ICON_RADIUS - 8;
  ctx.fillStyle = COLOURS.pawnDisc;
  ctx.beginPath();
  ctx.arc(iconX, y + h / 2, ICON_RADIUS, 0, Math.PI * 2);
  ctx.fill();
  drawPawn(ctx, side, { x: iconX, y: y + h / 2 + 1 }, 42);
}

/** Where the status begins: after the start tray, where the rule set has one. */
function statusLeft(state: GameState): number {
  return hasStartTray(rulesOf(state)) ? WAITING_TRAY.x + WAITING_TRAY.w + 14 : BLOCKS.margin + 4;
}

/**
 * The status in one line ("Ana to move · threw 3") or, when that does not fit or a forfeited
 * throw is on offer, two: the offer gets the second line to itself, else the details do. A title
 * beside the details leaves them room by being cut first (only a long player name makes it long).
 */
function statusLines(
  ctx: SKRSContext2D,
  t: Translate,
  state: GameState,
  names: Record<Side, string>,
  moves: number,
): HeaderLine[] {
  const { title, details, offer } = statusWords(t, state, names, moves);
  const sticksSpan = state.throw ? sticksWidth(STICK_W) + 18 : 0;
  const left = statusLeft(state) + sticksSpan + 4;
  const width = WIDTH - BLOCKS.margin - 4 - left;
  const titleColour = state.phase === 'over' ? COLOURS.gold : COLOURS.headerText;
  const detail = details.length > 0 ? `· ${details.join(' · ')}` : '';
  const titleWidth = measured(ctx, title, SIZES.title);
  const detailWidth = measured(ctx, detail, SIZES.detail);
  const oneLine = titleWidth + SEGMENT_GAP + detailWidth <= width;
  const baseline = (line: number): number =>
    oneLine && !offer ? STATUS.top + STATUS.height / 2 + 9 : STATUS.top + 25 + line * 29;
  const at = (x: number, line: number, maxWidth: number, colour: string) =>
    ({ x, y: baseline(line), maxWidth, align: 'left', colour }) as const;
  if (!detail) {
    return [
      fitted(ctx, 'title', title, at(left, 0, width, titleColour)),
      ...(offer ? [fitted(ctx, 'offer', offer, at(left, 1, width, COLOURS.gold))] : []),
    ];
  }
  if (!oneLine && !offer) {
    return [
      fitted(ctx, 'title', title, at(left, 0, width, titleColour)),
      fitted(ctx, 'detail', details.join(' · '), at(left, 1, width, COLOURS.headerMuted)),
    ];
  }
  const titleLine = fitted(
    ctx,
    'title',
    title,
    at(left, 0, Math.max(width / 2, width - detailWidth - SEGMENT_GAP), titleColour),
  );
  const detailX = left + measured(ctx, titleLine.text, SIZES.title, titleLine.font) + SEGMENT_GAP;
  return [
    titleLine,
    fitted(ctx, 'detail', detail, at(detailX, 0, left + width - detailX, COLOURS.headerMuted)),
    ...(offer ? [fitted(ctx, 'offer', offer, at(left, 1, width, COLOURS.gold))] : []),
  ];
}

/** How wide `text` is in `sizes`' full size (or in `fontName`). */
function measured(ctx: SKRSContext2D, text: string, sizes: Sizes, fontName = font(sizes.size, sizes.bold)): number {
  ctx.font = fontName;
  return ctx.measureText(text).width;
}

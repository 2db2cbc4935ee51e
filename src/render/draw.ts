// Composes one picture on a canvas that is reused from render to render: native canvases are
// freed only when the event loop turns, so a canvas per picture would pile up under load.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type GameState, type Move, type Rules, type Side, SIDES, rulesOf } from '../engine/index.js';
import { DEFAULT_LOCALE, type Locale, translator } from '../i18n/index.js';
import { backgroundFor } from './background.js';
import { useFontsFor } from './fonts.js';
import {
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  OFF_TRAY,
  PIXEL_SCALE,
  type Rect,
  TRAY_PAWN_HEIGHT,
  WAITING_TRAY,
  pawnPlace,
  trayCountBox,
  trayPawnCenter,
} from './layout.js';
import { drawLastMove, drawMoveMarkers, drawTargetAreas } from './markers.js';
import { drawHeader } from './panel.js';
import { drawPawn } from './pieces.js';
import { ESSENTIAL_TYPE, font } from './text.js';
import { COLOURS } from './theme.js';

let frame: Canvas | null = null;

/**
 * Draws `state` on the shared canvas and returns it. The caller must encode it before drawing
 * the next picture (rendering is synchronous, so one picture at a time is guaranteed).
 */
export function drawBoard(
  state: GameState,
  names: Record<Side, string>,
  moves: readonly Move[],
  locale: Locale = DEFAULT_LOCALE,
): Canvas {
  frame ??= createCanvas(IMAGE_WIDTH, IMAGE_HEIGHT);
  paintBoard(frame.getContext('2d'), state, names, moves, locale, PIXEL_SCALE);
  return frame;
}

/**
 * Paints the board in `locale`'s words on `ctx` from `top` pixels down, replacing what was there, with the layout
 * drawn at `scale` (the replay draws smaller pictures than the live board, under a caption).
 */
export function paintBoard(
  ctx: SKRSContext2D,
  state: GameState,
  names: Record<Side, string>,
  moves: readonly Move[],
  locale: Locale,
  scale: number,
  top = 0,
): void {
  useFontsFor(locale);
  const rules = rulesOf(state);
  // The background is already at pixel size; everything after it is drawn in layout units.
  // 'copy' replaces every pixel it covers, so nothing of the previous picture can remain.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(backgroundFor(rules, scale, locale), 0, top);
  ctx.globalCompositeOperation = 'source-over';
  ctx.setTransform(scale, 0, 0, scale, 0, top);
  // Every picture starts from a fresh canvas's line caps: the last move's arrows leave round caps
  // on the reused canvas, which the pawns' outlines would otherwise inherit.
  ctx.lineCap = 'butt';
  drawHeader(ctx, translator(locale), state, names, moves.length);
  if (moves.length > 0) drawTargetAreas(ctx, moves);
  if (state.lastMove) drawLastMove(ctx, state.lastMove, rules.squares);
  drawPawns(ctx, state.board, rules.squares);
  for (const side of SIDES) {
    drawTrayPawns(ctx, WAITING_TRAY, side, state.waiting[side]);
    drawTrayPawns(ctx, OFF_TRAY, side, state.off[side]);
  }
  if (moves.length > 0) drawMoveMarkers(ctx, moves);
}

function drawPawns(ctx: SKRSContext2D, board: string, specials: Rules['squares']): void {
  for (let square = 1; square <= 30; square++) {
    const cell = board[square - 1];
    if (cell !== 'W' && cell !== 'B') continue;
    const { at, height } = pawnPlace(square, cell, specials[square] !== undefined);
    drawPawn(ctx, cell, at, height);
  }
}

/** A smaller pawn in a tray with how many stand there, beside it. */
function drawTrayPawns(ctx: SKRSContext2D, tray: Rect, side: Side, count: number): void {
  if (count <= 0) return;
  drawPawn(ctx, side, trayPawnCenter(tray, side), TRAY_PAWN_HEIGHT);
  const box = trayCountBox(tray, side);
  ctx.fillStyle = COLOURS.trayText;
  ctx.font = font(ESSENTIAL_TYPE.trayCount.size, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(`×${count}`, box.x, box.y + box.h / 2 + 1);
}

// The static part of the picture: frame, squares, numbers, special squares, path marks, trays.
// It depends only on the rule set (and its options), so it is drawn once per rule set and kept.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Rules, SquareInfo } from '../engine/index.js';
import { squareName } from '../i18n/gameWords.js';
import { DEFAULT_LOCALE, type Locale, type Translate, translator } from '../i18n/index.js';
import { GLYPH_FONT, isHieroglyphText, registerFonts } from './fonts.js';
import {
  BOARD_LEFT,
  BOARD_TOP,
  BOARD_WIDTH,
  CELL,
  GUTTER,
  OFF_TRAY,
  PIXEL_SCALE,
  type Rect,
  WAITING_TRAY,
  cellRect,
  gridOf,
  inset,
  pixelSize,
} from './layout.js';
import { type Fitted, fitBox, font } from './text.js';
import { COLOURS } from './theme.js';

// resolveRules hands out one shared Rules object per rule set and options, so it is the key:
// a handful of backgrounds per language at most, 1.3 MB each (the replay's smaller scale adds its own).
const cache = new Map<string, Map<Rules, Canvas>>();

/** The background for `rules` at `scale` (layout units to pixels) in `locale`, drawn on first use. */
export function backgroundFor(rules: Rules, scale = PIXEL_SCALE, locale: Locale = DEFAULT_LOCALE): Canvas {
  const key = `${scale} ${locale}`;
  let byRules = cache.get(key);
  if (!byRules) cache.set(key, (byRules = new Map<Rules, Canvas>()));
  let canvas = byRules.get(rules);
  if (!canvas) {
    const { width, height } = pixelSize(scale);
    canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    // Filled in whole pixels first: the scaled layout ends mid-pixel, and a see-through edge
    // would let the previous picture show through on the reused canvas.
    ctx.fillStyle = COLOURS.background;
    ctx.fillRect(0, 0, width, height);
    ctx.scale(scale, scale);
    drawBackground(ctx, rules, translator(locale));
    byRules.set(rules, canvas);
  }
  return canvas;
}

function drawBackground(ctx: SKRSContext2D, rules: Rules, t: Translate): void {
  const hieroglyphs = registerFonts();
  ctx.fillStyle = COLOURS.frame;
  ctx.beginPath();
  ctx.roundRect(BOARD_LEFT - 7, BOARD_TOP - 7, BOARD_WIDTH + 14, 3 * CELL + 14, 10);
  ctx.fill();
  ctx.strokeStyle = COLOURS.frameEdge;
  ctx.lineWidth = 2;
  ctx.stroke();
  for (let square = 1; square <= 30; square++) {
    const special = rules.squares[square];
    drawSquare(ctx, square, special && { info: special, name: squareName(t, rules, square)! }, hieroglyphs);
  }
  drawTurns(ctx);
  // Only dancers has pawns off the board before they enter (or after a capture removes them).
  if (rules.start.waiting > 0 || rules.capture === 'remove') drawTray(ctx, WAITING_TRAY, t('board.trayStart'));
  drawTray(ctx, OFF_TRAY, t('board.trayOff'));
}

/** A special square as drawn: the rule set's data and its name in the picture's language. */
interface Special {
  info: SquareInfo;
  name: string;
}

function drawSquare(ctx: SKRSContext2D, square: number, special: Special | undefined, hieroglyphs: boolean): void {
  const rect = inset(cellRect(square), 1.5);
  const { row, col } = gridOf(square);
  ctx.fillStyle = special ? specialColour(special.info) : (row + col) % 2 === 0 ? COLOURS.cell : COLOURS.cellAlt;
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, 4);
  ctx.fill();
  if (special) drawSpecial(ctx, rect, special, hieroglyphs);
  drawPathMark(ctx, rect, row === 1 ? -1 : 1);
  ctx.fillStyle = COLOURS.cellNumber;
  ctx.font = font(16, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(String(square), rect.x + 5, rect.y + 3);
}

function specialColour(special: SquareInfo): string {
  const watery = special.effect?.kind === 'water' || special.effect?.kind === 'drown';
  return watery ? COLOURS.specialWater : COLOURS.special;
}

/** The square's hieroglyph, large and faint behind the pawn, and its name along the bottom. */
function drawSpecial(ctx: SKRSContext2D, rect: Rect, special: Special, hieroglyphs: boolean): void {
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + rect.h * 0.42;
  const { glyph } = special.info;
  if (hieroglyphs && isHieroglyphText(glyph)) {
    ctx.fillStyle = COLOURS.specialGlyph;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // As large as fits: a row of counting strokes is wide, a single sign is not.
    ctx.font = `40px "${GLYPH_FONT}"`;
    const size = Math.min(40, Math.floor((40 * (rect.w - 16)) / ctx.measureText(glyph).width));
    ctx.font = `${size}px "${GLYPH_FONT}"`;
    ctx.fillText(glyph, cx, cy);
  } else {
    drawCross(ctx, cx, cy, 17);
  }
  ctx.fillStyle = COLOURS.specialInk;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  const { lines, font: nameFont } = squareNameLines(ctx, special.name);
  ctx.font = nameFont;
  lines.forEach((line, i) => ctx.fillText(line, cx, rect.y + rect.h - 5 - (lines.length - 1 - i) * NAME_LINE_HEIGHT));
}

/** The room for a special square's name: the cell's width, in two lines along its bottom. */
export const SQUARE_NAME_BOX = { width: CELL - 3 - 6, lines: 2 } as const;
const NAME_LINE_HEIGHT = 12;

/** A square's name in at most two lines, in the largest size from 11 down to 8 that fits whole. */
export function squareNameLines(ctx: SKRSContext2D, name: string): Fitted {
  return fitBox(ctx, name, SQUARE_NAME_BOX.width, { size: 11, floor: 8, bold: true }, SQUARE_NAME_BOX.lines);
}

/** The drawn stand-in for a glyph the hieroglyph font cannot show (regency's X square). */
function drawCross(ctx: SKRSContext2D, cx: number, cy: number, r: number): void {
  ctx.strokeStyle = COLOURS.specialGlyph;
  ctx.lineWidth = 6;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx - r, cy - r);
  ctx.lineTo(cx + r, cy + r);
  ctx.moveTo(cx + r, cy - r);
  ctx.lineTo(cx - r, cy + r);
  ctx.stroke();
}

/** A faint chevron at the leaving edge of a square, pointing along the path. */
function drawPathMark(ctx: SKRSContext2D, rect: Rect, direction: 1 | -1): void {
  const x = direction === 1 ? rect.x + rect.w - 6 : rect.x + 6;
  const y = rect.y + rect.h / 2;
  ctx.strokeStyle = COLOURS.pathMark;
  ctx.lineWidth = 2.5;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(x - 5 * direction, y - 6);
  ctx.lineTo(x, y);
  ctx.lineTo(x - 5 * direction, y + 6);
  ctx.stroke();
}

/** The path's two turns, drawn in the margins: after 10 (right) and after 20 (left). */
function drawTurns(ctx: SKRSContext2D): void {
  const right = BOARD_LEFT + BOARD_WIDTH + 10;
  const left = BOARD_LEFT - 10;
  drawTurn(ctx, right, BOARD_TOP + CELL * 0.5, BOARD_TOP + CELL * 1.5, 1);
  drawTurn(ctx, left, BOARD_TOP + CELL * 1.5, BOARD_TOP + CELL * 2.5, -1);
}

function drawTurn(ctx: SKRSContext2D, x: number, fromY: number, toY: number, outward: 1 | -1): void {
  const bulge = (GUTTER - 28) * outward;
  ctx.strokeStyle = COLOURS.turnArrow;
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x, fromY);
  ctx.bezierCurveTo(x + bulge, fromY, x + bulge, toY, x, toY);
  ctx.stroke();
  // Arrowhead pointing back towards the board.
  ctx.fillStyle = COLOURS.turnArrow;
  ctx.beginPath();
  ctx.moveTo(x - 2 * outward, toY);
  ctx.lineTo(x + 9 * outward, toY - 6);
  ctx.lineTo(x + 9 * outward, toY + 6);
  ctx.closePath();
  ctx.fill();
}

function drawTray(ctx: SKRSContext2D, rect: Rect, label: string): void {
  ctx.fillStyle = COLOURS.tray;
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, 8);
  ctx.fill();
  ctx.fillStyle = COLOURS.trayText;
  ctx.font = font(12, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillText(label, rect.x + rect.w / 2, rect.y + 3);
}

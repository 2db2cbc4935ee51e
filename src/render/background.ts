// The static part of the picture: frame, squares, numbers, special squares, path marks, trays.
// It depends only on the rule set (and its options), so it is drawn once per rule set and kept.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Rules, SquareInfo } from '../engine/index.js';
import { squareName } from '../i18n/gameWords.js';
import { DEFAULT_LOCALE, type Locale, type Translate, translator } from '../i18n/index.js';
import { GLYPH_FONT, isHieroglyphText, registerFonts, useFontsFor } from './fonts.js';
import {
  BOARD_LEFT,
  BOARD_TOP,
  BOARD_WIDTH,
  CELL,
  FRAME,
  MARGIN,
  NAME_BOX,
  NUMBER_BOX,
  OFF_TRAY,
  PIXEL_SCALE,
  type Rect,
  WAITING_TRAY,
  cellRect,
  gridOf,
  hasStartTray,
  inset,
  pixelSize,
  trayLabelBox,
} from './layout.js';
import { ESSENTIAL_TYPE, type Fitted, SECONDARY_TYPE, fitBox, font } from './text.js';
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
    useFontsFor(locale);
    drawBackground(ctx, rules, translator(locale));
    byRules.set(rules, canvas);
  }
  return canvas;
}

function drawBackground(ctx: SKRSContext2D, rules: Rules, t: Translate): void {
  const hieroglyphs = registerFonts();
  ctx.fillStyle = COLOURS.frame;
  ctx.beginPath();
  ctx.roundRect(BOARD_LEFT - FRAME, BOARD_TOP - FRAME, BOARD_WIDTH + 2 * FRAME, 3 * CELL + 2 * FRAME, 10);
  ctx.fill();
  ctx.strokeStyle = COLOURS.frameEdge;
  ctx.lineWidth = 2;
  ctx.stroke();
  for (let square = 1; square <= 30; square++) {
    const special = rules.squares[square];
    drawSquare(ctx, square, special && { info: special, name: squareName(t, rules, square)! }, hieroglyphs);
  }
  drawTurns(ctx);
  if (hasStartTray(rules)) drawTray(ctx, WAITING_TRAY, t('board.trayStart'));
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
  const cell = cellRect(square);
  ctx.fillStyle = COLOURS.cellNumber;
  ctx.font = font(ESSENTIAL_TYPE.squareNumber.size, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(String(square), cell.x + NUMBER_BOX.x + 2, cell.y + NUMBER_BOX.y + NUMBER_BOX.h - 3);
}

function specialColour(special: SquareInfo): string {
  const watery = special.effect?.kind === 'water' || special.effect?.kind === 'drown';
  return watery ? COLOURS.specialWater : COLOURS.special;
}

/** The square's hieroglyph, large and faint behind the pawn, and its name along the bottom. */
function drawSpecial(ctx: SKRSContext2D, rect: Rect, special: Special, hieroglyphs: boolean): void {
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + rect.h * 0.4;
  const { glyph } = special.info;
  if (hieroglyphs && isHieroglyphText(glyph)) {
    ctx.fillStyle = COLOURS.specialGlyph;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // As large as fits: a row of counting strokes is wide, a single sign is not.
    ctx.font = `36px "${GLYPH_FONT}"`;
    const size = Math.min(36, Math.floor((36 * (rect.w - 16)) / ctx.measureText(glyph).width));
    ctx.font = `${size}px "${GLYPH_FONT}"`;
    ctx.fillText(glyph, cx, cy);
  } else {
    drawCross(ctx, cx, cy, 17);
  }
  ctx.fillStyle = COLOURS.specialInk;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  const { lines, font: nameFont, lineHeight } = squareNameLines(ctx, special.name);
  ctx.font = nameFont;
  // The last line's baseline leaves room for descenders inside the box.
  const bottom = rect.y - 1.5 + NAME_BOX.y + NAME_BOX.h - 3;
  lines.forEach((line, i) => ctx.fillText(line, cx, bottom - (lines.length - 1 - i) * lineHeight));
}

/**
 * The room for a special square's name: NAME_BOX, in as many lines as its height holds (at most three).
 * @internal
 */
export const SQUARE_NAME_BOX = { width: NAME_BOX.w, height: NAME_BOX.h, lines: 3 } as const;

/**
 * A square's name fitted to its box: lines, font, and the distance between baselines.
 * @internal
 */
export interface FittedName extends Fitted {
  lineHeight: number;
}

/**
 * A square's name in the largest size that fits whole in SQUARE_NAME_BOX: smaller sizes hold more
 * lines; at the floor, what still does not fit is cut.
 * @internal
 */
export function squareNameLines(ctx: SKRSContext2D, name: string): FittedName {
  const { size: largest, floor }: { size: number; floor: number } = SECONDARY_TYPE.squareName;
  let fitted: FittedName = { lines: [], font: '', lineHeight: 0 };
  for (let size = largest; size >= floor; size--) {
    const lineHeight = Math.round(size * 1.05 * 10) / 10;
    // The first line's cap height, then a line height for each further line.
    const lines = Math.min(SQUARE_NAME_BOX.lines, 1 + Math.floor((NAME_BOX.h - size * 0.75) / lineHeight));
    fitted = { ...fitBox(ctx, name, NAME_BOX.w, { size, floor: size, bold: true }, lines), lineHeight };
    if (!fitted.lines.some((line) => line.endsWith('…'))) break;
  }
  return fitted;
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
  const right = BOARD_LEFT + BOARD_WIDTH + FRAME + 2;
  const left = BOARD_LEFT - FRAME - 2;
  drawTurn(ctx, right, BOARD_TOP + CELL * 0.5, BOARD_TOP + CELL * 1.5, 1);
  drawTurn(ctx, left, BOARD_TOP + CELL * 1.5, BOARD_TOP + CELL * 2.5, -1);
}

function drawTurn(ctx: SKRSContext2D, x: number, fromY: number, toY: number, outward: 1 | -1): void {
  const bulge = (MARGIN - FRAME - 4) * 1.3 * outward;
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
  ctx.lineTo(x + 8 * outward, toY - 6);
  ctx.lineTo(x + 8 * outward, toY + 6);
  ctx.closePath();
  ctx.fill();
}

function drawTray(ctx: SKRSContext2D, rect: Rect, label: string): void {
  ctx.fillStyle = COLOURS.tray;
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, 8);
  ctx.fill();
  const box = trayLabelBox(rect);
  const fitted = fitBox(ctx, label, box.w, SECONDARY_TYPE.trayLabel);
  ctx.fillStyle = COLOURS.trayText;
  ctx.font = fitted.font;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(fitted.lines[0] ?? '', box.x, box.y + box.h / 2);
}

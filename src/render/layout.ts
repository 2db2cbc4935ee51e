// Where everything sits on the picture. Pure geometry, in layout units (drawn scaled by
// PIXEL_SCALE). The board is 3 rows of 10 squares in path order (1-10 left to right, 11-20 right
// to left, 21-30 left to right) with narrow margins for the path's turns; above it the players and
// the status, with the tray of pawns waiting to enter above square 1; below it, under square 30,
// the tray of pawns borne off. Designed for the width Discord shows it at on a phone (400 CSS
// pixels): the picture is as narrow as ten squares allow, so it is scaled down as little as it can
// be, and what is needed to choose a move is drawn at least LEGIBLE_CAP_PX tall there
// (docs/board-legibility.md).
import { OFF, type Rules, type Side, WAITING } from '../engine/index.js';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

export const CELL = 80;
/** Left and right of the board: room for the path's turns and the way to the off tray. */
export const MARGIN = 30;
export const BOARD_LEFT = MARGIN;
export const BOARD_WIDTH = 10 * CELL;
export const WIDTH = BOARD_WIDTH + 2 * MARGIN;

/** The players' blocks, side by side along the top. */
export const BLOCKS = { top: 8, height: 72, margin: 10 } as const;
/** The status (whose turn, the throw) under the players, beside the start tray. */
export const STATUS = { top: 86, height: 60 } as const;
/** Everything above the board: the players and the status (the replay redraws it on every frame). */
export const HEADER = STATUS.top + STATUS.height;
export const BOARD_TOP = 156;
const BOARD_BOTTOM = BOARD_TOP + 3 * CELL;
/** The board's frame around the squares. */
export const FRAME = 7;
const TRAY_HEIGHT = 50;
const HEIGHT = BOARD_BOTTOM + FRAME + 8 + TRAY_HEIGHT + 8;

/**
 * Everything is drawn scaled by this factor, so the picture's pixel size is one knob. Encoding
 * is most of a board's cost and grows with the pixel count: 0.75 (645 × 352) has 15 % fewer pixels
 * than the old 864 × 308 board, so a click's picture is cheaper, and is still wider than Discord
 * shows it (≤ 550 CSS pixels on a desktop, 400 on a phone); text and lines are drawn as vectors at
 * the final size. How large things look depends on the layout's width, not on this scale.
 */
export const PIXEL_SCALE = 0.75;
export const IMAGE_WIDTH = Math.round(WIDTH * PIXEL_SCALE);
export const IMAGE_HEIGHT = Math.round(HEIGHT * PIXEL_SCALE);

/** The picture's size in pixels when the layout is drawn at `scale`. */
export function pixelSize(scale: number): { width: number; height: number } {
  return { width: Math.round(WIDTH * scale), height: Math.round(HEIGHT * scale) };
}

/**
 * Legibility: at the width a phone shows the picture (400 CSS pixels), essential text (square
 * numbers, marker digits, names, whose turn, the throw, the pawns waiting and off) has a cap height
 * of at least 7 CSS pixels, about 0.2° of visual angle at a phone's reading distance, the critical
 * print size below which reading slows (the reasoning is in docs/board-legibility.md).
 * @internal
 */
export const PHONE_WIDTH_PX = 400;
/** @internal */
export const DESKTOP_WIDTH_PX = 550;
/** @internal */
export const LEGIBLE_CAP_PX = 7;
/**
 * Secondary text (square names, tray labels): above a 20/20 letter's size (0.083°) on a desktop.
 * @internal
 */
export const SECONDARY_CAP_PX = 4.5;

/** The row (0 top) and column (0 left) of a square 1..30. */
export function gridOf(square: number): { row: number; col: number } {
  const index = square - 1;
  const row = Math.floor(index / 10);
  const along = index % 10;
  return { row, col: row === 1 ? 9 - along : along };
}

export function cellRect(square: number): Rect {
  const { row, col } = gridOf(square);
  return { x: BOARD_LEFT + col * CELL, y: BOARD_TOP + row * CELL, w: CELL, h: CELL };
}

/** Whether the rule set has pawns off the board before they enter (or after a capture removes them). */
export function hasStartTray(rules: Rules): boolean {
  return rules.start.waiting > 0 || rules.capture === 'remove';
}

/** The tray of pawns waiting to enter (square 0), above squares 1-3, where the path begins. */
export const WAITING_TRAY: Rect = {
  x: BOARD_LEFT,
  y: STATUS.top + (STATUS.height - TRAY_HEIGHT) / 2,
  w: 276,
  h: TRAY_HEIGHT,
};
/** The tray of pawns borne off (square 31), under squares 26-30, where the path ends. */
export const OFF_TRAY: Rect = {
  x: BOARD_LEFT + BOARD_WIDTH - 352,
  y: BOARD_BOTTOM + FRAME + 8,
  w: 352,
  h: TRAY_HEIGHT,
};

/**
 * A tray's parts, left to right: its label, each side's pawn with its count, then the slots of
 * the move markers, so that no marker covers a label or a count.
 */
const TRAY = { label: 10, labelWidth: 78, pawns: 96, pawnStep: 70, count: 16, slots: 238 } as const;

/** Where a pawn of `side` stands in a tray: light first, then dark. */
export function trayPawnCenter(tray: Rect, side: Side): Point {
  return { x: tray.x + TRAY.pawns + (side === 'W' ? 0 : TRAY.pawnStep), y: tray.y + tray.h / 2 };
}

/** The box of a tray's count "×n" of `side`'s pawns (left-aligned after its pawn). */
export function trayCountBox(tray: Rect, side: Side): Rect {
  const pawn = trayPawnCenter(tray, side);
  return { x: pawn.x + TRAY.count, y: tray.y + 12, w: TRAY.pawnStep - TRAY.count - 14, h: tray.h - 24 };
}

/** A move marker's radius (it holds a digit of ESSENTIAL_TYPE.markerDigit). */
export const MARKER_RADIUS = 17;

/**
 * The centre of the k-th move marker in a tray: in a row after the pawns. The off tray has room
 * for three (the most bearing-off choices seen in random games of every rule set: regency's), the
 * start tray for one (one pawn enters per throw); a further one would share the last slot.
 */
export function trayMarkerAt(tray: Rect, k: number): Point {
  const slots = Math.floor((tray.w - TRAY.slots) / (2 * MARKER_RADIUS + 4));
  const slot = Math.min(k, slots - 1);
  return { x: tray.x + TRAY.slots + MARKER_RADIUS + slot * (2 * MARKER_RADIUS + 4), y: tray.y + tray.h / 2 };
}

/** The centre of a move marker on a square: top right of its cell, clear of its number and name. */
export function cellMarkerAt(square: number): Point {
  const cell = cellRect(square);
  return { x: cell.x + cell.w - MARKER_RADIUS - 3, y: cell.y + MARKER_RADIUS + 3 };
}

/** The box of a tray's label. */
export function trayLabelBox(tray: Rect): Rect {
  return { x: tray.x + TRAY.label, y: tray.y + 12, w: TRAY.labelWidth - TRAY.label, h: tray.h - 24 };
}

const PAWN_HEIGHT = 46;
const SPECIAL_PAWN_HEIGHT = 32;
export const TRAY_PAWN_HEIGHT = 32;

/**
 * Where and how tall a pawn of `side` on `square` (0..31) is drawn: clear of the square's number
 * (top left); on a special square smaller and higher, so the square's name below it stays readable.
 */
export function pawnPlace(square: number, side: Side, special: boolean): { at: Point; height: number } {
  if (square === 0) return { at: trayPawnCenter(WAITING_TRAY, side), height: TRAY_PAWN_HEIGHT };
  if (square === OFF) return { at: trayPawnCenter(OFF_TRAY, side), height: TRAY_PAWN_HEIGHT };
  const rect = cellRect(square);
  return special
    ? { at: { x: rect.x + 48, y: rect.y + 26 }, height: SPECIAL_PAWN_HEIGHT }
    : { at: { x: rect.x + rect.w / 2 + 2, y: rect.y + 47 }, height: PAWN_HEIGHT };
}

/** The area that stands for a square in move markers: its cell, or a tray. */
export function areaOf(square: number): Rect {
  return square === WAITING ? WAITING_TRAY : square === OFF ? OFF_TRAY : cellRect(square);
}

/** `rect` shrunk by `by` pixels on every side (grown for a negative `by`). */
export function inset(rect: Rect, by: number): Rect {
  return { x: rect.x + by, y: rect.y + by, w: rect.w - 2 * by, h: rect.h - 2 * by };
}

/**
 * Whether two rectangles share any area.
 * @internal
 */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A square's number: top left of its cell. */
export const NUMBER_BOX = { x: 4, y: 3, w: 32, h: 24 } as const;
/** A special square's name: two lines along the bottom of its cell, inside a target's dashed outline. */
export const NAME_BOX = { x: 4.5, y: 42, w: CELL - 9, h: 32 } as const;

/** How far inside its cell a target square's dashed outline runs (its line is TARGET_LINE wide). */
export const TARGET_INSET = 3;
export const TARGET_LINE = 3;

/**
 * Where `box` (relative to a cell) lies on `square`'s cell.
 * @internal
 */
export function onCell(square: number, box: Rect): Rect {
  const cell = cellRect(square);
  return { x: cell.x + box.x, y: cell.y + box.y, w: box.w, h: box.h };
}

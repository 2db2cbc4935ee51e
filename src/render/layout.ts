// Where everything sits on the picture. Pure geometry: the board is 3 rows of 10 squares in path
// order (1-10 left to right, 11-20 right to left, 21-30 left to right), with a tray on the left
// of the top row for pawns waiting to enter and one on the right of the bottom row for pawns
// borne off, so the path reads from the start tray to the off tray.
import { OFF, type Side, WAITING } from '../engine/index.js';

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

// 960 × 342: wide enough to stay sharp when phones and desktops scale it, small enough to encode
// in a few milliseconds (encoding time grows with the pixel count).
export const CELL = 80;
export const GUTTER = 80;
export const HEADER = 84;
export const BOARD_TOP = HEADER + 8;
export const BOARD_LEFT = GUTTER;
export const BOARD_WIDTH = 10 * CELL;
export const WIDTH = BOARD_WIDTH + 2 * GUTTER;
const HEIGHT = BOARD_TOP + 3 * CELL + 10;

/**
 * Everything is laid out in the units above and drawn scaled by this factor, so the picture's
 * pixel size is one knob. Encoding time grows with the pixel count: 0.9 (864 × 308) encodes about
 * a fifth faster than 1.0 and is still sharp where Discord shows it (≤ 550 CSS pixels wide on a
 * desktop, a phone's width on a phone); text and lines are drawn as vectors at the final size.
 */
export const PIXEL_SCALE = 0.9;
export const IMAGE_WIDTH = Math.round(WIDTH * PIXEL_SCALE);
export const IMAGE_HEIGHT = Math.round(HEIGHT * PIXEL_SCALE);

/** The picture's size in pixels when the layout is drawn at `scale`. */
export function pixelSize(scale: number): { width: number; height: number } {
  return { width: Math.round(WIDTH * scale), height: Math.round(HEIGHT * scale) };
}

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

// The trays sit in the margins, clear of the board's 7-pixel frame.
const TRAY_WIDTH = 62;

/** The tray of pawns waiting to enter (square 0), beside square 1. */
export const WAITING_TRAY: Rect = { x: 5, y: BOARD_TOP, w: TRAY_WIDTH, h: CELL };
/** The tray of pawns borne off (square 31), beside square 30. */
export const OFF_TRAY: Rect = { x: BOARD_LEFT + BOARD_WIDTH + 13, y: BOARD_TOP + 2 * CELL, w: TRAY_WIDTH, h: CELL };

/** Where a pawn of `side` stands in a tray: light on the left half, dark on the right. */
export function trayPawnCenter(tray: Rect, side: Side): Point {
  return { x: tray.x + (side === 'W' ? tray.w * 0.29 : tray.w * 0.71), y: tray.y + tray.h * 0.5 };
}

const PAWN_HEIGHT = 52;
export const TRAY_PAWN_HEIGHT = 30;

/**
 * Where and how tall a pawn of `side` on `square` (0..31) is drawn. On a special square it is
 * smaller and higher, so the square's name below it stays readable.
 */
export function pawnPlace(square: number, side: Side, special: boolean): { at: Point; height: number } {
  if (square === 0) return { at: trayPawnCenter(WAITING_TRAY, side), height: TRAY_PAWN_HEIGHT };
  if (square === OFF) return { at: trayPawnCenter(OFF_TRAY, side), height: TRAY_PAWN_HEIGHT };
  const rect = cellRect(square);
  return special
    ? { at: { x: rect.x + rect.w / 2, y: rect.y + rect.h * 0.41 }, height: PAWN_HEIGHT - 8 }
    : { at: { x: rect.x + rect.w / 2, y: rect.y + rect.h * 0.48 }, height: PAWN_HEIGHT };
}

/** The area that stands for a square in move markers: its cell, or a tray. */
export function areaOf(square: number): Rect {
  return square === WAITING ? WAITING_TRAY : square === OFF ? OFF_TRAY : cellRect(square);
}

/** `rect` shrunk by `by` pixels on every side (grown for a negative `by`). */
export function inset(rect: Rect, by: number): Rect {
  return { x: rect.x + by, y: rect.y + by, w: rect.w - 2 * by, h: rect.h - 2 * by };
}

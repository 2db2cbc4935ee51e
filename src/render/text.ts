// Small text helpers shared by the board and the header. Translated words vary in length, so
// every line is fitted to its box: shrunk down to a floor size, wrapped where there is room for
// a second line, and only then cut with an ellipsis; drawn text never leaves its box.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { TEXT_FONT } from './fonts.js';

export function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${size}px "${TEXT_FONT}"`;
}

/**
 * Splits `text` into at most `maxLines` lines no wider than `maxWidth` in the current font; a
 * word wider than the line, or what does not fit in the last line, is cut with an ellipsis.
 */
function wrapText(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  // Most lines fit whole: one measurement instead of one per word.
  if (ctx.measureText(text).width <= maxWidth) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(candidate).width > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept[maxLines - 1] = lines.slice(maxLines - 1).join(' ');
  return kept.map((l) => fitText(ctx, l, maxWidth));
}

/** `text`, cut with an ellipsis if it is wider than `maxWidth` in the current font. */
export function fitText(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Text fitted to a box: the lines to draw and the font to draw them in. */
export interface Fitted {
  lines: string[];
  font: string;
}

/** A font size range: the size a text is drawn at if it fits, and the smallest it may shrink to. */
export interface Sizes {
  size: number;
  floor: number;
  bold?: boolean;
}

/**
 * The picture's type sizes in layout units. Essential text is what a player needs to choose a
 * move; it never shrinks below a size that stays LEGIBLE_CAP_PX tall at a phone's width (tested
 * in test/render/legibility.test.ts). Secondary text (square names, tray labels) is drawn as large
 * as its room allows; the same things are said in the alt text and `/senet rules`.
 */
export const ESSENTIAL_TYPE = {
  squareNumber: { size: 24, floor: 24, bold: true },
  markerDigit: { size: 24, floor: 24, bold: true },
  trayCount: { size: 22, floor: 22, bold: true },
  playerName: { size: 28, floor: 22, bold: true },
  counts: { size: 22, floor: 22 },
  title: { size: 26, floor: 22, bold: true },
  detail: { size: 22, floor: 22 },
  offer: { size: 22, floor: 22, bold: true },
} as const satisfies Record<string, Sizes>;

export const SECONDARY_TYPE = {
  squareName: { size: 15, floor: 10, bold: true },
  trayLabel: { size: 18, floor: 13, bold: true },
} as const satisfies Record<string, Sizes>;

/**
 * `text` in the largest size from `size` down to `floor` (whole pixels) at which it fits whole in
 * at most `maxLines` lines of `maxWidth`; at the floor, what still does not fit is cut.
 */
export function fitBox(ctx: SKRSContext2D, text: string, maxWidth: number, sizes: Sizes, maxLines = 1): Fitted {
  let fitted: Fitted = { lines: [], font: '' };
  for (let size = sizes.size; size >= sizes.floor; size--) {
    ctx.font = font(size, sizes.bold);
    fitted = { lines: wrapText(ctx, text, maxWidth, maxLines), font: font(size, sizes.bold) };
    if (!fitted.lines.some((line) => line.endsWith('…'))) break;
  }
  return fitted;
}

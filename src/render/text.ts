// Small text helpers shared by the board and the header. Translated words vary in length, so
// every line is fitted to its box: shrunk down to a floor size, wrapped where there is room for
// a second line, and only then cut with an ellipsis; drawn text never leaves its box.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { textFamilies } from './fonts.js';

/** The text font at `size`: Noto Sans, then the font of the picture's script if it needs one (fonts.ts). */
export function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${size}px ${textFamilies()}`;
}

/**
 * Splits `text` into at most `maxLines` lines no wider than `maxWidth` in the current font; a
 * word wider than the line, or what does not fit in the last line, is cut with an ellipsis.
 */
function wrapText(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  // Most lines fit whole: one measurement instead of one per word.
  if (ctx.measureText(text).width <= maxWidth) return [text];
  const starts: number[] = [];
  let line = '';
  let at = 0;
  for (const piece of breakPieces(text)) {
    const candidate = line + piece;
    if (line && ctx.measureText(candidate.trimEnd()).width > maxWidth) {
      starts.push(at - line.length);
      line = piece;
    } else {
      line = candidate;
    }
    at += piece.length;
  }
  if (line) starts.push(at - line.length);
  const lines = starts.map((start, i) => text.slice(start, starts[i + 1]).trim());
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept[maxLines - 1] = text.slice(starts[maxLines - 1]).trim();
  return kept.map((l) => fitText(ctx, l, maxWidth));
}

/** Scripts written without spaces between words: a line may break between any two of their words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** Made on first use: most pictures never need one. */
let words: Intl.Segmenter | null = null;
let graphemes: Intl.Segmenter | null = null;

/**
 * `text` in the pieces a line may break after, each with its trailing spaces: words as spaces
 * part them, and in Thai, Chinese and Japanese the words Intl finds, punctuation kept with the
 * word before it.
 */
function breakPieces(text: string): string[] {
  const spaced = text.split(/(?<=\s)(?=\S)/);
  if (!UNSPACED.test(text)) return spaced;
  return spaced.flatMap((part) => {
    if (!UNSPACED.test(part)) return [part];
    const pieces: string[] = [];
    words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    for (const { segment, isWordLike } of words.segment(part)) {
      if (pieces.length > 0 && !isWordLike) pieces[pieces.length - 1] += segment;
      else pieces.push(segment);
    }
    return pieces;
  });
}

/** `text`, cut with an ellipsis if it is wider than `maxWidth` in the current font. */
export function fitText(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  // Cut between whole characters as readers see them: a Devanagari or Thai vowel sign stays on its letter.
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const chars = Array.from(graphemes.segment(text), ({ segment }) => segment);
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

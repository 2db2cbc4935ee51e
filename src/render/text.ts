// Small text helpers shared by the board and the header.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { TEXT_FONT } from './fonts.js';

export function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${size}px "${TEXT_FONT}"`;
}

/** Splits `text` into at most `maxLines` lines no wider than `maxWidth` in the current font. */
export function wrapText(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
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
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitText(ctx, lines.slice(maxLines - 1).join(' '), maxWidth);
  return kept;
}

/** `text`, cut with an ellipsis if it is wider than `maxWidth` in the current font. */
export function fitText(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

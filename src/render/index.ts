// The board renderer: a GameState (with the players' names and the numbered moves) becomes a
// picture and a description of it. Knows nothing of Discord or storage.
import type { GameState } from '../engine/index.js';
import { altText } from './alt.js';
import { drawBoard } from './draw.js';
import type { BoardView, RenderedBoard } from './types.js';

export type { BoardView, RenderedBoard } from './types.js';
export { altText, ALT_TEXT_LIMIT } from './alt.js';

/**
 * Lossless WebP: crisp text and lines, faster to encode and about half the size of PNG for this
 * picture, and Discord shows WebP attachments inline. JPEG encodes a little faster but smears
 * the small numbers. (In @napi-rs/canvas, WebP quality 100 means lossless.)
 */
const FORMAT = { extension: 'webp', quality: 100 } as const;

export async function renderBoard(state: GameState, view: BoardView): Promise<RenderedBoard> {
  const canvas = drawBoard(state, view.names, view.moves ?? []);
  // Encoded synchronously: the shared canvas must not be redrawn before its picture is taken.
  const image = canvas.encodeSync(FORMAT.extension, FORMAT.quality);
  return { image, fileName: `senet-board.${FORMAT.extension}`, alt: altText(state, view) };
}

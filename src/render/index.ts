// The board renderer: a GameState (with the players' names and the numbered moves) becomes a
// picture and a description of it. Knows nothing of Discord or storage.
import type { GameState } from '../engine/index.js';
import { altText } from './alt.js';
import { drawBoard } from './draw.js';
import type { BoardView, RenderedBoard } from './types.js';

export type { BoardView, RenderedBoard } from './types.js';
export { altText, ALT_TEXT_LIMIT } from './alt.js';

/**
 * JPEG at quality 80: it encodes much faster than WebP or PNG, its numbers and names look as at
 * quality 92 at 400 px, 550 px and full size, in every language, and it weighs about 40 KB (the
 * comparison is in docs/performance.md).
 */
const FORMAT = { encoding: 'jpeg', quality: 80, extension: 'jpg' } as const;

export async function renderBoard(state: GameState, view: BoardView): Promise<RenderedBoard> {
  const canvas = drawBoard(state, view.names, view.moves ?? [], view.locale);
  // Encoded synchronously: the shared canvas must not be redrawn before its picture is taken.
  const image = canvas.encodeSync(FORMAT.encoding, FORMAT.quality);
  return { image, fileName: `senet-board.${FORMAT.extension}`, alt: altText(state, view) };
}

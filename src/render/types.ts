// The renderer's contract with the game service.
import type { Locale } from '../i18n/index.js';
import type { Move, Side } from '../engine/index.js';

export interface BoardView {
  names: Record<Side, string>;
  /** The legal moves, numbered 1..n on the picture in this order (= the button order). */
  moves?: Move[];
  /** The language of the picture's words and its alt text (default English). */
  locale?: Locale;
}

export interface RenderedBoard {
  image: Buffer;
  /** The attachment's file name; its extension tells Discord the format. */
  fileName: string;
  /** A description of the picture, at most 1024 characters. */
  alt: string;
}

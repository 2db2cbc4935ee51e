// The renderer ships its own fonts (npm packages, no system fonts needed): Noto Sans for text and
// Noto Sans Egyptian Hieroglyphs for the special squares. Skia loads the packages' WOFF2 files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

/** The family names the drawing code uses; each is registered from several files below. */
export const TEXT_FONT = 'Senet Sans';
export const GLYPH_FONT = 'Senet Hieroglyphs';

// Subsets of Noto Sans so player names in most European scripts render without system fonts.
const TEXT_SUBSETS = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'];
const TEXT_WEIGHTS = [400, 700];

const require = createRequire(import.meta.url);

let hieroglyphsLoaded: boolean | null = null;

/** Registers the fonts once; returns whether the hieroglyph font could be loaded. */
export function registerFonts(): boolean {
  if (hieroglyphsLoaded !== null) return hieroglyphsLoaded;
  for (const weight of TEXT_WEIGHTS) {
    for (const subset of TEXT_SUBSETS) {
      register(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff2`, TEXT_FONT);
    }
  }
  hieroglyphsLoaded = register(
    '@fontsource/noto-sans-egyptian-hieroglyphs/files/noto-sans-egyptian-hieroglyphs-egyptian-hieroglyphs-400-normal.woff2',
    GLYPH_FONT,
  );
  return hieroglyphsLoaded;
}

function register(specifier: string, family: string): boolean {
  try {
    return GlobalFonts.registerFromPath(require.resolve(specifier), family) !== null;
  } catch {
    // A missing font file degrades the picture (drawn fallbacks), it must not stop the game.
    return false;
  }
}

let textRanges: [number, number][] | null = null;

/** The code point ranges the registered text subsets cover, from the font package's own table. */
function coveredRanges(): [number, number][] {
  if (textRanges) return textRanges;
  const table = JSON.parse(readFileSync(require.resolve('@fontsource/noto-sans/unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  textRanges = TEXT_SUBSETS.flatMap((subset) =>
    (table[subset] ?? '').split(',').map((range): [number, number] => {
      const [low = '0', high = low] = range.trim().replace(/^U\+/, '').split('-');
      return [parseInt(low, 16), parseInt(high, 16)];
    }),
  );
  return textRanges;
}

/**
 * `text` without the characters the shipped text font cannot draw (emoji, CJK, …), which would
 * show as empty boxes on a machine without system fonts; runs of spaces left behind are closed.
 */
export function drawableText(text: string): string {
  const ranges = coveredRanges();
  let kept = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (ranges.some(([low, high]) => code >= low && code <= high)) kept += char;
  }
  return kept.replace(/\s+/g, ' ').trim();
}

/** Whether every character of `glyph` lies in the Egyptian Hieroglyphs blocks our font covers. */
export function isHieroglyphText(glyph: string): boolean {
  if (glyph.length === 0) return false;
  for (const char of glyph) {
    const code = char.codePointAt(0)!;
    if (code < 0x13000 || code > 0x1345f) return false;
  }
  return true;
}

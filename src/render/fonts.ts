// The renderer ships its own fonts (npm packages, no system fonts needed): Noto Sans for text and
// Noto Sans Egyptian Hieroglyphs for the special squares. Skia loads the packages' WOFF2 files.
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

/** The family names the drawing code uses; each is registered from several files below. */
export const TEXT_FONT = 'Senet Sans';
export const GLYPH_FONT = 'Senet Hieroglyphs';

// Subsets of Noto Sans so player names in most European scripts render without system fonts.
const TEXT_SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'vietnamese'];
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

/** Whether every character of `glyph` lies in the Egyptian Hieroglyphs blocks our font covers. */
export function isHieroglyphText(glyph: string): boolean {
  if (glyph.length === 0) return false;
  for (const char of glyph) {
    const code = char.codePointAt(0)!;
    if (code < 0x13000 || code > 0x1345f) return false;
  }
  return true;
}

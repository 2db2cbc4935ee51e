// No missing-glyph boxes: every character of every message the picture draws (the board, the
// replay and the chart) has a glyph, in both weights, in the font files the picture registers for
// its language (src/render/fonts.ts: Noto Sans, then the slices of the script's own font), as the
// files' own character maps say (./cmap.ts). Checked for every catalog, and for a player's name in
// each script (./scriptNames.ts).
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale, catalog } from '../../src/i18n/index.js';
import { DRAWN_NAMESPACES, fontFilesFor } from '../../src/render/fonts.js';
import { messageWords } from '../i18n/messageWords.js';
import { codePointsOf } from './cmap.js';
import { SCRIPT_NAMES } from './scriptNames.js';

/** The drawn messages' words in `locale`, by key; `#` and placeholders are drawn as digits and names. */
function drawnWords(locale: Locale, messages: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(messages)
    .filter(([key]) => DRAWN_NAMESPACES.includes(key.split('.')[0]!))
    .map(([key, message]) => [key, `${messageWords(message, locale)} 0123456789`]);
}

const cmaps = new Map<string, Set<number>>();
const cmapOf = (file: string): Set<number> => {
  let points = cmaps.get(file);
  if (!points) cmaps.set(file, (points = codePointsOf(file)));
  return points;
};

/** Each character of `words` that no font file of the weight has, as "key: 'x' U+0078 (700)". */
function missingGlyphs(locale: Locale, words: readonly [string, string][]): string[] {
  const files = fontFilesFor(locale, words.map(([, text]) => text).join(''));
  const ofWeight = (weight: number): Set<number>[] =>
    files.filter((file) => file.weights.includes(weight)).map((file) => cmapOf(file.path));
  const missing = new Set<string>();
  for (const weight of [400, 700]) {
    const fonts = ofWeight(weight);
    for (const [key, text] of words)
      for (const char of text) {
        const code = char.codePointAt(0)!;
        if (/\s/u.test(char) || fonts.some((points) => points.has(code))) continue;
        missing.add(`${key}: '${char}' U+${code.toString(16).toUpperCase().padStart(4, '0')} (${weight})`);
      }
  }
  return [...missing];
}

describe('every character the picture draws has a glyph', () => {
  it.each(LOCALES.map((locale) => [locale] as const))('in %s', (locale) => {
    expect(missingGlyphs(locale, drawnWords(locale, catalog(locale)))).toEqual([]);
  });

  it.each(Object.entries(SCRIPT_NAMES).map(([script, named]) => [script, named] as const))(
    'in a name in the %s script',
    (_, { locale, name }) => {
      expect(missingGlyphs(locale, [['name', name]])).toEqual([]);
    },
  );

  it('finds a character no font has', () => {
    expect(missingGlyphs('de', [['board.test', 'Senet ☃']])).toEqual([
      "board.test: '☃' U+2603 (400)",
      "board.test: '☃' U+2603 (700)",
    ]);
  });
});

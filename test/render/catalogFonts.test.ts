// A CJK catalog's pictures draw their words from one font cut for the catalog
// (src/render/catalogFonts, `npm run fonts:subset`), not from the dozens of its script's slices
// those words are spread over (the memory each slice costs: docs/performance.md, "One font per
// CJK catalog"). The cut font must hold every character the catalog's drawn words need beyond
// Noto Sans, in both weights, as its own character map says; a catalog changed without cutting
// again fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n/index.js';
import { catalogFontFile, charactersToCut, fontFilesFor } from '../../src/render/fonts.js';
import { codePointsOf } from './cmap.js';

const characters = JSON.parse(
  readFileSync(new URL('../../src/render/catalogFonts/characters.json', import.meta.url), 'utf8'),
) as Partial<Record<Locale, string>>;
const cut = Object.keys(characters) as Locale[];

describe("a catalog's own font", () => {
  it('exists for Japanese, Korean and Chinese', () => {
    expect(cut.sort()).toEqual(['ja', 'ko', 'zh-CN', 'zh-TW']);
  });

  it.each(cut.map((locale) => [locale] as const))('holds what the pictures in %s draw beyond Noto Sans', (locale) => {
    const held = new Set(characters[locale]);
    expect([...charactersToCut(locale)].filter((char) => !held.has(char))).toEqual([]);
    for (const weight of [400, 700]) {
      const points = codePointsOf(catalogFontFile(locale, weight));
      expect([...held].filter((char) => !points.has(char.codePointAt(0)!))).toEqual([]);
    }
  });

  it.each(cut.map((locale) => [locale] as const))('leaves no slice to load for the words of %s', (locale) => {
    const files = fontFilesFor(locale, '').map((file) => file.path);
    expect(files.filter((file) => file.includes('@fontsource-variable'))).toEqual([]);
    expect(files).toContain(catalogFontFile(locale, 700));
  });

  it("still loads a slice for a name's characters the cut font lacks", () => {
    const files = fontFilesFor('ja', '山田').map((file) => file.path);
    expect(files.filter((file) => file.includes('@fontsource-variable/noto-sans-jp')).length).toBeGreaterThan(0);
  });
});

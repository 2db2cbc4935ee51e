// A script's font is loaded only when a picture in a language of that script is drawn, on the
// thread that draws it or on a render worker alike: a bot whose games are all in German never
// holds the CJK fonts (bench/fonts.ts measures the memory). Each run is a fresh process, as a bot
// starts, since the font collection is the process's.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const BASE = ['Senet Hieroglyphs', 'Senet Sans', 'Senet Symbols'];

/** The families registered after each picture, drawing the languages in turn in one process. */
function fontsAfter(where: 'here' | 'pool', ...locales: string[]): string[][] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/support/drawLanguages.ts', where, ...locales], {
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { fonts: string[] }).fonts);
}

describe('script fonts', () => {
  it('are not loaded for languages in the Latin, Greek and Cyrillic scripts', () => {
    expect(fontsAfter('here', 'de', 'en', 'ru', 'el')).toEqual([BASE, BASE, BASE, BASE]);
  });

  it('are loaded for the script a picture is drawn in, and only that one', () => {
    expect(fontsAfter('here', 'de', 'ja', 'th')).toEqual([
      BASE,
      [...BASE, 'Senet JP Catalog', 'Senet JP'].sort(),
      [...BASE, 'Senet JP Catalog', 'Senet JP', 'Senet Thai'].sort(),
    ]);
  });

  it('are loaded by a render worker as by the main thread', () => {
    expect(fontsAfter('pool', 'fr', 'zh-TW')).toEqual([BASE, [...BASE, 'Senet TC Catalog', 'Senet TC'].sort()]);
  });
});

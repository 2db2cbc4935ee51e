// `npm run fonts:subset`: cuts, for each CJK catalog named below, one font in each text weight
// holding the characters its pictures' words need beyond Noto Sans (the catalog's drawn messages
// and its glossary's terms), from the whole font a development package ships, into
// src/render/catalogFonts/ with the characters each holds (characters.json). A picture in that
// language then registers these two small files instead of the dozens of Fontsource slices its
// words are spread over (docs/performance.md, "Japanese"). Run it after changing such a catalog:
// test/render/catalogFonts.test.ts fails until it is run.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Locale } from '../i18n/index.js';
import { catalogFontFile, charactersToCut } from '../render/fonts.js';

const require = createRequire(import.meta.url);

/** The whole font each catalog is cut from, in the two text weights (Noto Sans, as the slices are). */
const SOURCES: Partial<Record<Locale, Record<400 | 700, string>>> = {
  ja: {
    400: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    700: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
};

/** The terms of `locale`'s glossary (src/i18n/glossary), which the catalog's words follow. */
function glossaryTerms(locale: Locale): string {
  const glossary = JSON.parse(
    readFileSync(new URL(`../i18n/glossary/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, { term: string }>;
  return Object.values(glossary)
    .map((entry) => entry.term)
    .join('');
}

const characters: Partial<Record<Locale, string>> = {};
for (const [locale, files] of Object.entries(SOURCES) as [Locale, Record<400 | 700, string>][]) {
  const text = charactersToCut(locale, glossaryTerms(locale));
  for (const weight of [400, 700] as const) {
    const cut = await subsetFont(readFileSync(require.resolve(files[weight])), text, { targetFormat: 'woff2' });
    writeFileSync(catalogFontFile(locale, weight), cut);
    console.log(`${locale} ${weight}: ${[...text].length} characters, ${cut.length} bytes`);
  }
  characters[locale] = text;
}
writeFileSync(
  new URL('../render/catalogFonts/characters.json', import.meta.url),
  `${JSON.stringify(characters, null, 2)}\n`,
);

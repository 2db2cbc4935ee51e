// `npm run fonts:subset`: cuts, for each CJK catalog named below, one font in each text weight
// holding the characters its pictures' words need beyond Noto Sans (the catalog's drawn messages
// and its glossary's terms), from the whole font, into src/render/catalogFonts/ with the
// characters each holds (characters.json). A picture in that language then registers these two
// small files instead of the dozens of Fontsource slices its words are spread over
// (docs/performance.md#one-font-per-cjk-catalog-2026-11-28-issue-42). Run it after changing such a catalog:
// test/render/catalogFonts.test.ts fails until it is run. The whole fonts (some 150 MB of
// packages) are installed for the run only, not kept among the project's dependencies:
//   npm install --no-save @expo-google-fonts/noto-sans-jp@0.4.3 @expo-google-fonts/noto-sans-kr@0.4.3 \
//     @expo-google-fonts/noto-sans-sc@0.4.3 @expo-google-fonts/noto-sans-tc@0.4.3
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Locale } from '../i18n/index.js';
import { catalogFontFile, charactersToCut } from '../render/fonts.js';

const require = createRequire(import.meta.url);

/** The whole font each catalog is cut from, in the two text weights (Noto Sans, as the slices are). */
const SOURCES: Partial<Record<Locale, string>> = {
  ja: 'noto-sans-jp/{weight}/NotoSansJP_{weight}.ttf',
  ko: 'noto-sans-kr/{weight}/NotoSansKR_{weight}.ttf',
  'zh-CN': 'noto-sans-sc/{weight}/NotoSansSC_{weight}.ttf',
  'zh-TW': 'noto-sans-tc/{weight}/NotoSansTC_{weight}.ttf',
};
const WEIGHTS = { 400: '400Regular', 700: '700Bold' } as const;

function sourceFile(pattern: string, weight: 400 | 700): string {
  const specifier = `@expo-google-fonts/${pattern.replaceAll('{weight}', WEIGHTS[weight])}`;
  try {
    return require.resolve(specifier);
  } catch {
    console.error(`${specifier} is not installed: see the head of src/tools/subset-fonts.ts`);
    process.exit(2);
  }
}

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
for (const [locale, pattern] of Object.entries(SOURCES) as [Locale, string][]) {
  const text = charactersToCut(locale, glossaryTerms(locale));
  for (const weight of [400, 700] as const) {
    const cut = await subsetFont(readFileSync(sourceFile(pattern, weight)), text, { targetFormat: 'woff2' });
    writeFileSync(catalogFontFile(locale, weight), cut);
    console.log(`${locale} ${weight}: ${[...text].length} characters, ${cut.length} bytes`);
  }
  characters[locale] = text;
}
writeFileSync(
  new URL('../render/catalogFonts/characters.json', import.meta.url),
  `${JSON.stringify(characters, null, 2)}\n`,
);

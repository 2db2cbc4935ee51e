// The renderer ships its own fonts (npm packages, no system fonts needed): Noto Sans for text in
// the Latin, Greek and Cyrillic scripts, Noto Sans Math for the symbols it lacks (the arrow of
// "17 → 20"), Noto Sans Egyptian Hieroglyphs for the special squares, and for a language in
// another script (Devanagari, Thai, Japanese, Korean, Chinese) that script's Noto font,
// registered only when a picture in that language is drawn: a bot whose games are in German
// never loads the CJK fonts. Skia loads the packages' WOFF2 files. A CJK catalog's own words are
// drawn from one small font cut for it (./catalogFonts, `npm run fonts:subset`), the script's
// slices only for what it lacks (players' names).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';
import { type Locale, type Script, catalog, scriptOf } from '../i18n/index.js';

/**
 * The family names the drawing code uses; each is registered from several files below.
 * @internal
 */
export const TEXT_FONT = 'Senet Sans';
export const GLYPH_FONT = 'Senet Hieroglyphs';
/** Symbols Noto Sans lacks (arrows), drawn after the text fonts; one weight, which bold text uses too. */
const SYMBOL_FONT = 'Senet Symbols';
const SYMBOL_FILE = '@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff2';

// Subsets of Noto Sans so player names in most European scripts render without system fonts.
const TEXT_SUBSETS = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'];
const TEXT_WEIGHTS = [400, 700];

const TEXT_FILES = TEXT_WEIGHTS.flatMap((weight) =>
  TEXT_SUBSETS.map((subset) => `@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff2`),
);

const require = createRequire(import.meta.url);

/**
 * A font for one script: a family of its own, drawn after Noto Sans for what Noto Sans lacks, in
 * slices (the package's files by code point range) registered as the text drawn needs them: a
 * CJK font is a hundred slices, and Skia holds in memory every registered slice it searches for
 * a glyph (the cost of all of them against a catalog's: docs/performance.md).
 */
interface ScriptFont {
  family: string;
  slices(): Slice[];
}

type Range = [number, number];

/** Font files (module specifiers or paths) and the code points they cover. */
interface Slice {
  files: string[];
  ranges: Range[];
}

/** `subsets` of a static Fontsource package, each a slice in the text weights. */
function staticFont(family: string, pkg: string, subsets: readonly string[]): ScriptFont {
  const name = pkg.split('/')[1]!;
  return {
    family,
    slices: () =>
      subsets.map((subset) => ({
        files: TEXT_WEIGHTS.map((weight) => `${pkg}/files/${name}-${subset}-${weight}-normal.woff2`),
        ranges: rangesOf(pkg, (s) => s === subset),
      })),
  };
}

/**
 * A variable Fontsource package of a CJK font: one file per numbered slice of the script, every
 * weight in each. Its Latin slices are left out: Noto Sans draws Latin first.
 */
function variableFont(family: string, pkg: string): ScriptFont {
  const name = pkg.split('/')[1]!;
  return {
    family,
    slices: () =>
      Object.keys(unicodeTable(pkg))
        .filter((subset) => /^\[\d+\]$/.test(subset))
        .map((subset) => ({
          files: [`${pkg}/files/${name}-${subset.slice(1, -1)}-wght-normal.woff2`],
          ranges: rangesOf(pkg, (s) => s === subset),
        })),
  };
}

/** The fonts each script needs beyond Noto Sans's Latin, Greek and Cyrillic (null: none). */
const SCRIPT_FONTS: Readonly<Record<Script, ScriptFont | null>> = {
  latin: null,
  greek: null,
  cyrillic: null,
  devanagari: staticFont('Senet Devanagari', '@fontsource/noto-sans', ['devanagari']),
  thai: staticFont('Senet Thai', '@fontsource/noto-sans-thai', ['thai']),
  japanese: variableFont('Senet JP', '@fontsource-variable/noto-sans-jp'),
  korean: variableFont('Senet KR', '@fontsource-variable/noto-sans-kr'),
  'simplified-chinese': variableFont('Senet SC', '@fontsource-variable/noto-sans-sc'),
  'traditional-chinese': variableFont('Senet TC', '@fontsource-variable/noto-sans-tc'),
};

let hieroglyphsLoaded: boolean | null = null;

/**
 * Registers the Latin, Greek and Cyrillic text fonts, the symbols and the hieroglyphs once;
 * returns whether the hieroglyph font could be loaded.
 */
export function registerFonts(): boolean {
  if (hieroglyphsLoaded !== null) return hieroglyphsLoaded;
  for (const file of TEXT_FILES) register(file, TEXT_FONT);
  register(SYMBOL_FILE, SYMBOL_FONT);
  hieroglyphsLoaded = register(
    '@fontsource/noto-sans-egyptian-hieroglyphs/files/noto-sans-egyptian-hieroglyphs-egyptian-hieroglyphs-400-normal.woff2',
    GLYPH_FONT,
  );
  return hieroglyphsLoaded;
}

function register(specifier: string, family: string): boolean {
  return safely(() => registerFile(require.resolve(specifier), family), false);
}

function registerFile(path: string, family: string): boolean {
  return safely(() => GlobalFonts.registerFromPath(path, family) !== null, false);
}

/** A missing font package or file degrades the picture (drawn fallbacks, dropped characters); it must not stop the game. */
function safely<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch {
    return otherwise;
  }
}

/**
 * The fonts cut for a catalog (`npm run fonts:subset`): each holds, in both text weights, the
 * characters of the catalog's drawn words that Noto Sans lacks, so a picture in that language
 * registers two files instead of the dozens of slices those characters are spread over (Skia keeps
 * about 0.3 MB for each registered slice it has searched: docs/performance.md).
 */
const CATALOG_FONTS = new URL('./catalogFonts/', import.meta.url);

/** The file of `locale`'s catalog font in `weight`. */
export const catalogFontFile = (locale: Locale, weight: number): string =>
  fileURLToPath(new URL(`${locale}-${weight}.woff2`, CATALOG_FONTS));

/** The catalogs with a font of their own, and the code points it holds (catalogFonts/characters.json), read once. */
let catalogFonts: Partial<Record<Locale, Set<number>>> | null = null;

function catalogFontOf(locale: Locale): Set<number> | null {
  catalogFonts ??= safely(() => {
    const json = readFileSync(new URL('characters.json', CATALOG_FONTS), 'utf8');
    const characters = Object.entries(JSON.parse(json) as Record<string, string>);
    return Object.fromEntries(
      characters.map(([key, chars]) => [key, new Set([...chars].map((char) => char.codePointAt(0)!))]),
    );
  }, {});
  return catalogFonts[locale] ?? null;
}

/** The text fonts pictures in one script draw with, and the slices of its own font registered so far. */
interface TextFonts {
  /**
   * The CSS family list: `"Senet Sans", "Senet Symbols"`, with between them the script's families
   * if it has a font: the catalog's font (`"Senet JP Catalog"`), then the slices (`"Senet JP"`).
   * The catalog's font is a family of its own: in one family with the slices, Skia draws a
   * character its face lacks as a missing glyph rather than look in the slices (a name, seen so).
   */
  families: string;
  /** What Noto Sans draws (first). */
  base: Range[];
  /** What the text can draw: Noto Sans's subsets and every slice of the script's font. */
  ranges: Range[];
  extra: {
    family: string;
    bySlice: [number, number, Slice][];
    loaded: Set<Slice>;
    /** What the registered catalog fonts of the script draw, which no slice is needed for. */
    covered: Set<number>;
  } | null;
}

const fontsByScript = new Map<Script, TextFonts>();

/** The family a catalog's own font is registered as, drawn before its script's slices. */
const catalogFamily = (family: string): string => `${family} Catalog`;

function textFontsFor(script: Script): TextFonts {
  let fonts = fontsByScript.get(script);
  if (fonts) return fonts;
  registerFonts();
  const font = SCRIPT_FONTS[script];
  const slices = font ? safely(() => font.slices(), []) : [];
  const bySlice = slices
    .flatMap((slice) => slice.ranges.map(([low, high]): [number, number, Slice] => [low, high, slice]))
    .sort((a, b) => a[0] - b[0]);
  const base = merged(safely(textRanges, []));
  fonts = {
    families: [TEXT_FONT, ...(font ? [catalogFamily(font.family), font.family] : []), SYMBOL_FONT]
      .map((family) => `"${family}"`)
      .join(', '),
    base,
    ranges: merged([...base, ...slices.flatMap((slice) => slice.ranges)]),
    extra: font ? { family: font.family, bySlice, loaded: new Set(), covered: new Set() } : null,
  };
  fontsByScript.set(script, fonts);
  return fonts;
}

/** The slices of the script's font that `text` needs: those holding what Noto Sans and `covered` lack. */
function slicesFor(
  fonts: TextFonts,
  text: string,
  covered: ReadonlySet<number> = fonts.extra?.covered ?? new Set(),
): Set<Slice> {
  const needed = new Set<Slice>();
  if (!fonts.extra) return needed;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const slice = find(fonts.base, code) || covered.has(code) ? undefined : find(fonts.extra.bySlice, code)?.[2];
    if (slice) needed.add(slice);
  }
  return needed;
}

/** Registers the slices of the script's font that `text` needs and are not registered yet. */
function loadSlicesFor(fonts: TextFonts, text: string): void {
  const extra = fonts.extra;
  if (!extra) return;
  for (const slice of slicesFor(fonts, text)) {
    if (extra.loaded.has(slice)) continue;
    extra.loaded.add(slice);
    for (const file of slice.files) register(file, extra.family);
  }
}

/**
 * The font files a picture in `locale` draws `text` with, as paths, each with the weights it
 * draws: Noto Sans's, its catalog's font if it has one, the slices of its script's font (those its
 * drawn words load, and those `text` needs), the symbols.
 * @internal
 */
export function fontFilesFor(locale: Locale, text: string): { path: string; weights: number[] }[] {
  const catalogFont = catalogFontOf(locale);
  const slices = slicesFor(textFontsFor(scriptOf(locale)), drawnWords(locale) + text, catalogFont ?? new Set());
  const weightsOf = (file: string): number[] => {
    const weight = TEXT_WEIGHTS.find((w) => file.includes(`-${w}-`));
    return weight === undefined ? TEXT_WEIGHTS : [weight];
  };
  return [...TEXT_FILES, ...[...slices].flatMap((slice) => slice.files)]
    .map((file) => ({ path: require.resolve(file), weights: weightsOf(file) }))
    .concat(
      catalogFont ? TEXT_WEIGHTS.map((weight) => ({ path: catalogFontFile(locale, weight), weights: [weight] })) : [],
    )
    .concat({ path: require.resolve(SYMBOL_FILE), weights: TEXT_WEIGHTS });
}

/** The fonts of the picture being drawn; drawing is synchronous, one picture at a time per thread. */
let current: TextFonts | null = null;

/** The languages whose catalog's characters have their slices registered. */
const prepared = new Set<Locale>();

/**
 * The catalog's namespaces whose messages a picture draws (the board, the replay, the chart and
 * the game's words they use); the others are chat text, never drawn, whose characters would
 * only register slices no picture needs.
 * @internal
 */
export const DRAWN_NAMESPACES: readonly string[] = [
  'board',
  'chart',
  'describe',
  'option',
  'replay',
  'square',
  'title',
  'words',
];

/** Every message of `locale`'s catalog that a picture may draw, joined. */
function drawnWords(locale: Locale): string {
  return Object.entries(catalog(locale))
    .filter(([key]) => DRAWN_NAMESPACES.includes(key.slice(0, key.indexOf('.'))))
    .map(([, message]) => message)
    .join('');
}

/**
 * Makes the text fonts those of `locale`'s script for what is drawn next, with the catalog's font
 * (or else the slices) every word a picture draws in it needs: each entry point of the renderer
 * (board, replay frame, chart) calls it before drawing a word. Players' names load what they need
 * as they are drawn (drawableText).
 */
export function useFontsFor(locale: Locale): void {
  current = textFontsFor(scriptOf(locale));
  const extra = current.extra;
  if (!extra || prepared.has(locale)) return;
  prepared.add(locale);
  const catalogFont = catalogFontOf(locale);
  if (
    catalogFont &&
    TEXT_WEIGHTS.every((weight) => registerFile(catalogFontFile(locale, weight), catalogFamily(extra.family)))
  )
    for (const code of catalogFont) extra.covered.add(code);
  loadSlicesFor(current, drawnWords(locale));
}

const fonts = (): TextFonts => (current ??= textFontsFor('latin'));

/**
 * The characters a font cut for `locale`'s catalog must hold: those of its drawn words and of
 * `more` that Noto Sans lacks, each once, in code point order (`npm run fonts:subset`).
 */
export function charactersToCut(locale: Locale, more = ''): string {
  const base = textFontsFor(scriptOf(locale)).base;
  const codes = new Set([...(drawnWords(locale) + more)].map((char) => char.codePointAt(0)!));
  return String.fromCodePoint(
    ...[...codes].filter((code) => !find(base, code) && !/\s/u.test(String.fromCodePoint(code))).sort((a, b) => a - b),
  );
}

/** The CSS font-family list of the picture being drawn (TextFonts.families). */
export const textFamilies = (): string => fonts().families;

const tables = new Map<string, Record<string, string>>();

/** A Fontsource package's table of the code points each subset covers. */
function unicodeTable(pkg: string): Record<string, string> {
  let table = tables.get(pkg);
  if (!table) {
    table = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<string, string>;
    tables.set(pkg, table);
  }
  return table;
}

/** The code point ranges of `pkg`'s subsets that `wanted` accepts. */
function rangesOf(pkg: string, wanted: (subset: string) => boolean): Range[] {
  return Object.entries(unicodeTable(pkg))
    .filter(([subset]) => wanted(subset))
    .flatMap(([, ranges]) =>
      ranges.split(',').map((range): Range => {
        const [low = '0', high = low] = range.trim().replace(/^U\+/, '').split('-');
        return [parseInt(low, 16), parseInt(high, 16)];
      }),
    );
}

const textRanges = (): Range[] => rangesOf('@fontsource/noto-sans', (subset) => TEXT_SUBSETS.includes(subset));

/** Ranges sorted and joined where they touch, for a binary search. */
function merged(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const [low, high] of sorted) {
    const last = out[out.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else out.push([low, high]);
  }
  return out;
}

/** The range holding `code`, in ranges sorted and apart. */
function find<R extends readonly [number, number, ...unknown[]]>(ranges: readonly R[], code: number): R | undefined {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (code < range[0]) high = middle - 1;
    else if (code > range[1]) low = middle + 1;
    else return range;
  }
  return undefined;
}

/**
 * `text` without the characters the picture's text fonts cannot draw (emoji, or CJK in a
 * picture in a Latin language), which would show as empty boxes on a machine without system
 * fonts; runs of spaces left behind are closed.
 */
export function drawableText(text: string): string {
  const drawing = fonts();
  loadSlicesFor(drawing, text);
  let kept = '';
  for (const char of text) if (find(drawing.ranges, char.codePointAt(0)!)) kept += char;
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

// Translated words fit the picture: measured with the renderer's own font and measuring
// (@napi-rs/canvas), in every locale, every special square's name fits whole in its box and the
// header's lines fit theirs (a long player name may be cut, nothing else). Until the translators'
// pass the other catalogs fall back to English; this test then checks their real words unchanged.
// A synthetic catalog of overlong words shows the shrinking and wrapping keep text inside anyway.
import { createCanvas } from '@napi-rs/canvas';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine/index.js';
import { squareName } from '../../src/i18n/gameWords.js';
import { LOCALES, type Translate, translator } from '../../src/i18n/index.js';
import { SQUARE_NAME_BOX, squareNameLines } from '../../src/render/background.js';
import { registerFonts, useFontsFor } from '../../src/render/fonts.js';
import { ESSENTIAL_TYPE, SECONDARY_TYPE, font as fontOf } from '../../src/render/text.js';
import { type HeaderLine, headerLines } from '../../src/render/panel.js';
import { NAMES, everyRules, samples } from './positions.js';

registerFonts();
const ctx = createCanvas(10, 10).getContext('2d');

function width(text: string, font: string): number {
  ctx.font = font;
  return ctx.measureText(text).width;
}

/** Every sample position with its numbered moves, and (where no throw is on offer) with two extra throws pending. */
const usualCases: { state: GameState; moves: number }[] = samples.flatMap(({ state, view }) => {
  const moves = view.moves?.length ?? 0;
  return [{ state, moves }, ...(state.offer === null ? [{ state: { ...state, extraThrows: 2 }, moves }] : [])];
});

/** Beyond any real game: every sample with three extra throws and seven moves allowed instead of throwing. */
const extremeCases: { state: GameState; moves: number }[] = samples.flatMap(({ state }) =>
  [state, { ...state, extraThrows: 3 }].flatMap((s) => [0, 7].map((moves) => ({ state: s, moves }))),
);

function expectInside(line: HeaderLine): void {
  expect(width(line.text, line.font), `${line.part} "${line.text}"`).toBeLessThanOrEqual(line.maxWidth);
}

/** Every line of every case's header in `t`'s words, with `names`. */
const allHeaderLines = (
  t: Translate,
  names: Record<'W' | 'B', string>,
  cases: readonly { state: GameState; moves: number }[],
): HeaderLine[] => cases.flatMap(({ state, moves }) => headerLines(ctx, t, state, names, moves));

/**
 * A name's lines put back together as it was written: a break at a space drops the space, a break
 * between two words of a script written without spaces (Thai) drops nothing.
 */
const rejoined = (lines: readonly string[], name: string): string =>
  lines.reduce((text, line) => (name.startsWith(`${text} ${line}`) ? `${text} ${line}` : text + line));

describe.each(LOCALES.map((locale) => [locale] as const))('in %s', (locale) => {
  const t = translator(locale);
  // Measured in the fonts the picture draws this language with.
  beforeEach(() => useFontsFor(locale));

  it('every special square’s name fits whole in its box', () => {
    for (const rules of everyRules) {
      for (const square of Object.keys(rules.squares).map(Number)) {
        const name = squareName(t, rules, square)!;
        const { lines, font } = squareNameLines(ctx, name);
        expect(lines.length).toBeLessThanOrEqual(SQUARE_NAME_BOX.lines);
        expect(rejoined(lines, name), `${rules.id} ${square} cut`).toBe(name);
        for (const line of lines) expect(width(line, font), name).toBeLessThanOrEqual(SQUARE_NAME_BOX.width);
      }
    }
  });

  it('the header’s lines fit whole with names of a usual length', () => {
    for (const line of allHeaderLines(t, NAMES, usualCases)) {
      expectInside(line);
      expect(line.text, `${line.part} cut`).not.toMatch(/…$/);
    }
  });

  it('with the longest names Discord allows, only the names may be cut, and nothing leaves its box', () => {
    const long = { W: 'W'.repeat(32), B: 'Ш'.repeat(32) };
    for (const line of allHeaderLines(t, long, [...usualCases, ...extremeCases])) expectInside(line);
  });
});

describe('overlong words (a synthetic catalog)', () => {
  beforeEach(() => useFontsFor('en'));
  const english = translator('en');
  const SQUARE = 'Wiedergeburtshausdertotenunddesewigen Ra'; // 40 characters, one 37-character word
  const long: Translate = (key, params) =>
    key.startsWith('square.') ? SQUARE : `${english(key, params)} ${english(key, params)} ${english(key, params)}`;

  it('shrinks and wraps a 40-character square name, and keeps even a word longer than the box inside', () => {
    expect(SQUARE).toHaveLength(40);
    const { lines, font } = squareNameLines(ctx, SQUARE);
    expect(font).toBe(fontOf(SECONDARY_TYPE.squareName.floor, true));
    expect(lines.length).toBeLessThanOrEqual(SQUARE_NAME_BOX.lines);
    expect(lines[0]).toMatch(/…$/);
    for (const line of lines) expect(width(line, font)).toBeLessThanOrEqual(SQUARE_NAME_BOX.width);
    const moderate = squareNameLines(ctx, 'Casa da Beleza e da Felicidade');
    expect(moderate.font).not.toMatch(new RegExp(`^bold ${SECONDARY_TYPE.squareName.size}px `));
    expect(moderate.lines.join(' ')).toBe('Casa da Beleza e da Felicidade');
    for (const rules of everyRules) {
      for (const square of Object.keys(rules.squares).map(Number)) {
        const fitted = squareNameLines(ctx, squareName(long, rules, square)!);
        for (const line of fitted.lines) expect(width(line, fitted.font)).toBeLessThanOrEqual(SQUARE_NAME_BOX.width);
      }
    }
  });

  it('moves header lines three times as long to a second line, and cuts only at the floor, inside the box', () => {
    let wrapped = 0;
    for (const { state, moves } of [...usualCases, ...extremeCases]) {
      const lines = headerLines(ctx, long, state, NAMES, moves);
      for (const line of lines) expectInside(line);
      const title = lines.find((line) => line.part === 'title')!;
      const details = lines.filter((line) => line.part === 'detail');
      if (details.some((line) => line.y > title.y)) wrapped++;
      // Cut only in the floor size.
      for (const line of details)
        if (line.text.endsWith('…')) expect(line.font).toBe(fontOf(ESSENTIAL_TYPE.detail.floor));
    }
    expect(wrapped).toBeGreaterThan(0);
  });
});

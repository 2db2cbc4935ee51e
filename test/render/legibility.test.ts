// The board is legible where Discord shows it: at 400 CSS pixels wide on a phone, every piece of
// essential text (square numbers, marker digits, names, whose turn and the throw, the pawns waiting
// and off) has a cap height of at least LEGIBLE_CAP_PX, and secondary text (square names, tray
// labels) at least SECONDARY_CAP_PX at a desktop's 550 pixels. Computed from the layout's own
// numbers: each size the renderer may draw (down to its floor) × the font's cap height × the
// display width / the layout's width. The header's lines are checked as actually fitted, in every
// language, for every sample position.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { LOCALES, translator } from '../../src/i18n/index.js';
import { TEXT_FONT, registerFonts, useFontsFor } from '../../src/render/fonts.js';
import { DESKTOP_WIDTH_PX, LEGIBLE_CAP_PX, PHONE_WIDTH_PX, SECONDARY_CAP_PX, WIDTH } from '../../src/render/layout.js';
import { headerLines } from '../../src/render/panel.js';
import { REPLAY_SCALE } from '../../src/render/replay.js';
import { ESSENTIAL_TYPE, SECONDARY_TYPE, font } from '../../src/render/text.js';
import { NAMES, samples } from './positions.js';

registerFonts();
const ctx = createCanvas(10, 10).getContext('2d');

/** The cap height of the text font per unit of font size, measured on a capital H and the digits. */
function capHeightRatio(bold: boolean): number {
  ctx.font = font(1000, bold);
  return Math.min(...['H', '0123456789'].map((text) => ctx.measureText(text).actualBoundingBoxAscent)) / 1000;
}

/** The cap height in CSS pixels of `size` layout units when the picture is shown `displayWidth` wide. */
const capPx = (size: number, bold: boolean, displayWidth: number): number =>
  size * capHeightRatio(bold) * (displayWidth / WIDTH);

describe('legibility on a phone (400 px wide)', () => {
  it('measures the shipped font: Noto Sans, cap height about 0.71 of its size', () => {
    expect(capHeightRatio(false)).toBeGreaterThan(0.69);
    expect(capHeightRatio(false)).toBeLessThan(0.74);
  });

  it.each(Object.entries(ESSENTIAL_TYPE))('essential %s: at its smallest, caps at least 7 px tall', (_part, sizes) => {
    expect(LEGIBLE_CAP_PX).toBe(7);
    const bold = 'bold' in sizes && sizes.bold;
    expect(capPx(sizes.floor, bold, PHONE_WIDTH_PX)).toBeGreaterThanOrEqual(LEGIBLE_CAP_PX);
  });

  it.each(Object.entries(SECONDARY_TYPE))(
    'secondary %s: at its smallest, caps at least 4.5 px at 550 px',
    (_, sizes) => {
      expect(capPx(sizes.floor, true, DESKTOP_WIDTH_PX)).toBeGreaterThanOrEqual(SECONDARY_CAP_PX);
    },
  );

  it.each(LOCALES.map((locale) => [locale] as const))('every header line as fitted in %s', (locale) => {
    const t = translator(locale);
    useFontsFor(locale);
    for (const { state, view } of samples) {
      for (const line of headerLines(ctx, t, state, NAMES, view.moves?.length ?? 0)) {
        const match = /^(bold )?(\d+)px "([^"]+)"/.exec(line.font);
        expect(match?.[3]).toBe(TEXT_FONT);
        expect(capPx(Number(match![2]), match![1] !== undefined, PHONE_WIDTH_PX), line.text).toBeGreaterThanOrEqual(
          LEGIBLE_CAP_PX,
        );
      }
    }
  });
});
describe('legibility of the replay at its own size', () => {
  // The GIF is shown at its own size on a desktop (it is narrower than 550 px): the same bars.
  const replayPx = (size: number, bold: boolean): number => size * capHeightRatio(bold) * REPLAY_SCALE;

  it.each(Object.entries(ESSENTIAL_TYPE))('essential %s', (_part, sizes) => {
    expect(replayPx(sizes.floor, 'bold' in sizes && sizes.bold)).toBeGreaterThanOrEqual(LEGIBLE_CAP_PX);
  });

  it.each(Object.entries(SECONDARY_TYPE))('secondary %s', (_part, sizes) => {
    expect(replayPx(sizes.floor, true)).toBeGreaterThanOrEqual(SECONDARY_CAP_PX);
  });
});

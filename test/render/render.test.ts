// The renderer's output as the bot uploads it: a JPEG of the board's size, under 100 KB, with
// the same description altText gives; and the shipped fonts load without system fonts.
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { yieldToLoop } from '../../bench/stats.js';
import { drawableText, registerFonts } from '../../src/render/fonts.js';
import { altText, renderBoard } from '../../src/render/index.js';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from '../../src/render/layout.js';
import { samples } from './positions.js';

describe('renderBoard', () => {
  it('loads the hieroglyph font from its npm package', () => {
    expect(registerFonts()).toBe(true);
  });

  it('draws names only with characters the shipped font has (no empty boxes for emoji or CJK)', () => {
    expect(drawableText('Жанна 🐍 日本語 Ἀλέξανδρος ÆØÅ ő')).toBe('Жанна Ἀλέξανδρος ÆØÅ ő');
    expect(drawableText('🐍🐍')).toBe('');
  });

  it.each(samples.map((s) => [s.name, s] as const))(
    '%s: a JPEG under 100 KB with its alt text',
    async (_name, { state, view }) => {
      const rendered = await renderBoard(state, view);
      expect(rendered.fileName).toBe('senet-board.jpg');
      // The JPEG start-of-image marker.
      expect([...rendered.image.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(rendered.image.length).toBeLessThan(100 * 1024);
      const image = await loadImage(rendered.image);
      expect([image.width, image.height]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
      expect(rendered.alt).toBe(altText(state, view));
      await yieldToLoop();
    },
  );

  it('draws the same picture whatever the reused canvas showed before', async () => {
    const first = samples[0]!;
    const other = samples[samples.length - 1]!;
    const before = await renderBoard(first.state, first.view);
    for (let i = 0; i < 3; i++) await renderBoard(other.state, other.view);
    const after = await renderBoard(first.state, first.view);
    expect(after.image.equals(before.image)).toBe(true);
  });

  it('gives each render its own buffer although the canvas is reused', async () => {
    const first = samples[0]!;
    const second = samples[samples.length - 1]!;
    const a = await renderBoard(first.state, first.view);
    const copy = Buffer.from(a.image);
    await renderBoard(second.state, second.view);
    expect(a.image.equals(copy)).toBe(true);
  });
});

// The renderer's output as the bot uploads it: a WebP of the board's size, under 100 KB, with
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

  it.each(samples.map((s) => [s.name, s] as const))('%s: a WebP under 100 KB with its alt text', async (_name, { state, view }) => {
    const rendered = await renderBoard(state, view);
    expect(rendered.fileName).toBe('senet-board.webp');
    expect(rendered.image.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(rendered.image.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(rendered.image.length).toBeLessThan(100 * 1024);
    const image = await loadImage(rendered.image);
    expect([image.width, image.height]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
    expect(rendered.alt).toBe(altText(state, view));
    await yieldToLoop();
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

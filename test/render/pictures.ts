// Renders the sample positions as PNG files to look at (and for the README's pictures):
//   npx tsx test/render/pictures.ts <out-dir> [sample names...]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { renderBoard } from '../../src/render/index.js';
import { samples } from './positions.js';

const [outDir = 'render-pictures', ...only] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
for (const { name, state, view } of samples) {
  if (only.length > 0 && !only.includes(name)) continue;
  const rendered = await renderBoard(state, view);
  // The renderer makes WebP; PNG is what every viewer (and GitHub's README) shows.
  const image = await loadImage(rendered.image);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  writeFileSync(join(outDir, `${name}.png`), canvas.toBuffer('image/png'));
  console.log(`${name}: ${rendered.image.length} bytes WebP\n  ${rendered.alt}`);
}

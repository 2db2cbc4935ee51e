// Renders the sample positions as PNG files to look at (and for the README's pictures):
//   npx tsx test/render/pictures.ts <out-dir> [sample names...]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawBoard } from '../../src/render/draw.js';
import { renderBoard } from '../../src/render/index.js';
import { samples } from './positions.js';

const [outDir = 'render-pictures', ...only] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
for (const { name, state, view } of samples) {
  if (only.length > 0 && !only.includes(name)) continue;
  const rendered = await renderBoard(state, view);
  // The drawing before JPEG encoding, as PNG: what viewers and the README show best, and small.
  writeFileSync(join(outDir, `${name}.png`), drawBoard(state, view.names, view.moves ?? []).toBuffer('image/png'));
  console.log(`${name}: ${rendered.image.length} bytes (${rendered.fileName})\n  ${rendered.alt}`);
}

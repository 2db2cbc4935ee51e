// Renders the sample positions as PNG files to look at (and for the docs' pictures):
//   npx tsx test/render/pictures.ts <out-dir> [--width 400] [--locale de] [sample names...]
// --width scales the picture down to the width Discord shows it at (400 px on a phone, 550 on a
// desktop), to judge it as a reader sees it; --locale draws it in that language.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { LOCALES, type Locale } from '../../src/i18n/index.js';
import { drawBoard } from '../../src/render/draw.js';
import { renderBoard } from '../../src/render/index.js';
import { samples } from './positions.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const width = Number(option('width') ?? 0);
const locale = (option('locale') ?? 'en') as Locale;
if (!LOCALES.includes(locale)) throw new Error(`unknown locale ${locale} (${LOCALES.join(', ')})`);
const [outDir = 'render-pictures', ...only] = args;
mkdirSync(outDir, { recursive: true });
for (const { name, state, view } of samples) {
  if (only.length > 0 && !only.includes(name)) continue;
  const rendered = await renderBoard(state, { ...view, locale });
  // The drawing before JPEG encoding, as PNG: what viewers and the docs show best, and small.
  const drawn = drawBoard(state, view.names, view.moves ?? [], locale);
  const shown = width > 0 ? createCanvas(width, Math.round((drawn.height * width) / drawn.width)) : drawn;
  if (shown !== drawn) shown.getContext('2d').drawImage(drawn, 0, 0, shown.width, shown.height);
  const suffix = `${locale === 'en' ? '' : `-${locale}`}${width > 0 ? `-${width}` : ''}`;
  writeFileSync(join(outDir, `${name}${suffix}.png`), shown.toBuffer('image/png'));
  console.log(`${name}: ${rendered.image.length} bytes (${rendered.fileName})\n  ${rendered.alt}`);
}

// Golden-image tests: each sample position is drawn and compared, pixel by pixel at half scale,
// with a committed reference picture. The drawing is compared before JPEG encoding (whose noise
// would bloat the references); render.test.ts checks the encoded output. A changed picture fails until its reference is
// deliberately updated:
//   UPDATE_GOLDEN=1 npx vitest run test/render/golden.test.ts
// then look at the new files in test/render/golden/ before committing them. On a failure the
// picture actually drawn is written next to the system temp dir (path in the message).
// One mid-game board is drawn in every locale (locale-<locale>.webp); after a catalog's
// translation, its reference is made the same way:
//   UPDATE_GOLDEN=1 npx vitest run test/render/golden.test.ts -t 'in every language'
// and one in every script beyond Latin (script-<script>.webp), in a catalog of that script with
// Dark's player named in it (./scriptNames.ts):
//   UPDATE_GOLDEN=1 npx vitest run test/render/golden.test.ts -t 'in every script'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Canvas, createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { LOCALES, scriptOf } from '../../src/i18n/index.js';
import { drawBoard } from '../../src/render/draw.js';
import { yieldToLoop } from '../../bench/stats.js';
import { sample, samples } from './positions.js';
import { SCRIPT_NAMES } from './scriptNames.js';

const GOLDEN_DIR = join(import.meta.dirname, 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const SCALE = 0.5;
/** A channel may differ this much (antialiasing noise) before the pixel counts as changed. */
const CHANNEL_TOLERANCE = 24;
/** The share of changed pixels allowed: far below what a moved pawn or marker changes. */
const MAX_CHANGED_SHARE = 0.0001;

/** A half-scale copy of the drawn picture, on a fresh canvas (the renderer reuses its own). */
function reduced(drawn: Canvas): Canvas {
  const canvas = createCanvas(Math.round(drawn.width * SCALE), Math.round(drawn.height * SCALE));
  canvas.getContext('2d').drawImage(drawn, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** A reference picture, decoded. */
async function loaded(file: string): Promise<Canvas> {
  const image = await loadImage(readFileSync(file));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas;
}

function changedShare(actual: Canvas, expected: Canvas): number {
  const a = actual.getContext('2d').getImageData(0, 0, actual.width, actual.height).data;
  const e = expected.getContext('2d').getImageData(0, 0, expected.width, expected.height).data;
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a[i + c]! - e[i + c]!) > CHANNEL_TOLERANCE) {
        changed++;
        break;
      }
    }
  }
  return changed / (a.length / 4);
}

/** Compares a drawn picture with its reference `name`.webp (or writes it, with UPDATE_GOLDEN=1). */
async function matchesReference(name: string, drawn: Canvas): Promise<void> {
  // References are stored at half scale (lossless WebP) to keep the repository small.
  const actual = reduced(drawn);
  const file = join(GOLDEN_DIR, `${name}.webp`);
  if (UPDATE) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, actual.encodeSync('webp', 100));
    return;
  }
  expect(existsSync(file), `no reference ${file}: run with UPDATE_GOLDEN=1`).toBe(true);
  const expected = await loaded(file);
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  const share = changedShare(actual, expected);
  if (share > MAX_CHANGED_SHARE) {
    const dir = join(tmpdir(), 'senet-render-golden');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.png`), actual.toBuffer('image/png'));
    expect.fail(`${name}: ${(share * 100).toFixed(3)}% of pixels changed; drawn picture in ${dir}`);
  }
  await yieldToLoop();
}

describe('board pictures match their references', () => {
  it.each(samples.map((s) => [s.name, s] as const))('%s', async (name, { state, view }) => {
    await matchesReference(name, drawBoard(state, view.names, view.moves ?? []));
  });
});

describe('the board picture in every language', () => {
  // Mid-game: special squares named, the last move (a swap) marked, five numbered moves.
  const { state, view } = sample('kendall-mid');
  for (const locale of LOCALES) {
    it(locale, async () => {
      await matchesReference(`locale-${locale}`, drawBoard(state, view.names, view.moves ?? [], locale));
    });
  }
});

describe('the board picture in every script', () => {
  // The same mid-game board, Dark's player named in the script.
  const { state, view } = sample('kendall-mid');
  for (const [script, { locale, name }] of Object.entries(SCRIPT_NAMES))
    it(`${script} (${locale})`, async () => {
      expect(scriptOf(locale)).toBe(script);
      await matchesReference(
        `script-${script}`,
        drawBoard(state, { ...view.names, B: name }, view.moves ?? [], locale),
      );
    });
});

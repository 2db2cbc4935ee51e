// The win-chance chart of a fixed game (a stored log, reviewed with the tests' stand-in chance):
// one point per position, its marks, and the picture against a committed reference.
//   UPDATE_GOLDEN=1 npx vitest run test/render/chart.test.ts   rewrites the reference.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { chartPoints, hasExtraThrows } from '../../src/game/replayJob.js';
import { RULESET_IDS } from '../../src/engine/index.js';
import { reviewGame } from '../../src/game/review.js';
import { unwrap } from '../../src/lib/result.js';
import { CHART_HEIGHT, CHART_WIDTH, moveStep, renderChart } from '../../src/render/chart.js';
import { raceChance, savedRecord } from '../fixtures/games.js';
import { translator } from '../../src/i18n/index.js';

const NAMES = { W: 'Nefertari', B: 'Senenmut' };
const FILE = join(import.meta.dirname, 'golden', 'chart-kendall-8.webp');

describe('the win-chance chart', () => {
  const record = savedRecord('kendall-8');
  const review = unwrap(reviewGame(record, NAMES, raceChance, translator()));
  const points = chartPoints(review);

  it('has a point for the start and after every action, with captures, extra throws and three turning points', () => {
    expect(points).toHaveLength(record.actions.length + 1);
    expect(points[0]).toMatchObject({ move: 0, capture: false, turningPoint: 0 });
    expect(points.filter((p) => p.capture).length).toBe(review.actions.filter((a) => a.capture).length);
    expect(points.filter((p) => p.extraThrow).length).toBe(review.actions.filter((a) => a.extraThrow).length);
    expect(points.map((p) => p.turningPoint).filter((n) => n > 0)).toEqual([1, 2, 3]);
    expect(points.at(-1)!.chance).toBe(1); // Nefertari won
  });

  it('labels the moves in even steps, at most seven labels (the issue saw 31, 61, 90, 121, 141)', () => {
    expect([8, 12, 30, 60, 141, 300, 550].map(moveStep)).toEqual([2, 2, 5, 10, 25, 50, 100]);
    for (let last = 1; last <= 2000; last++) {
      const step = moveStep(last);
      expect(Math.floor(last / step) + 1, `${last}`).toBeLessThanOrEqual(7);
      expect(Math.floor(last / step) + 1, `${last}`).toBeGreaterThanOrEqual(Math.min(last + 1, 3));
    }
  });

  it('lists extra throws in its legend only for rule sets that have them', () => {
    const withExtra = RULESET_IDS.filter((ruleset) => hasExtraThrows({ ruleset, options: {}, seed: 1, actions: [] }));
    expect(withExtra.sort()).toEqual(['dancers', 'pennsic', 'regency', 'traditional']);
    expect(hasExtraThrows(record)).toBe(false); // this game is Kendall's
  });

  it('matches its reference picture', async () => {
    const image = renderChart({ names: NAMES, points, extraThrows: hasExtraThrows(record) });
    const decoded = await loadImage(image);
    expect([decoded.width, decoded.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    const canvas = createCanvas(CHART_WIDTH, CHART_HEIGHT);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(decoded, 0, 0);
    const actual = ctx.getImageData(0, 0, CHART_WIDTH, CHART_HEIGHT).data;
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(FILE)) {
      writeFileSync(FILE, canvas.encodeSync('webp', 100));
      if (process.env.UPDATE_GOLDEN !== '1')
        throw new Error(`no reference yet: wrote ${FILE}; look at it, then run again`);
    }
    ctx.drawImage(await loadImage(readFileSync(FILE)), 0, 0);
    const expected = ctx.getImageData(0, 0, CHART_WIDTH, CHART_HEIGHT).data;
    let changed = 0;
    for (let i = 0; i < actual.length; i += 4) {
      if ([0, 1, 2].some((c) => Math.abs(actual[i + c]! - expected[i + c]!) > 24)) changed++;
    }
    expect(changed / (actual.length / 4)).toBeLessThan(0.0005);
  });
});

// The offline demo `npm start` plays without a token: one whole game between two computer
// players through the real service, database and renderer, its first pictures and the winning one written.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDemo } from '../../src/tools/demo.js';

const outDir = mkdtempSync(join(tmpdir(), 'senet-demo-test-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the offline demo', () => {
  it('plays a game to its winner and writes the winning picture', async () => {
    const demo = await runDemo({ outDir, pictures: 3 });
    expect(demo.lastLine).toMatch(/wins!$/);
    expect(demo.actions).toBeGreaterThan(20);
    // The first three positions, then the final one, named by the number of actions played.
    expect(demo.files.map((f) => f.slice(outDir.length + 1))).toEqual([
      'demo-000.jpg',
      'demo-001.jpg',
      'demo-002.jpg',
      `demo-${String(demo.actions).padStart(3, '0')}.jpg`,
    ]);
    expect(demo.winningPicture).toBe(demo.files[3]);
    for (const file of demo.files) {
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG
    }
  });
});

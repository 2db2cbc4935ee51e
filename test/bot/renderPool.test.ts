// The render pool draws the same pictures as the renderer on the main thread, on worker threads.
import { unwrap } from '../../src/lib/result.js';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../../src/bot/renderPool.js';
import { applyAction, legalActions, legalMoves, newGame, type GameState } from '../../src/engine/index.js';
import { renderBoard } from '../../src/render/index.js';

const pool = new RenderPool(2);

/** The share of pixels whose colour differs by more than a quarter of the range in some channel. */
async function visiblyDifferentPixels(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  expect(pa.length).toBe(pb.length);
  let differ = 0;
  for (let i = 0; i < pa.length; i += 4) {
    if ([0, 1, 2].some((c) => Math.abs(pa[i + c]! - pb[i + c]!) > 64)) differ++;
  }
  return differ / (pa.length / 4);
}

async function pixels(image: Buffer): Promise<Uint8ClampedArray> {
  const decoded = await loadImage(image);
  const canvas = createCanvas(decoded.width, decoded.height);
  canvas.getContext('2d').drawImage(decoded, 0, 0);
  return canvas.getContext('2d').getImageData(0, 0, decoded.width, decoded.height).data;
}
afterAll(() => pool.close());

describe('RenderPool', () => {
  it('returns the same picture and alt text as the main-thread renderer, for many jobs at once', async () => {
    const start = unwrap(newGame('kendall', {}, 7));
    // Play the first legal action until a throw waits for a move: a board with numbered markers.
    let moving = start;
    while (moving.phase !== 'move') {
      const next = unwrap(applyAction(moving, legalActions(moving)[0]!));
      moving = next.state;
    }
    const states = [start, moving];
    const view = (s: GameState) => ({ names: { W: 'Ana', B: 'Ben' }, moves: s.phase === 'move' ? legalMoves(s) : [] });
    const boards = await Promise.all(
      Array.from({ length: 12 }, (_, i) => pool.render(states[i % 2]!, view(states[i % 2]!))),
    );
    for (const [i, board] of boards.entries()) {
      const expected = await renderBoard(states[i % 2]!, view(states[i % 2]!));
      expect(Buffer.isBuffer(board.image)).toBe(true);
      // Same picture: the renderer's output differs slightly in antialiased edges with the order
      // of earlier draws (its shared canvas and sprite caches), so count only visible changes.
      expect(await visiblyDifferentPixels(board.image, expected.image)).toBeLessThan(0.002);
      expect(board.alt).toBe(expected.alt);
      expect(board.fileName).toBe(expected.fileName);
    }
  });

  it('reports a picture that cannot be drawn as an error, and keeps working', async () => {
    const broken = null as unknown as GameState;
    await expect(pool.render(broken, { names: { W: 'a', B: 'b' } })).rejects.toThrow(/render worker/);
    const fine = await pool.render(unwrap(newGame('dancers', {}, 1)), { names: { W: 'a', B: 'b' } });
    expect(fine.image.length).toBeGreaterThan(1000);
  });
});

// The animated replay: which frames a game makes, that the GIF shows exactly those frames (its
// frames are decoded and compared with the frames drawn whole, so a change the encoder skipped
// would show), the pauses, and golden pictures of a fixed game's first and last frames.
//   UPDATE_GOLDEN=1 npx vitest run test/render/replay.test.ts   rewrites the references.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../src/lib/result.js';
import { PACE, REPLAY_HEIGHT, REPLAY_WIDTH, drawReplayFrame, renderReplay } from '../../src/render/replay.js';
import { replayFrames } from '../../src/render/replayFrames.js';
import { savedRecord } from '../fixtures/games.js';
import { decodeGif } from './gifDecode.js';
import { translator } from '../../src/i18n/index.js';

const NAMES = { W: 'Nefertari', B: 'Senenmut' };
const GOLDEN_DIR = join(import.meta.dirname, 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** The share of pixels where some channel differs by more than `tolerance`. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray, tolerance: number): number {
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.max(...[0, 1, 2].map((c) => Math.abs(a[i + c]! - b[i + c]!))) > tolerance) changed++;
  }
  return changed / (a.length / 4);
}

describe('replay frames', () => {
  it('the start, then one frame per pawn move; throws that move nothing are folded into the next caption', () => {
    const record = savedRecord('kendall-8');
    const frames = unwrap(replayFrames(translator(), record, NAMES));
    const moves = record.actions.filter((a) => a.type === 'move').length;
    expect(frames).toHaveLength(1 + moves);
    expect(frames.map((f) => f.move)).toEqual(frames.map((_, i) => i));
    expect(frames[0]!.kind).toBe('start');
    expect(frames.at(-1)!.kind).toBe('final');
    expect(frames.at(-1)!.caption).toMatch(/wins!$/);
    // A pass is told in the caption of the move that follows it.
    expect(frames.some((f) => /no legal move, the turn passes; .* threw \d/.test(f.caption))).toBe(true);
    for (const frame of frames.filter((f) => f.kind === 'capture'))
      expect(frame.state.lastMove?.captured).not.toBeNull();
  });

  it('a game in progress ends on its last action; a resignation is said on the last frame', () => {
    const record = savedRecord('kendall-8');
    const cut = { ...record, actions: record.actions.slice(0, 101) };
    const frames = unwrap(replayFrames(translator(), cut, NAMES, 'Senenmut resigned: Nefertari wins.'));
    expect(frames.at(-1)!.state.ply).toBe(101);
    expect(frames.at(-1)!.kind).toBe('final');
    expect(frames.at(-1)!.caption).toMatch(/\. Senenmut resigned: Nefertari wins\.$/);
    const running = unwrap(replayFrames(translator(), cut, NAMES));
    expect(running.at(-1)!.kind).not.toBe('final');
  });

  it('an illegal log is an error naming the action', () => {
    const record = savedRecord('kendall-8');
    const broken = { ...record, actions: [...record.actions.slice(0, 5), { type: 'move' as const, from: 3, to: 29 }] };
    const planned = replayFrames(translator(), broken, NAMES);
    expect(planned.ok).toBe(false);
    if (!planned.ok) expect(planned.error).toMatch(/^action 5: /);
  });
});

describe('the GIF', () => {
  it.each(['kendall-8', 'regency-4', 'dancers-2'])(
    '%s: every frame shows what was drawn for it (changes, trays, arrows of 27 → 15 and the like)',
    (name) => {
      const record = savedRecord(name);
      const frames = unwrap(replayFrames(translator(), record, NAMES));
      const gif = unwrap(renderReplay({ record, names: NAMES }));
      expect(gif.frames).toBe(frames.length);
      const decoded = decodeGif(gif.image);
      expect([decoded.width, decoded.height]).toEqual([REPLAY_WIDTH, REPLAY_HEIGHT]);
      expect(decoded.frames).toHaveLength(frames.length);
      const total = frames.at(-1)!.move;
      frames.forEach((frame, i) => {
        // Palette rounding moves colours a little; a missed change moves them a lot.
        const share = differing(decoded.frames[i]!, drawReplayFrame(frame, total, { names: NAMES, locale: 'en' }), 40);
        expect(share, `frame ${i}`).toBeLessThan(0.002);
      });
    },
  );

  it('pauses longer on the start, on captures and on the final frame', () => {
    const record = savedRecord('kendall-8');
    const frames = unwrap(replayFrames(translator(), record, NAMES));
    const { delays } = decodeGif(unwrap(renderReplay({ record, names: NAMES })).image);
    expect(delays[0]).toBe(PACE.startMs);
    expect(delays.at(-1)).toBe(PACE.finalMs);
    const plain = delays.filter((_, i) => frames[i]!.kind === 'move');
    const captures = delays.filter((_, i) => frames[i]!.kind === 'capture');
    expect(Math.max(...plain)).toBeLessThan(Math.min(...captures));
    expect(Math.min(...plain)).toBeGreaterThanOrEqual(PACE.minMs);
  });

  it.each(['first', 'last'] as const)('the %s frame of a fixed game matches its reference', async (which) => {
    const record = savedRecord('kendall-8');
    const decoded = decodeGif(unwrap(renderReplay({ record, names: NAMES })).image);
    expect(decoded.frames).toHaveLength(142);
    const actual = decoded.frames[which === 'first' ? 0 : decoded.frames.length - 1]!;
    const canvas = createCanvas(REPLAY_WIDTH, REPLAY_HEIGHT);
    const ctx = canvas.getContext('2d');
    const file = join(GOLDEN_DIR, `replay-${which}.webp`);
    if (UPDATE || !existsSync(file)) {
      const image = ctx.createImageData(REPLAY_WIDTH, REPLAY_HEIGHT);
      image.data.set(actual);
      ctx.putImageData(image, 0, 0);
      writeFileSync(file, canvas.encodeSync('webp', 100));
      if (!UPDATE) throw new Error(`no reference yet: wrote ${file}; look at it, then run again`);
    }
    ctx.drawImage(await loadImage(readFileSync(file)), 0, 0);
    const expected = ctx.getImageData(0, 0, REPLAY_WIDTH, REPLAY_HEIGHT).data;
    expect(differing(actual, expected, 24)).toBeLessThan(0.0005);
  });
});

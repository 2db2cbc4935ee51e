// A whole game as an animated GIF: one frame per pawn move (replayFrames.ts), each the live board
// as drawBoard draws it, with a caption strip below saying what happened and how far the game is.
// GIF because Discord plays it inline on desktop and mobile (the figures against animated WebP are
// in docs/performance.md). The board has few colours, so one palette serves every frame, taken
// from the first and last frames; pixels unchanged since the previous frame are written as
// transparent, which LZW packs into almost nothing, so a 300-move game stays near a megabyte.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type Palette, gifenc } from './gifenc.js';
import type { GameRecord, SideNames } from '../engine/index.js';
import { type Result, err, ok } from '../lib/result.js';
import { paintBoard } from './draw.js';
import { WIDTH, pixelSize } from './layout.js';
import { type ReplayFrame, replayFrames } from './replayFrames.js';
import { fitText, font } from './text.js';
import { COLOURS } from './theme.js';

/**
 * Replays are drawn smaller than the live board (0.9): reading pixels back and indexing them is
 * most of a frame's cost, and Discord shows an inline GIF at most about 550 pixels wide anyway.
 */
export const REPLAY_SCALE = 0.6;
const BOARD = pixelSize(REPLAY_SCALE);
/** The caption strip under the board, in layout units: its text is larger than the header's, to read at a glance. */
const CAPTION = 46;
export const REPLAY_WIDTH = BOARD.width;
export const REPLAY_HEIGHT = BOARD.height + Math.round(CAPTION * REPLAY_SCALE);

/** Index 255 is kept for "unchanged since the previous frame"; 255 colours are plenty for the board. */
const TRANSPARENT = 255;
const COLOURS_IN_PALETTE = 255;

/**
 * Frame times: the whole game in about a minute and a half, but no frame so short that the
 * caption cannot be read, nor so long that a short game drags; captures and the end linger.
 */
export const PACE = { wholeGameMs: 90_000, minMs: 300, maxMs: 900, startMs: 1500, captureMs: 1500, finalMs: 6000 };

export interface RenderedReplay {
  image: Buffer;
  fileName: string;
  frames: number;
}

export interface ReplayInput {
  record: GameRecord;
  names: SideNames;
  /** How the game ended when no move ended it ("Ana resigned: Bob wins"), or ''. */
  ending?: string;
}

export function renderReplay(input: ReplayInput): Result<RenderedReplay, string> {
  const planned = replayFrames(input.record, input.names, input.ending);
  if (!planned.ok) return err(planned.error);
  const frames = planned.value;
  return ok({ image: encodeFrames(frames, input.names), fileName: 'senet-replay.gif', frames: frames.length });
}

let canvas: Canvas | null = null;

/** Draws one frame of the replay on the shared replay canvas and returns its RGBA pixels. */
export function drawReplayFrame(frame: ReplayFrame, total: number, names: SideNames): Uint8ClampedArray {
  canvas ??= createCanvas(REPLAY_WIDTH, REPLAY_HEIGHT);
  const ctx = canvas.getContext('2d');
  paintBoard(ctx, frame.state, names, [], REPLAY_SCALE);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, BOARD.height, REPLAY_WIDTH, REPLAY_HEIGHT - BOARD.height);
  ctx.setTransform(REPLAY_SCALE, 0, 0, REPLAY_SCALE, 0, BOARD.height);
  drawCaption(ctx, frame, total);
  return ctx.getImageData(0, 0, REPLAY_WIDTH, REPLAY_HEIGHT).data;
}

/** The strip under the board, in layout units: move number, caption, a progress bar. */
function drawCaption(ctx: SKRSContext2D, frame: ReplayFrame, total: number): void {
  const lastMove = Math.max(1, total);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = COLOURS.gold;
  ctx.font = font(21, true);
  const label = frame.kind === 'start' ? 'Start' : `${frame.move}/${lastMove}`;
  ctx.fillText(label, 14, 29);
  const labelWidth = 120;
  ctx.fillStyle = frame.kind === 'final' ? COLOURS.gold : COLOURS.headerText;
  ctx.font = font(21, frame.kind !== 'move');
  ctx.fillText(fitText(ctx, frame.caption, WIDTH - labelWidth - 14), labelWidth, 29);
  ctx.fillStyle = COLOURS.turnPanel;
  ctx.fillRect(0, CAPTION - 6, WIDTH, 6);
  ctx.fillStyle = COLOURS.accent;
  ctx.fillRect(0, CAPTION - 6, (WIDTH * frame.move) / lastMove, 6);
}

export function frameDelay(kind: ReplayFrame['kind'], frames: number): number {
  const base = Math.min(PACE.maxMs, Math.max(PACE.minMs, Math.round(PACE.wholeGameMs / Math.max(1, frames))));
  switch (kind) {
    case 'start':
      return PACE.startMs;
    case 'capture':
      return Math.max(base, PACE.captureMs);
    case 'final':
      return PACE.finalMs;
    case 'move':
      return base;
  }
}

function encodeFrames(frames: readonly ReplayFrame[], names: SideNames): Buffer {
  const total = frames[frames.length - 1]!.move;
  const { palette, colours } = paletteOf([
    drawReplayFrame(frames[0]!, total, names),
    drawReplayFrame(frames[frames.length - 1]!, total, names),
  ]);
  const indexer = new Indexer(palette, colours);
  const gif = gifenc.GIFEncoder({ initialCapacity: 1 << 20 });
  let previous: Uint32Array | null = null;
  for (const frame of frames) {
    // The first frame's palette is the global one; the others use it (a local copy costs 768 bytes each).
    const rgba = drawReplayFrame(frame, total, names);
    const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4);
    gif.writeFrame(indexer.index(pixels, previous), REPLAY_WIDTH, REPLAY_HEIGHT, {
      ...(previous === null ? { palette } : {}),
      delay: frameDelay(frame.kind, frames.length),
      transparent: previous !== null,
      transparentIndex: TRANSPARENT,
      // 1: keep this frame under the next, whose transparent pixels let it show through.
      dispose: 1,
    });
    previous = pixels.slice();
  }
  gif.finish();
  const bytes = gif.bytesView();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The colours gifenc's quantizer picks from `samples` (at most 255), padded to 256 entries. */
function paletteOf(samples: readonly Uint8ClampedArray[]): { palette: Palette; colours: number } {
  const joined = new Uint8Array(samples.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const sample of samples) {
    joined.set(sample, at);
    at += sample.length;
  }
  const palette = gifenc.quantize(joined, COLOURS_IN_PALETTE).slice(0, COLOURS_IN_PALETTE);
  const colours = palette.length;
  while (palette.length < 256) palette.push([0, 0, 0]);
  return { palette, colours };
}

/** Maps RGBA pixels to palette indexes, remembering each colour's nearest entry. */
class Indexer {
  private readonly nearest = new Map<number, number>();
  private readonly out: Uint8Array = new Uint8Array(REPLAY_WIDTH * REPLAY_HEIGHT);

  /** `palette`'s first `colours` entries are real colours (the rest pad it to 256). */
  constructor(
    private readonly palette: Palette,
    private readonly colours: number,
  ) {}

  /** The frame's indexes; pixels equal to `previous`'s are TRANSPARENT. */
  index(pixels: Uint32Array, previous: Uint32Array | null): Uint8Array {
    const { out } = this;
    for (let i = 0; i < pixels.length; i++) {
      const colour = pixels[i]!;
      if (previous !== null && previous[i] === colour) {
        out[i] = TRANSPARENT;
        continue;
      }
      // Every pixel is opaque: the key leaves alpha out, so it stays a small integer (fast to hash).
      const rgb = colour & 0xffffff;
      let found = this.nearest.get(rgb);
      if (found === undefined) {
        // Little-endian RGBA: red is the low byte.
        found = nearestIndex(this.palette, this.colours, rgb & 0xff, (rgb >>> 8) & 0xff, rgb >>> 16);
        this.nearest.set(rgb, found);
      }
      out[i] = found;
    }
    return out;
  }
}

function nearestIndex(palette: Palette, colours: number, r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < colours; i++) {
    const [pr, pg, pb] = palette[i]!;
    const distance = (r - pr!) ** 2 + (g - pg!) ** 2 + (b - pb!) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

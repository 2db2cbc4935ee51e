// A whole game as an animated GIF: one frame per pawn move (replayFrames.ts), each the live board
// as drawBoard draws it, under a caption strip saying what happened and how far the game is.
// GIF because Discord plays it inline on desktop and mobile (the figures against animated WebP are
// in docs/performance.md). The board has few colours, so one palette serves every frame, taken
// from the first and last frames; pixels unchanged since the previous frame are written as
// transparent, which LZW packs into almost nothing: a 350-move game makes about 2 MB.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type Palette, gifenc } from './gifenc.js';
import { type GameRecord, type GameState, SIDES, rulesOf } from '../engine/index.js';
import type { SideNames } from '../i18n/gameWords.js';
import { DEFAULT_LOCALE, type Locale, type Translate, translator } from '../i18n/index.js';
import { type Result, err, ok } from '../lib/result.js';
import { paintBoard } from './draw.js';
import { HEADER, OFF_TRAY, type Rect, WAITING_TRAY, WIDTH, cellRect, pixelSize } from './layout.js';
import { lastMoveBounds } from './markers.js';
import { type ReplayFrame, replayFrames } from './replayFrames.js';
import { fitText, font } from './text.js';
import { COLOURS } from './theme.js';

/**
 * Replays are drawn smaller than the live board (0.8): reading pixels back and indexing them is
 * most of a frame's cost, and Discord shows an inline GIF at most about 550 pixels wide anyway.
 * 0.63 (542 pixels wide) is the smallest scale at which the squares' names stay legible at the
 * GIF's own size (test/render/legibility.test.ts).
 * @internal
 */
export const REPLAY_SCALE = 0.63;
const BOARD = pixelSize(REPLAY_SCALE);
/** The caption strip above the board, in layout units: its text is larger than the header's, to read at a glance. */
const CAPTION = 46;
const CAPTION_ROWS = Math.round(CAPTION * REPLAY_SCALE);
/** @internal */
export const REPLAY_WIDTH = BOARD.width;
/** @internal */
export const REPLAY_HEIGHT = BOARD.height + CAPTION_ROWS;

/** Index 255 is kept for "unchanged since the previous frame"; 255 colours are plenty for the board. */
const TRANSPARENT = 255;
const COLOURS_IN_PALETTE = 255;

/**
 * Frame times: the whole game in about a minute and a half, but no frame so short that the move
 * cannot be followed, nor so long that a short game drags. A capture stays `captureFactor` times
 * as long (traditional games capture on almost every other move, so it is a factor, not a fixed
 * pause); the start and the final frame linger.
 * @internal
 */
export const PACE = { wholeGameMs: 90_000, minMs: 250, maxMs: 900, captureFactor: 2.5, startMs: 1500, finalMs: 6000 };

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
  /** The language of the captions and the boards' words (default English). */
  locale?: Locale;
}

export function renderReplay(input: ReplayInput): Result<RenderedReplay, string> {
  const words: FrameWords = { names: input.names, locale: input.locale ?? DEFAULT_LOCALE };
  const planned = replayFrames(translator(words.locale), input.record, input.names, input.ending);
  if (!planned.ok) return err(planned.error);
  const frames = planned.value;
  return ok({ image: encodeFrames(frames, words), fileName: 'senet-replay.gif', frames: frames.length });
}

/**
 * What every frame's words need: the players' names and the language.
 * @internal
 */
export interface FrameWords {
  names: SideNames;
  locale: Locale;
}

let canvas: Canvas | null = null;

/** Paints one frame on the shared replay canvas (read its pixels before painting the next). */
function paintFrame(frame: ReplayFrame, total: number, words: FrameWords): SKRSContext2D {
  canvas ??= createCanvas(REPLAY_WIDTH, REPLAY_HEIGHT);
  const ctx = canvas.getContext('2d');
  paintBoard(ctx, frame.state, words.names, [], words.locale, REPLAY_SCALE, CAPTION_ROWS);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, 0, REPLAY_WIDTH, CAPTION_ROWS);
  ctx.setTransform(REPLAY_SCALE, 0, 0, REPLAY_SCALE, 0, 0);
  drawCaption(ctx, translator(words.locale), frame, total);
  return ctx;
}

/**
 * One frame of the replay, whole, as RGBA pixels.
 * @internal
 */
export function drawReplayFrame(frame: ReplayFrame, total: number, words: FrameWords): Uint8ClampedArray {
  return paintFrame(frame, total, words).getImageData(0, 0, REPLAY_WIDTH, REPLAY_HEIGHT).data;
}

/** A rectangle of the replay in whole pixels. */
interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const FULL: PixelRect = { x: 0, y: 0, w: REPLAY_WIDTH, h: REPLAY_HEIGHT };
/** The caption and the board's header: redrawn on every frame. */
const TOP_ROWS = CAPTION_ROWS + Math.ceil(HEADER * REPLAY_SCALE) + 1;

/**
 * Where a frame can differ from the one before: the caption and the header always, and on the
 * board one rectangle around the squares whose pawns changed, the trays whose counts changed and
 * both frames' last-move marks. Reading back pixels is most of a frame's cost, so only these are
 * read; and the frame is written only down to the last changed row (the caption is on top so that
 * a change near the top of the board makes a short frame).
 */
function changedRects(before: GameState, after: GameState): PixelRect[] {
  const rules = rulesOf(after);
  const areas: Rect[] = [];
  for (let square = 1; square <= 30; square++) {
    if (before.board[square - 1] !== after.board[square - 1]) areas.push(cellRect(square));
  }
  for (const side of SIDES) {
    if (before.waiting[side] !== after.waiting[side]) areas.push(WAITING_TRAY);
    if (before.off[side] !== after.off[side]) areas.push(OFF_TRAY);
  }
  for (const last of [before.lastMove, after.lastMove]) if (last) areas.push(lastMoveBounds(last, rules.squares));
  const rects: PixelRect[] = [{ x: 0, y: 0, w: REPLAY_WIDTH, h: TOP_ROWS }];
  if (areas.length === 0) return rects;
  // In pixels, a pixel wider each way for antialiasing, and clear of the rows above.
  const toY = (y: number): number => CAPTION_ROWS + y * REPLAY_SCALE;
  const left = Math.max(0, Math.floor(Math.min(...areas.map((r) => r.x)) * REPLAY_SCALE) - 1);
  const right = Math.min(REPLAY_WIDTH, Math.ceil(Math.max(...areas.map((r) => r.x + r.w)) * REPLAY_SCALE) + 1);
  const top = Math.max(TOP_ROWS, Math.floor(toY(Math.min(...areas.map((r) => r.y)))) - 1);
  const bottom = Math.min(REPLAY_HEIGHT, Math.ceil(toY(Math.max(...areas.map((r) => r.y + r.h)))) + 1);
  if (right > left && bottom > top) rects.push({ x: left, y: top, w: right - left, h: bottom - top });
  return rects;
}

/** The strip above the board, in layout units: move number, caption, a progress bar. */
function drawCaption(ctx: SKRSContext2D, t: Translate, frame: ReplayFrame, total: number): void {
  const lastMove = Math.max(1, total);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = COLOURS.gold;
  ctx.font = font(21, true);
  const label =
    frame.kind === 'start' ? t('replay.start') : t('replay.progress', { move: frame.move, total: lastMove });
  const labelWidth = 120;
  ctx.fillText(fitText(ctx, label, labelWidth - 14 - 8), 14, 29);
  ctx.fillStyle = frame.kind === 'final' ? COLOURS.gold : COLOURS.headerText;
  ctx.font = font(21, frame.kind !== 'move');
  ctx.fillText(latestFitting(ctx, frame.caption, WIDTH - labelWidth - 14), labelWidth, 29);
  ctx.fillStyle = COLOURS.turnPanel;
  ctx.fillRect(0, CAPTION - 6, WIDTH, 6);
  ctx.fillStyle = COLOURS.accent;
  ctx.fillRect(0, CAPTION - 6, (WIDTH * frame.move) / lastMove, 6);
}

/**
 * A caption that is too wide loses its oldest clauses first ("…; Ana threw 3: 28 → off"): the
 * move the frame shows comes last and matters most.
 */
function latestFitting(ctx: SKRSContext2D, caption: string, width: number): string {
  const clauses = caption.split('; ');
  for (let first = 0; first < clauses.length; first++) {
    const text = (first > 0 ? '…; ' : '') + clauses.slice(first).join('; ');
    if (ctx.measureText(text).width <= width) return text;
  }
  return fitText(ctx, `…; ${clauses[clauses.length - 1]!}`, width);
}

/** How long each frame of `frames` is shown, in ms. */
function frameDelays(frames: readonly ReplayFrame[]): number[] {
  const captures = frames.filter((f) => f.kind === 'capture').length;
  const weight = frames.length + (PACE.captureFactor - 1) * captures;
  const base = Math.min(PACE.maxMs, Math.max(PACE.minMs, Math.round(PACE.wholeGameMs / Math.max(1, weight))));
  return frames.map((frame) => {
    switch (frame.kind) {
      case 'start':
        return PACE.startMs;
      case 'capture':
        return Math.round(base * PACE.captureFactor);
      case 'final':
        return PACE.finalMs;
      case 'move':
        return base;
    }
  });
}

function encodeFrames(frames: readonly ReplayFrame[], words: FrameWords): Buffer {
  const total = frames[frames.length - 1]!.move;
  const { palette, colours } = paletteOf([
    drawReplayFrame(frames[0]!, total, words),
    drawReplayFrame(frames[frames.length - 1]!, total, words),
  ]);
  const indexer = new Indexer(palette, colours);
  const gif = gifenc.GIFEncoder({ initialCapacity: 1 << 20 });
  const delays = frameDelays(frames);
  let previous: ReplayFrame | null = null;
  for (const [i, frame] of frames.entries()) {
    const ctx = paintFrame(frame, total, words);
    const rects = previous ? changedRects(previous.state, frame.state) : [FULL];
    // Only the rows down to the last change: a GIF frame may be smaller than the picture.
    const rows = Math.max(...rects.map((r) => r.y + r.h));
    gif.writeFrame(indexer.index(ctx, rects, previous === null, rows), REPLAY_WIDTH, rows, {
      // The first frame's palette is the global one; the others use it (a local copy costs 768 bytes each).
      ...(previous === null ? { palette } : {}),
      delay: delays[i],
      transparent: previous !== null,
      transparentIndex: TRANSPARENT,
      // 1: keep this frame under the next, whose transparent pixels let it show through.
      dispose: 1,
    });
    previous = frame;
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

/**
 * Turns painted frames into palette indexes, remembering each colour's nearest entry and what the
 * GIF shows so far: a pixel that would not change is written as TRANSPARENT.
 */
class Indexer {
  private readonly nearest = new Map<number, number>();
  private readonly shown = new Uint32Array(REPLAY_WIDTH * REPLAY_HEIGHT);
  private readonly out = new Uint8Array(REPLAY_WIDTH * REPLAY_HEIGHT);

  /** `palette`'s first `colours` entries are real colours (the rest pad it to 256). */
  constructor(
    private readonly palette: Palette,
    private readonly colours: number,
  ) {}

  /** The first `rows` rows of the frame's indexes, reading only `rects` (which must not overlap) of the canvas. */
  index(ctx: SKRSContext2D, rects: readonly PixelRect[], first: boolean, rows: number): Uint8Array {
    const out = this.out.subarray(0, rows * REPLAY_WIDTH);
    const { shown } = this;
    out.fill(TRANSPARENT);
    for (const rect of rects) {
      const rgba = ctx.getImageData(rect.x, rect.y, rect.w, rect.h).data;
      const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4);
      for (let row = 0; row < rect.h; row++) {
        let at = (rect.y + row) * REPLAY_WIDTH + rect.x;
        for (let col = row * rect.w, end = col + rect.w; col < end; col++, at++) {
          const colour = pixels[col]!;
          if (!first && shown[at] === colour) continue;
          shown[at] = colour;
          out[at] = this.lookup(colour);
        }
      }
    }
    return out;
  }

  private lookup(colour: number): number {
    // Every pixel is opaque: the key leaves alpha out, so it stays a small integer (fast to hash).
    const rgb = colour & 0xffffff;
    let found = this.nearest.get(rgb);
    if (found === undefined) {
      // Little-endian RGBA: red is the low byte.
      found = nearestIndex(this.palette, this.colours, rgb & 0xff, (rgb >>> 8) & 0xff, rgb >>> 16);
      this.nearest.set(rgb, found);
    }
    return found;
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

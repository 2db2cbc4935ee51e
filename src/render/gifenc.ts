// The parts of `gifenc` (1.0.x, untyped CommonJS) that replay.ts uses. Imported as an ES module its
// shape differs between Node (everything under `default`) and tsx/vitest (named exports), so it is
// required: module.exports is the same everywhere.
import { createRequire } from 'node:module';

export type Palette = number[][];

interface FrameOptions {
  palette?: Palette;
  delay?: number;
  repeat?: number;
  transparent?: boolean;
  transparentIndex?: number;
  dispose?: number;
}

interface Encoder {
  writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
  finish(): void;
  bytesView(): Uint8Array;
}

interface GifEnc {
  GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder;
  quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: object): Palette;
}

export const gifenc = createRequire(import.meta.url)('gifenc') as GifEnc;

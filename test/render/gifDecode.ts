// A small GIF decoder for the replay tests: every frame composited as a viewer shows it (global
// palette, frames placed at their offsets, transparent pixels leaving the picture below, the
// "keep" disposal the replay uses), with each frame's delay. Enough for what replay.ts writes.

export interface DecodedGif {
  width: number;
  height: number;
  /** The picture after each frame, RGBA. */
  frames: Uint8ClampedArray[];
  delays: number[];
}

export function decodeGif(data: Uint8Array): DecodedGif {
  const text = (from: number, length: number): string => String.fromCharCode(...data.subarray(from, from + length));
  if (text(0, 6) !== 'GIF89a') throw new Error('not a GIF89a');
  const u16 = (at: number): number => data[at]! | (data[at + 1]! << 8);
  const width = u16(6);
  const height = u16(8);
  const flags = data[10]!;
  let at = 13;
  let palette: Uint8Array = new Uint8Array(0);
  if (flags & 0x80) {
    const size = 3 * (1 << ((flags & 7) + 1));
    palette = data.subarray(at, at + size);
    at += size;
  }
  const picture = new Uint8ClampedArray(width * height * 4);
  const frames: Uint8ClampedArray[] = [];
  const delays: number[] = [];
  let transparent = -1;
  let delay = 0;
  while (at < data.length) {
    const block = data[at++]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      const label = data[at++]!;
      if (label === 0xf9) {
        const packed = data[at + 1]!;
        delay = u16(at + 2) * 10;
        transparent = packed & 1 ? data[at + 4]! : -1;
      }
      while (data[at]! !== 0) at += data[at]! + 1; // sub-blocks
      at++;
      continue;
    }
    if (block !== 0x2c) throw new Error(`unexpected block 0x${block.toString(16)} at ${at - 1}`);
    const left = u16(at);
    const top = u16(at + 2);
    const w = u16(at + 4);
    const h = u16(at + 6);
    const local = data[at + 8]!;
    at += 9;
    let colours = palette;
    if (local & 0x80) {
      const size = 3 * (1 << ((local & 7) + 1));
      colours = data.subarray(at, at + size);
      at += size;
    }
    const minCodeSize = data[at++]!;
    const chunks: number[] = [];
    while (data[at]! !== 0) {
      const length = data[at]!;
      for (let i = 1; i <= length; i++) chunks.push(data[at + i]!);
      at += length + 1;
    }
    at++;
    const indexes = lzwDecode(Uint8Array.from(chunks), minCodeSize, w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const index = indexes[y * w + x]!;
        if (index === transparent) continue;
        const p = ((top + y) * width + left + x) * 4;
        picture[p] = colours[3 * index]!;
        picture[p + 1] = colours[3 * index + 1]!;
        picture[p + 2] = colours[3 * index + 2]!;
        picture[p + 3] = 255;
      }
    }
    frames.push(picture.slice());
    delays.push(delay);
  }
  return { width, height, frames, delays };
}

function lzwDecode(bytes: Uint8Array, minCodeSize: number, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let size = minCodeSize + 1;
  let dict: number[][] = [];
  const reset = (): void => {
    dict = Array.from({ length: clear + 2 }, (_, i) => [i]);
    size = minCodeSize + 1;
  };
  reset();
  let bit = 0;
  let written = 0;
  let previous: number[] | null = null;
  while (bit + size <= bytes.length * 8) {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) if (bytes[bit >> 3]! & (1 << (bit & 7))) code |= 1 << i;
    if (code === clear) {
      reset();
      previous = null;
      continue;
    }
    if (code === end) break;
    let entry: number[];
    if (code < dict.length) entry = dict[code]!;
    else if (previous) entry = [...previous, previous[0]!];
    else throw new Error('bad LZW stream');
    for (const value of entry) if (written < pixels) out[written++] = value;
    if (previous && dict.length < 4096) dict.push([...previous, entry[0]!]);
    previous = entry;
    if (dict.length === 1 << size && size < 12) size++;
  }
  return out;
}

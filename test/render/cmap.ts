// The characters a font file has glyphs for, read from its own character map: a small reader of
// WOFF2 (https://www.w3.org/TR/WOFF2/: header, table directory, one Brotli stream of the tables)
// and of the OpenType `cmap` table's formats 4 and 12 (https://learn.microsoft.com/typography/opentype/spec/cmap).
// The cmap table is never transformed in WOFF2, so it is read as it is from the stream.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

/** WOFF2's known table tags, by the index its table directory may give instead of the tag. */
const KNOWN_TAGS = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca'];

class Reader {
  constructor(
    readonly bytes: Buffer,
    public at = 0,
  ) {}
  u8 = (): number => this.bytes.readUInt8(this.at++);
  u16 = (): number => ((this.at += 2), this.bytes.readUInt16BE(this.at - 2));
  u32 = (): number => ((this.at += 4), this.bytes.readUInt32BE(this.at - 4));
  /** UIntBase128: 7 bits a byte, the high bit saying another byte follows. */
  base128(): number {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = this.u8();
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('UIntBase128 longer than 5 bytes');
  }
}

/** The `cmap` table of a WOFF2 file. */
function cmapTable(file: string): Buffer {
  const woff = new Reader(readFileSync(file));
  if (woff.bytes.toString('latin1', 0, 4) !== 'wOF2') throw new Error(`${file} is not WOFF2`);
  woff.at = 12;
  const tables = woff.u16();
  woff.at = 20;
  const compressedLength = woff.u32();
  woff.at = 48;
  let offset = 0;
  let cmap: { offset: number; length: number } | null = null;
  for (let i = 0; i < tables; i++) {
    const flags = woff.u8();
    const known = flags & 0x3f;
    const tag = known === 0x3f ? woff.bytes.toString('latin1', woff.at, (woff.at += 4)) : (KNOWN_TAGS[known] ?? '');
    const version = flags >> 6;
    const length = woff.base128();
    // glyf and loca are transformed at version 0, every other table at any other version.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    const stored = transformed ? woff.base128() : length;
    if (tag === 'cmap') cmap = { offset, length: stored };
    offset += stored;
  }
  if (!cmap) throw new Error(`${file} has no cmap table`);
  const stream = brotliDecompressSync(woff.bytes.subarray(woff.at, woff.at + compressedLength));
  return stream.subarray(cmap.offset, cmap.offset + cmap.length);
}

/** The code points `file` (a WOFF2 font) maps to a glyph other than .notdef. */
export function codePointsOf(file: string): Set<number> {
  const table = new Reader(cmapTable(file));
  table.at = 2;
  const count = table.u16();
  const subtables = Array.from({ length: count }, () => ({
    platform: table.u16(),
    encoding: table.u16(),
    offset: table.u32(),
  }));
  const points = new Set<number>();
  for (const { offset } of subtables) {
    const format = table.bytes.readUInt16BE(offset);
    if (format === 12) readFormat12(new Reader(table.bytes, offset), points);
    else if (format === 4) readFormat4(new Reader(table.bytes, offset), points);
  }
  return points;
}

function readFormat12(r: Reader, into: Set<number>): void {
  r.at += 12;
  const groups = r.u32();
  for (let i = 0; i < groups; i++) {
    const [first, last, glyph] = [r.u32(), r.u32(), r.u32()];
    for (let code = first; code <= last; code++) if (glyph + (code - first) !== 0) into.add(code);
  }
}

function readFormat4(r: Reader, into: Set<number>): void {
  const start = r.at;
  r.at += 6;
  const segments = r.u16() / 2;
  const ends = start + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  const b = r.bytes;
  for (let s = 0; s < segments; s++) {
    const [end, first] = [b.readUInt16BE(ends + 2 * s), b.readUInt16BE(starts + 2 * s)];
    const delta = b.readInt16BE(deltas + 2 * s);
    const rangeOffset = b.readUInt16BE(rangeOffsets + 2 * s);
    for (let code = first; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const raw = b.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (code - first));
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) into.add(code);
    }
  }
}

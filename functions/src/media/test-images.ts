/**
 * Small image files built byte by byte for the tests: a PNG that really decodes (with an
 * optional tEXt chunk), a JPEG skeleton with JFIF, Exif and comment segments, and an
 * extended WebP with EXIF and XMP chunks. Each can carry a marker text to look for.
 */

const encoder = new TextEncoder();

function bytes(...parts: (Uint8Array | number[] | string)[]): Uint8Array {
  const arrays = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part instanceof Uint8Array ? part : new Uint8Array(part)));
  const out = new Uint8Array(arrays.reduce((sum, a) => sum + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = bytes(type, data);
  return bytes(be32(data.length), body, be32(crc32(body)));
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A grey RGB PNG of this size that browsers decode; `text` adds a tEXt chunk (Comment). */
export async function pngImage(width: number, height: number, options: { text?: string; padTo?: number } = {}): Promise<Uint8Array> {
  const row = new Uint8Array(1 + width * 3).fill(0x80);
  row[0] = 0; // filter: none
  const raw = new Uint8Array(row.length * height);
  for (let y = 0; y < height; y++) raw.set(row, y * row.length);
  const chunks = [
    pngChunk('IHDR', bytes(be32(width), be32(height), [8, 2, 0, 0, 0])),
    ...(options.text ? [pngChunk('tEXt', bytes('Comment\0', options.text))] : []),
    pngChunk('IDAT', await deflate(raw)),
  ];
  // An ancillary private chunk, to reach a byte size without changing the picture.
  const size = 8 + chunks.reduce((sum, c) => sum + c.length, 0) + 12;
  if (options.padTo && options.padTo > size + 12) chunks.push(pngChunk('prVt', new Uint8Array(options.padTo - size - 12)));
  return bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ...chunks, pngChunk('IEND', new Uint8Array()));
}

function jpegSegment(marker: number, data: Uint8Array): Uint8Array {
  return bytes([0xff, marker], be16(data.length + 2), data);
}

/**
 * A JPEG's structure with a frame of this size: JFIF, an Exif APP1 holding `exif`, an XMP
 * APP1, a comment holding `comment`, tables, the frame, a scan and the end.
 */
export function jpegImage(width: number, height: number, options: { exif?: string; comment?: string } = {}): Uint8Array {
  return bytes(
    [0xff, 0xd8],
    jpegSegment(0xe0, bytes('JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0])),
    ...(options.exif
      ? [jpegSegment(0xe1, bytes('Exif\0\0', 'MM\0*', options.exif)), jpegSegment(0xe1, bytes('http://ns.adobe.com/xap/1.0/\0', `<x:xmpmeta>${options.exif}</x:xmpmeta>`))]
      : []),
    ...(options.comment ? [jpegSegment(0xfe, encoder.encode(options.comment))] : []),
    jpegSegment(0xdb, bytes([0], new Uint8Array(64).fill(1))),
    jpegSegment(0xc0, bytes([8], be16(height), be16(width), [1, 1, 0x11, 0])),
    jpegSegment(0xc4, bytes([0], new Uint8Array(16).fill(0), [])),
    jpegSegment(0xda, bytes([1, 1, 0, 0, 0x3f, 0])),
    [0x12, 0x34, 0x56, 0x78],
    [0xff, 0xd9],
  );
}

/** An extended (VP8X) lossless WebP header of this size with EXIF and XMP chunks holding `metadata`. */
export function webpImage(width: number, height: number, options: { metadata?: string } = {}): Uint8Array {
  const chunk = (fourcc: string, data: Uint8Array) => bytes(fourcc, le32(data.length), data, data.length % 2 ? [0] : []);
  const flags = options.metadata ? 0x08 | 0x04 : 0;
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const body = bytes(
    'WEBP',
    chunk('VP8X', bytes([flags, 0, 0, 0], le24(width - 1), le24(height - 1))),
    chunk('VP8L', bytes([0x2f], le32(bits), [0, 0, 0])),
    ...(options.metadata ? [chunk('EXIF', bytes('MM\0*', options.metadata)), chunk('XMP ', encoder.encode(`<x:xmpmeta>${options.metadata}</x:xmpmeta>`))] : []),
  );
  return bytes('RIFF', le32(body.length), body);
}

/** Whether `text` occurs in the bytes. */
export function containsText(data: Uint8Array, text: string): boolean {
  const needle = encoder.encode(text);
  outer: for (let i = 0; i + needle.length <= data.length; i++) {
    for (let j = 0; j < needle.length; j++) if (data[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

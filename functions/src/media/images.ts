/**
 * Uploaded pictures, judged by their bytes and never by their name or declared type:
 * JPEG, PNG and WebP are recognised by their signature and header (for the width and
 * height), checked against size and dimension rules, and stripped of metadata (camera
 * data, GPS positions, editing software, comments) before they are stored. Pure code:
 * no Workers API, so it is unit-tested on hand-built files.
 */

export type ImageType = 'jpeg' | 'png' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const IMAGE_EXTENSIONS: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** What the header of a recognised image says. */
export type ImageInfo = { type: ImageType; width: number; height: number };

/** A checked image, its metadata removed, ready to store. */
export type CheckedImage = ImageInfo & { bytes: Uint8Array; contentType: string; extension: string };

/** What an image must satisfy; the problems are worded for the form field. */
export type ImageRules = { maxBytes: number; maxSide: number; minWidth: number; minHeight: number };

export const IMAGE_PROBLEMS = {
  type: 'must be a JPEG, PNG or WebP image',
  tooBig: (maxBytes: number) => `must be at most ${formatBytes(maxBytes)}`,
  tooLarge: (maxSide: number) => `must be at most ${maxSide} pixels on each side`,
  tooSmall: (rules: ImageRules) => (rules.minHeight > 1 ? `must be at least ${rules.minWidth} × ${rules.minHeight} pixels` : `must be at least ${rules.minWidth} pixels wide`),
} as const;

/** A size in words: `10 MB`, `512 KB`. */
export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** A piece of a file, kept or dropped by the strippers. */
type Segment = { start: number; end: number };

function concat(bytes: Uint8Array, segments: readonly Segment[]): Uint8Array {
  const out = new Uint8Array(segments.reduce((sum, s) => sum + s.end - s.start, 0));
  let at = 0;
  for (const { start, end } of segments) {
    out.set(bytes.subarray(start, end), at);
    at += end - start;
  }
  return out;
}

// ---- JPEG: a sequence of marker segments up to the first scan (SOS), then image data.

const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);

type JpegSegment = Segment & { marker: number; dataStart: number };

/** The segments before the first scan, plus the scan and everything after it; null when malformed. */
function jpegSegments(b: Uint8Array): { segments: JpegSegment[]; rest: Segment } | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    let markerAt = at + 1;
    while (b[markerAt] === 0xff) markerAt++; // fill bytes
    const marker = b[markerAt];
    if (marker === undefined) return null;
    if (JPEG_STANDALONE.has(marker)) {
      segments.push({ marker, start: at, end: markerAt + 1, dataStart: markerAt + 1 });
      at = markerAt + 1;
      continue;
    }
    if (marker === 0xd9) return null; // an image with no scan
    if (markerAt + 3 > b.length) return null;
    const length = u16be(b, markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > b.length) return null;
    if (marker === 0xda) return { segments, rest: { start: at, end: b.length } };
    segments.push({ marker, start: at, end, dataStart: markerAt + 3 });
    at = end;
  }
  return null;
}

function jpegInfo(b: Uint8Array): ImageInfo | null {
  const parsed = jpegSegments(b);
  const frame = parsed?.segments.find((segment) => JPEG_SOF.has(segment.marker));
  if (!frame || frame.end - frame.dataStart < 5) return null;
  const height = u16be(b, frame.dataStart + 1);
  const width = u16be(b, frame.dataStart + 3);
  return width > 0 && height > 0 ? { type: 'jpeg', width, height } : null;
}

/**
 * Keeps APP0 JFIF (pixel density), APP2 ICC profiles (colours) and APP14 Adobe (it tells
 * decoders how CMYK and YCCK colours are transformed, so dropping it changes the picture);
 * drops every other APPn segment (Exif, XMP, IPTC, maker notes, thumbnails) and comments.
 */
function keepJpegSegment(b: Uint8Array, segment: JpegSegment): boolean {
  const { marker, dataStart } = segment;
  if (marker === 0xfe) return false;
  if (marker < 0xe0 || marker > 0xef) return true;
  if (marker === 0xe0) return ascii(b, dataStart, 5) === 'JFIF\0';
  if (marker === 0xe2) return ascii(b, dataStart, 12) === 'ICC_PROFILE\0';
  if (marker === 0xee) return ascii(b, dataStart, 5) === 'Adobe';
  return false;
}

function stripJpeg(b: Uint8Array): Uint8Array {
  const parsed = jpegSegments(b)!;
  return concat(b, [{ start: 0, end: 2 }, ...parsed.segments.filter((segment) => keepJpegSegment(b, segment)), parsed.rest]);
}

// ---- PNG: the signature, then chunks (length, type, data, CRC) from IHDR to IEND.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_METADATA = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME']);

type PngChunk = Segment & { type: string };

function pngChunks(b: Uint8Array): PngChunk[] | null {
  if (b.length < 8 || PNG_SIGNATURE.some((byte, i) => b[i] !== byte)) return null;
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at + 12 <= b.length) {
    const end = at + 12 + u32be(b, at);
    if (end > b.length) return null;
    const type = ascii(b, at + 4, 4);
    chunks.push({ type, start: at, end });
    if (type === 'IEND') return chunks[0]?.type === 'IHDR' ? chunks : null;
    at = end;
  }
  return null; // cut short: no IEND
}

function pngInfo(b: Uint8Array): ImageInfo | null {
  const chunks = pngChunks(b);
  if (!chunks || chunks[0]!.end - chunks[0]!.start !== 25) return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  return width > 0 && height > 0 ? { type: 'png', width, height } : null;
}

function stripPng(b: Uint8Array): Uint8Array {
  const kept = pngChunks(b)!.filter((chunk) => !PNG_METADATA.has(chunk.type));
  return concat(b, [{ start: 0, end: 8 }, ...kept]);
}

// ---- WebP: a RIFF container of chunks (fourcc, little-endian size, data padded to even).

const WEBP_METADATA = new Set(['EXIF', 'XMP ']);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

type WebpChunk = Segment & { fourcc: string; dataStart: number; size: number };

function webpChunks(b: Uint8Array): WebpChunk[] | null {
  if (b.length < 20 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const riffEnd = Math.min(b.length, 8 + u32le(b, 4));
  const chunks: WebpChunk[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const size = u32le(b, at + 4);
    const dataStart = at + 8;
    if (dataStart + size > riffEnd) return null;
    const end = Math.min(riffEnd, dataStart + size + (size % 2));
    chunks.push({ fourcc: ascii(b, at, 4), start: at, end, dataStart, size });
    at = end;
  }
  return chunks.length > 0 ? chunks : null;
}

function webpInfo(b: Uint8Array): ImageInfo | null {
  const first = webpChunks(b)?.[0];
  if (!first) return null;
  const d = first.dataStart;
  let width = 0;
  let height = 0;
  if (first.fourcc === 'VP8X' && first.size >= 10) {
    width = u24le(b, d + 4) + 1;
    height = u24le(b, d + 7) + 1;
  } else if (first.fourcc === 'VP8 ' && first.size >= 10 && b[d + 3] === 0x9d && b[d + 4] === 0x01 && b[d + 5] === 0x2a) {
    width = (b[d + 6]! | (b[d + 7]! << 8)) & 0x3fff;
    height = (b[d + 8]! | (b[d + 9]! << 8)) & 0x3fff;
  } else if (first.fourcc === 'VP8L' && first.size >= 5 && b[d] === 0x2f) {
    const bits = u32le(b, d + 1);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  }
  return width > 0 && height > 0 ? { type: 'webp', width, height } : null;
}

function stripWebp(b: Uint8Array): Uint8Array {
  const kept = webpChunks(b)!.filter((chunk) => !WEBP_METADATA.has(chunk.fourcc));
  const out = concat(b, [{ start: 0, end: 12 }, ...kept]);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  const extended = kept[0]?.fourcc === 'VP8X' ? 20 : -1;
  if (extended > 0) out[extended] = out[extended]! & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
  return out;
}

const READERS: Record<ImageType, (b: Uint8Array) => ImageInfo | null> = { jpeg: jpegInfo, png: pngInfo, webp: webpInfo };
const STRIPPERS: Record<ImageType, (b: Uint8Array) => Uint8Array> = { jpeg: stripJpeg, png: stripPng, webp: stripWebp };

/** The type and size of a JPEG, PNG or WebP image read from its bytes; null for anything else. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
  for (const read of Object.values(READERS)) {
    const info = read(bytes);
    if (info) return info;
  }
  return null;
}

/** The image without its metadata segments or chunks; the picture data is untouched. */
export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  return STRIPPERS[type](bytes);
}

/** Checks an upload against the rules and strips it: the image, or the problem in words. */
export function checkImage(bytes: Uint8Array, rules: ImageRules): { image: CheckedImage } | { problem: string } {
  if (bytes.length > rules.maxBytes) return { problem: IMAGE_PROBLEMS.tooBig(rules.maxBytes) };
  const info = readImageInfo(bytes);
  if (!info) return { problem: IMAGE_PROBLEMS.type };
  if (info.width > rules.maxSide || info.height > rules.maxSide) return { problem: IMAGE_PROBLEMS.tooLarge(rules.maxSide) };
  if (info.width < rules.minWidth || info.height < rules.minHeight) return { problem: IMAGE_PROBLEMS.tooSmall(rules) };
  return {
    image: { ...info, bytes: stripMetadata(bytes, info.type), contentType: IMAGE_CONTENT_TYPES[info.type], extension: IMAGE_EXTENSIONS[info.type] },
  };
}

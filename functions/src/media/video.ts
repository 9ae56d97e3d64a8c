/**
 * Videos and GIFs recognised by their bytes, never by their name or declared type: an
 * MP4 starts with an `ftyp` box (at offset 4) naming an allowed brand, a WebM with the
 * EBML header 1A 45 DF A3 and the `webm` doc type, a GIF with `GIF87a`/`GIF89a` and its
 * logical screen size. Pure code, unit-tested on hand-built headers.
 */

export type VideoType = 'mp4' | 'webm';
export type VideoInfo = { type: VideoType; contentType: string; extension: string };
export type GifInfo = { type: 'gif'; width: number; height: number };

/** MP4 brands browsers play: ISO base media, MPEG-4, H.264 and DASH. QuickTime (`qt  `) is not one. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'msnv']);

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

function isMp4(b: Uint8Array): boolean {
  if (b.length < 16 || ascii(b, 4, 4) !== 'ftyp') return false;
  const boxEnd = Math.min(u32be(b, 0), b.length);
  if (boxEnd < 16) return false;
  if (MP4_BRANDS.has(ascii(b, 8, 4))) return true;
  // The compatible brands follow the major brand and its minor version.
  for (let at = 16; at + 4 <= boxEnd; at += 4) if (MP4_BRANDS.has(ascii(b, at, 4))) return true;
  return false;
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

function isWebm(b: Uint8Array): boolean {
  if (b.length < 8 || EBML_MAGIC.some((byte, i) => b[i] !== byte)) return false;
  // The DocType element (42 82) inside the header says `webm` (Matroska files say `matroska`).
  const header = b.subarray(0, Math.min(b.length, 64));
  for (let at = 4; at + 3 < header.length; at++) {
    if (header[at] === 0x42 && header[at + 1] === 0x82) {
      const size = header[at + 2]! & 0x7f;
      return ascii(header, at + 3, Math.min(size, 4)) === 'webm';
    }
  }
  return false;
}

/** The video type of some bytes, or null when they are not an MP4 or WebM video. */
export function readVideoInfo(bytes: Uint8Array): VideoInfo | null {
  if (isMp4(bytes)) return { type: 'mp4', contentType: 'video/mp4', extension: 'mp4' };
  if (isWebm(bytes)) return { type: 'webm', contentType: 'video/webm', extension: 'webm' };
  return null;
}

/** The size of a GIF read from its header, or null for anything else. */
export function readGifInfo(b: Uint8Array): GifInfo | null {
  if (b.length < 13) return null;
  const magic = ascii(b, 0, 6);
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return null;
  const width = b[6]! | (b[7]! << 8);
  const height = b[8]! | (b[9]! << 8);
  return width > 0 && height > 0 ? { type: 'gif', width, height } : null;
}

/**
 * Whether a video's container is whole: every MP4 box, and every WebM element, lies
 * inside the file and the last one ends where the file ends. The parser (video-strip.ts)
 * is lenient on purpose (it plays what it can of a cut file), so a truncated upload, or
 * a valid header followed by anything else, is caught here. Pure code.
 */

const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** A box type is four printable characters (`©` included, as in `©xyz`). */
function isBoxType(b: Uint8Array, at: number): boolean {
  for (let i = at; i < at + 4; i++) if ((b[i]! < 0x20 || b[i]! > 0x7e) && b[i] !== 0xa9) return false;
  return true;
}

/**
 * The top-level boxes of an MP4 file: `ftyp` first, a `moov` among them, each box's size
 * within the file (a 64-bit size when its 32-bit size is 1, to the end when it is 0), and
 * nothing left over after the last one.
 */
export function mp4BoxesFit(b: Uint8Array): boolean {
  let at = 0;
  let sawMoov = false;
  while (at < b.length) {
    if (b.length - at < 8 || !isBoxType(b, at + 4)) return false;
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    if (at === 0 && type !== 'ftyp') return false;
    let size = u32be(b, at);
    let header = 8;
    if (size === 1) {
      if (b.length - at < 16) return false;
      size = u32be(b, at + 8) * 2 ** 32 + u32be(b, at + 12);
      header = 16;
    } else if (size === 0) size = b.length - at;
    if (size < header || size > b.length - at) return false;
    if (type === 'moov') sawMoov = true;
    at += size;
  }
  return sawMoov;
}

type Element = { id: number; dataStart: number; end: number; unknownSize: boolean };

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
/** The elements that may follow a Cluster of unknown size inside the Segment, and so end it. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, 0x1549a966, 0x1654ae6b, CLUSTER, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);

/** The length of a variable-size integer from its first byte (1 to `max`), or 0 when it is not one. */
function vintLength(first: number, max: number): number {
  for (let length = 1; length <= max; length++) if (first & (0x80 >> (length - 1))) return length;
  return 0;
}

/** The element at `at`: its id, where its data starts and ends; null when its header is not whole. */
function readElement(b: Uint8Array, at: number): Element | null {
  const idLength = vintLength(b[at] ?? 0, 4);
  if (idLength === 0 || at + idLength >= b.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + b[at + i]!;
  const sizeAt = at + idLength;
  const sizeLength = vintLength(b[sizeAt]!, 8);
  if (sizeLength === 0 || sizeAt + sizeLength > b.length) return null;
  let size = b[sizeAt]! & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    size = size * 256 + b[sizeAt + i]!;
    allOnes &&= b[sizeAt + i] === 0xff;
  }
  const dataStart = sizeAt + sizeLength;
  return { id, dataStart, end: allOnes ? Number.POSITIVE_INFINITY : dataStart + size, unknownSize: allOnes };
}

/** Walks the children of a Cluster of unknown size; answers where it ends, or -1 when something does not fit. */
function clusterEnd(b: Uint8Array, at: number, end: number): number {
  while (at < end) {
    const element = readElement(b, at);
    if (!element) return -1;
    if (SEGMENT_CHILDREN.has(element.id)) return at;
    if (element.unknownSize || element.end > end) return -1;
    at = element.end;
  }
  return at;
}

/**
 * The elements of a WebM file: the EBML header, then the Segment, whose children (and the
 * blocks of a Cluster written without its size, as recorders do) each fit inside it, the
 * last one ending where the Segment, and the file, ends.
 */
export function webmElementsFit(b: Uint8Array): boolean {
  const header = readElement(b, 0);
  if (!header || header.id !== EBML_HEADER || header.end > b.length) return false;
  const segment = readElement(b, header.end);
  if (!segment || segment.id !== SEGMENT) return false;
  const end = segment.unknownSize ? b.length : segment.end;
  if (end !== b.length) return false;
  let at = segment.dataStart;
  while (at < end) {
    const element = readElement(b, at);
    if (!element) return false;
    if (element.unknownSize) {
      if (element.id !== CLUSTER) return false;
      at = clusterEnd(b, element.dataStart, end);
      if (at < 0) return false;
      continue;
    }
    if (element.end > end) return false;
    at = element.end;
  }
  return at === end;
}

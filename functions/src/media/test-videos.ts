/** Video headers built byte by byte for the tests: MP4 (an ftyp box) and WebM (an EBML header). */

/** The first bytes of an MP4 file: an ftyp box naming the isom brand, then an empty mdat. */
export function mp4Bytes(brand = 'isom'): Uint8Array {
  const text = new TextEncoder();
  return new Uint8Array([
    0,
    0,
    0,
    24,
    ...text.encode('ftyp'),
    ...text.encode(brand),
    0,
    0,
    2,
    0,
    ...text.encode('mp41'),
    ...text.encode('avc1'),
    0,
    0,
    0,
    8,
    ...text.encode('mdat'),
  ]);
}

/** The EBML header of a WebM file (DocType `webm`). */
export function webmBytes(docType = 'webm'): Uint8Array {
  const text = new TextEncoder().encode(docType);
  return new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | text.length, ...text, 0x42, 0x87, 0x81, 0x04]);
}

import { describe, expect, it } from 'vitest';
import { checkImage, readImageInfo, stripMetadata, type ImageRules } from './images';
import { containsText, jpegImage, pngImage, webpImage } from './test-images';

const AVATAR: ImageRules = { maxBytes: 5 * 1024 * 1024, maxSide: 8000, minWidth: 64, minHeight: 64 };
const BANNER: ImageRules = { ...AVATAR, minWidth: 400, minHeight: 1 };
const text = (value: string) => new TextEncoder().encode(value);

describe('readImageInfo', () => {
  it('recognises JPEG, PNG and WebP by their bytes and reads their size', async () => {
    expect(readImageInfo(jpegImage(640, 480))).toEqual({ type: 'jpeg', width: 640, height: 480 });
    expect(readImageInfo(await pngImage(120, 90))).toEqual({ type: 'png', width: 120, height: 90 });
    expect(readImageInfo(webpImage(1500, 500))).toEqual({ type: 'webp', width: 1500, height: 500 });
  });

  it('refuses text, other formats, and files cut short', async () => {
    expect(readImageInfo(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(text('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(readImageInfo(new Uint8Array())).toBeNull();
    const png = await pngImage(100, 100);
    expect(readImageInfo(png.subarray(0, png.length - 12))).toBeNull(); // no IEND
    const jpeg = jpegImage(100, 100);
    expect(readImageInfo(jpeg.subarray(0, 30))).toBeNull(); // stops inside the segments
    expect(readImageInfo(webpImage(100, 100).subarray(0, 24))).toBeNull();
  });

  it('does not take a PNG signature followed by garbage for a PNG', () => {
    expect(readImageInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]))).toBeNull();
  });
});

describe('stripMetadata', () => {
  it('drops Exif, XMP and comments from a JPEG and keeps JFIF, the frame and the scan', () => {
    const jpeg = jpegImage(200, 100, { exif: 'GPS 52.52N 13.40E', comment: 'shot on a secret phone' });
    const stripped = stripMetadata(jpeg, 'jpeg');
    expect(containsText(jpeg, 'GPS 52.52N')).toBe(true);
    expect(containsText(stripped, 'GPS 52.52N')).toBe(false);
    expect(containsText(stripped, 'Exif')).toBe(false);
    expect(containsText(stripped, 'secret phone')).toBe(false);
    expect(containsText(stripped, 'JFIF')).toBe(true);
    expect(readImageInfo(stripped)).toEqual({ type: 'jpeg', width: 200, height: 100 });
    // The scan data and the end marker are kept byte for byte.
    expect([...stripped.subarray(-6)]).toEqual([...jpeg.subarray(-6)]);
  });

  it('drops text chunks from a PNG and leaves a valid PNG', async () => {
    const png = await pngImage(80, 80, { text: 'Author: someone private' });
    const stripped = stripMetadata(png, 'png');
    expect(containsText(png, 'someone private')).toBe(true);
    expect(containsText(stripped, 'someone private')).toBe(false);
    expect(containsText(stripped, 'tEXt')).toBe(false);
    expect(stripped).toEqual(await pngImage(80, 80));
  });

  it('drops EXIF and XMP chunks from a WebP, clears their flags and fixes the RIFF size', () => {
    const webp = webpImage(640, 320, { metadata: 'camera serial 0042' });
    const stripped = stripMetadata(webp, 'webp');
    expect(containsText(stripped, 'camera serial')).toBe(false);
    expect(stripped[20]! & 0x0c).toBe(0);
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
    expect(stripped).toEqual(webpImage(640, 320));
  });

  it('leaves an image without metadata as it was', async () => {
    const png = await pngImage(64, 64);
    expect(stripMetadata(png, 'png')).toEqual(png);
    const jpeg = jpegImage(64, 64);
    expect(stripMetadata(jpeg, 'jpeg')).toEqual(jpeg);
  });
});

describe('checkImage', () => {
  it('answers the stripped image with its content type and extension', async () => {
    const result = checkImage(await pngImage(64, 64, { text: 'x' }), AVATAR);
    expect(result).toMatchObject({ image: { type: 'png', width: 64, height: 64, contentType: 'image/png', extension: 'png' } });
    expect(checkImage(jpegImage(100, 100), AVATAR)).toMatchObject({ image: { contentType: 'image/jpeg', extension: 'jpg' } });
    expect(checkImage(webpImage(400, 100), BANNER)).toMatchObject({ image: { contentType: 'image/webp', extension: 'webp' } });
  });

  it('names the problem: not an image, too many bytes, too large, too small', async () => {
    expect(checkImage(text('hello, I am a text file'), AVATAR)).toEqual({ problem: 'must be a JPEG, PNG or WebP image' });
    expect(checkImage(await pngImage(64, 64, { padTo: 6 * 1024 * 1024 }), AVATAR)).toEqual({ problem: 'must be at most 5 MB' });
    expect(checkImage(jpegImage(8001, 100), AVATAR)).toEqual({ problem: 'must be at most 8000 pixels on each side' });
    expect(checkImage(jpegImage(63, 500), AVATAR)).toEqual({ problem: 'must be at least 64 × 64 pixels' });
    expect(checkImage(webpImage(399, 200), BANNER)).toEqual({ problem: 'must be at least 400 pixels wide' });
  });
});

import { describe, expect, it } from 'vitest';
import { mp4Bytes, testVideo, webmBytes } from './test-videos';
import { checkPostMedia } from './post-media';
import { pngImage } from './test-images';
import { readGifInfo, readVideoInfo } from './video';

const rules = { imageMaxBytes: 1024, videoMaxBytes: 4096, maxSide: 100 };
const gif = (width: number, height: number) => new Uint8Array([...new TextEncoder().encode('GIF89a'), width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0, 0x3b]);

describe('readVideoInfo', () => {
  it('recognises MP4 by its ftyp box and an allowed brand', () => {
    expect(readVideoInfo(mp4Bytes())).toMatchObject({ type: 'mp4', contentType: 'video/mp4' });
    expect(readVideoInfo(mp4Bytes('mp42'))).toMatchObject({ type: 'mp4' });
  });

  it('recognises a compatible brand when the major brand is unknown, and refuses QuickTime only', () => {
    expect(readVideoInfo(mp4Bytes('XXXX'))).toMatchObject({ type: 'mp4' }); // compatible: mp41, avc1
    const quicktime = mp4Bytes('qt  ');
    quicktime.set(new TextEncoder().encode('qt  qt  '), 16);
    expect(readVideoInfo(quicktime)).toBeNull();
  });

  it('recognises WebM by the EBML header and its doc type, not Matroska', () => {
    expect(readVideoInfo(webmBytes())).toMatchObject({ type: 'webm', contentType: 'video/webm' });
    expect(readVideoInfo(webmBytes('matroska'))).toBeNull();
  });

  it('refuses anything else', () => {
    expect(readVideoInfo(new TextEncoder().encode('<script>alert(1)</script> ftyp isom'))).toBeNull();
    expect(readVideoInfo(new Uint8Array(0))).toBeNull();
  });
});

describe('readGifInfo', () => {
  it('reads the logical screen size', () => {
    expect(readGifInfo(gif(300, 2))).toEqual({ type: 'gif', width: 300, height: 2 });
    expect(readGifInfo(new TextEncoder().encode('GIF90a1234567'))).toBeNull();
  });
});

describe('checkPostMedia', () => {
  it('accepts images and videos within their limits', async () => {
    expect(await checkPostMedia(await pngImage(8, 8), rules)).toMatchObject({ media: { kind: 'image', contentType: 'image/png', width: 8 } });
    expect(await checkPostMedia(gif(10, 10), rules)).toMatchObject({ media: { kind: 'image', contentType: 'image/gif', extension: 'gif' } });
    expect(await checkPostMedia(await testVideo('mp4', { frames: 5 }), rules)).toMatchObject({ media: { kind: 'video', extension: 'mp4', width: null } });
    expect(await checkPostMedia(await testVideo('webm', { frames: 5 }), rules)).toMatchObject({ media: { kind: 'video', extension: 'webm', contentType: 'video/webm' } });
  });

  it('names the problem: type, size per kind, sides', async () => {
    expect(await checkPostMedia(new TextEncoder().encode('not media at all'), rules)).toEqual({ problem: 'must be a JPEG, PNG, WebP or GIF image, or an MP4 or WebM video' });
    expect(await checkPostMedia(mp4Bytes(), rules)).toEqual({ problem: 'must be a complete MP4 or WebM video with a video track' });
    const bigVideo = new Uint8Array(5000);
    bigVideo.set(mp4Bytes());
    expect(await checkPostMedia(bigVideo, rules)).toEqual({ problem: 'must be at most 4 KB (a video)' });
    const bigImage = new Uint8Array(2000);
    bigImage.set(gif(10, 10));
    expect(await checkPostMedia(bigImage, rules)).toEqual({ problem: 'must be at most 1 KB (an image)' });
    expect(await checkPostMedia(gif(101, 10), rules)).toEqual({ problem: 'must be at most 100 pixels on each side' });
  });
});

import { BufferSource, EncodedPacketSink, Input, MP4, WEBM } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { mp4BoxesFit, webmElementsFit } from './video-container';
import { stripVideo } from './video-strip';
import { mp4Bytes, TEST_LOCATION, testVideo, webmBytes } from './test-videos';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** What a stored video holds, read back by the parser: its tags and, per track, its type and packet count. */
async function readBack(bytes: Uint8Array, type: 'mp4' | 'webm') {
  const input = new Input({ source: new BufferSource(bytes), formats: [type === 'mp4' ? MP4 : WEBM] });
  const tracks = [];
  for (const track of await input.getTracks()) {
    let packets = 0;
    for await (const _ of new EncodedPacketSink(track).packets()) packets++;
    tracks.push({ type: track.type, codec: await track.getCodec(), packets });
  }
  return { tags: await input.getMetadataTags(), tracks };
}

describe.each(['mp4', 'webm'] as const)('stripVideo (%s)', (type) => {
  it('removes the location, title and date and keeps every video and audio packet', async () => {
    const original = await testVideo(type, { tags: true, audio: true });
    expect(latin1(original)).toContain(TEST_LOCATION);
    expect(latin1(original)).toContain('Pitch rehearsal');
    expect((await readBack(original, type)).tags.title).toBe('Pitch rehearsal at home');

    const stripped = await stripVideo(original);
    expect(stripped).toMatchObject({ type, contentType: `video/${type}`, extension: type });
    const text = latin1(stripped!.bytes);
    expect(text).not.toContain(TEST_LOCATION);
    expect(text).not.toContain('48.8584');
    expect(text).not.toContain('Pitch rehearsal');
    expect(text).not.toContain('xmpmeta');
    expect(text).not.toContain('\u00a9xyz');

    const read = await readBack(stripped!.bytes, type);
    expect(read.tags).toEqual({});
    expect(read.tracks).toEqual([
      { type: 'video', codec: type === 'mp4' ? 'avc' : 'vp8', packets: 50 },
      { type: 'audio', codec: type === 'mp4' ? 'aac' : 'opus', packets: 25 },
    ]);
    expect(type === 'mp4' ? mp4BoxesFit(stripped!.bytes) : webmElementsFit(stripped!.bytes)).toBe(true);
  });

  it('refuses the file cut short anywhere, or with bytes after its end', async () => {
    const original = await testVideo(type, { frames: 30 });
    expect(await stripVideo(original)).not.toBeNull();
    for (const cut of [1, 17, 200, Math.floor(original.length / 2), original.length - 30]) {
      expect(await stripVideo(original.subarray(0, original.length - cut)), `cut by ${cut}`).toBeNull();
    }
    const padded = new Uint8Array(original.length + 64).fill(0x41);
    padded.set(original);
    expect(await stripVideo(padded)).toBeNull();
  });

  it('refuses a valid header followed by anything else', async () => {
    const header = type === 'mp4' ? mp4Bytes() : webmBytes();
    const forged = new Uint8Array(header.length + 4096);
    forged.set(header);
    crypto.getRandomValues(forged.subarray(header.length));
    expect(await stripVideo(header)).toBeNull();
    expect(await stripVideo(forged)).toBeNull();
  });
});

describe('stripVideo', () => {
  it('reads a WebM as browsers record it (sizes unknown) and refuses it cut inside a block', async () => {
    const recorded = await testVideo('webm', { recorder: true, tags: true });
    expect(webmElementsFit(recorded)).toBe(true);
    const stripped = await stripVideo(recorded);
    expect(latin1(stripped!.bytes)).not.toContain(TEST_LOCATION);
    expect((await readBack(stripped!.bytes, 'webm')).tracks).toEqual([{ type: 'video', codec: 'vp8', packets: 50 }]);
    expect(await stripVideo(recorded.subarray(0, recorded.length - 50))).toBeNull();
  });
});

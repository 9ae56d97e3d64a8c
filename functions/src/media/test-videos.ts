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

/** A 16 × 16 H.264 baseline sequence parameter set and picture parameter set, in an avcC record. */
const SPS = [0x67, 0x42, 0xc0, 0x0a, 0xda, 0x79];
const PPS = [0x68, 0xce, 0x3c, 0x80];
const AVC_CONFIG = new Uint8Array([1, 0x42, 0xc0, 0x0a, 0xff, 0xe1, 0, SPS.length, ...SPS, 1, 0, PPS.length, ...PPS]);

/** Where a test video says it was filmed: the Eiffel Tower, as phones write it (ISO 6709). */
export const TEST_LOCATION = '+48.8584+002.2945/';

export type TestVideoOptions = {
  /** Frames at 25 a second, one key frame a second. */
  frames?: number;
  /** Bytes per frame (a larger number makes a larger file). */
  frameBytes?: number;
  /** Also an Opus (WebM) or AAC (MP4) audio track. */
  audio?: boolean;
  /** Title, date and location tags, the way a phone or an editor writes them. */
  tags?: boolean;
  /** A WebM written as a browser's recorder writes it: append only, Segment and Clusters of unknown size. */
  recorder?: boolean;
};

/**
 * A real, small MP4 (H.264) or WebM (VP8) written by Mediabunny: the container is whole
 * and reads back; the frames are filler (nothing here decodes them). With `tags`, an MP4
 * carries `©nam`, `©day` and `©xyz` and a WebM TITLE, DATE and LOCATION.
 */
export async function testVideo(type: 'mp4' | 'webm', options: TestVideoOptions = {}): Promise<Uint8Array> {
  const { frames = 50, frameBytes = 200, audio = false, tags = false, recorder = false } = options;
  const mb = await import('mediabunny');
  const chunks = new Map<number, Uint8Array>();
  const writable = new WritableStream<{ data: Uint8Array; position: number }>({
    write: ({ data, position }) => {
      chunks.set(position, data.slice());
    },
  });
  const format = type === 'mp4' ? new mb.Mp4OutputFormat({ fastStart: false }) : new mb.WebMOutputFormat({ appendOnly: recorder });
  const output = new mb.Output({ format, target: new mb.StreamTarget(writable) });
  const video = new mb.EncodedVideoPacketSource(type === 'mp4' ? 'avc' : 'vp8');
  output.addVideoTrack(video, { frameRate: 25 });
  const sound = audio ? new mb.EncodedAudioPacketSource(type === 'mp4' ? 'aac' : 'opus') : null;
  if (sound) output.addAudioTrack(sound);
  if (tags) {
    output.setMetadataTags({
      title: 'Pitch rehearsal at home',
      date: new Date('2025-03-14T09:26:53Z'),
      raw: type === 'mp4' ? { '©xyz': TEST_LOCATION } : { LOCATION: TEST_LOCATION },
    });
  }
  await output.start();
  for (let i = 0; i < frames; i++) {
    const data = new Uint8Array(frameBytes).fill(i & 0xff);
    // One length-prefixed NAL unit (an IDR or a non-IDR slice) for H.264; VP8 frames are opaque here.
    if (type === 'mp4') data.set([0, 0, (frameBytes - 4) >> 8, (frameBytes - 4) & 0xff, i % 25 === 0 ? 0x65 : 0x41]);
    const packet = new mb.EncodedPacket(data, i % 25 === 0 ? 'key' : 'delta', i / 25, 1 / 25);
    const decoderConfig = type === 'mp4' ? { codec: 'avc1.42c00a', codedWidth: 16, codedHeight: 16, description: AVC_CONFIG } : { codec: 'vp8', codedWidth: 16, codedHeight: 16 };
    await video.add(packet, i === 0 ? { decoderConfig } : undefined);
    if (sound && i % 2 === 0) {
      const audioConfig =
        type === 'mp4'
          ? { codec: 'mp4a.40.2', sampleRate: 48_000, numberOfChannels: 1, description: new Uint8Array([0x11, 0x88]) }
          : { codec: 'opus', sampleRate: 48_000, numberOfChannels: 1 };
      await sound.add(new mb.EncodedPacket(new Uint8Array(40).fill(7), 'key', i / 25, 2 / 25), i === 0 ? { decoderConfig: audioConfig } : undefined);
    }
  }
  await output.finalize();
  const length = Math.max(...[...chunks].map(([position, data]) => position + data.length));
  const bytes = new Uint8Array(length);
  for (const [position, data] of chunks) bytes.set(data, position);
  return type === 'mp4' && tags ? withPhoneBoxes(bytes) : bytes;
}

/** An MP4 box of a type (four Latin-1 characters) around its body. */
const box = (type: string, ...body: Uint8Array[]) => {
  const length = 8 + body.reduce((sum, part) => sum + part.length, 0);
  const bytes = new Uint8Array(length);
  new DataView(bytes.buffer).setUint32(0, length);
  bytes.set(
    Uint8Array.from(type, (c) => c.charCodeAt(0)),
    4,
  ); // Latin-1: '©' is the one byte A9
  let at = 8;
  for (const part of body) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

/**
 * Adds what a phone writes besides the ilst tags: a `udta` box in `moov` holding `©xyz`
 * (the QuickTime location: a 2-byte length, a 2-byte language, the text) and a top-level
 * `uuid` XMP packet naming the place. The MP4 is written without fast start, so `moov` is
 * last and growing it moves no sample.
 */
function withPhoneBoxes(mp4: Uint8Array): Uint8Array {
  const text = new TextEncoder();
  const location = text.encode(TEST_LOCATION);
  const xyz = new Uint8Array([0, location.length, 0x15, 0xc7, ...location]);
  const udta = box('udta', box('©xyz', xyz));
  const xmpUuid = new Uint8Array([0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac]);
  const xmp = box('uuid', xmpUuid, text.encode(`<x:xmpmeta><exif:GPSLatitude>48,51.5N</exif:GPSLatitude><photoshop:City>${TEST_LOCATION}</photoshop:City></x:xmpmeta>`));
  // moov is the last box: find it, grow it by udta, then add the XMP box after it.
  let at = 0;
  while (at < mp4.length && String.fromCharCode(...mp4.subarray(at + 4, at + 8)) !== 'moov') at += new DataView(mp4.buffer, mp4.byteOffset).getUint32(at);
  const out = new Uint8Array(mp4.length + udta.length + xmp.length);
  out.set(mp4);
  const moovSize = new DataView(mp4.buffer, mp4.byteOffset).getUint32(at);
  if (at + moovSize !== mp4.length) throw new Error('test video: moov is not the last box');
  new DataView(out.buffer).setUint32(at, moovSize + udta.length);
  out.set(udta, mp4.length);
  out.set(xmp, mp4.length + udta.length);
  return out;
}

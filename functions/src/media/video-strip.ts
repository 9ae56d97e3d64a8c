/**
 * A video stored without what it says about its member: the MP4 or WebM is read whole by
 * Mediabunny (pure TypeScript, no WebCodecs: packets are copied, never decoded) and written
 * anew with its video and audio tracks only. What a phone adds around the pictures is not
 * carried over: MP4 `udta`/`meta` boxes (`©xyz` location, `©day`, make and model), `uuid`
 * XMP boxes, timed metadata tracks, WebM/Matroska `Tags`, titles, dates, attachments and
 * track names. A file that does not read whole (a container cut short or followed by other
 * bytes, no video track, a track with no packets or a codec the container can't carry)
 * is refused. Domain code: no Hono.
 */
import {
  BufferSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  MP4,
  Mp4OutputFormat,
  Output,
  StreamTarget,
  type StreamTargetChunk,
  WEBM,
  WebMOutputFormat,
} from 'mediabunny';
import { mp4BoxesFit, webmElementsFit } from './video-container';
import { readVideoInfo, type VideoInfo } from './video';

/** The words for a video's form field when it does not read whole. */
export const VIDEO_UNREADABLE = 'must be a complete MP4 or WebM video with a video track';

/** A video ready to store: its type and its bytes without metadata. */
export type StrippedVideo = VideoInfo & { bytes: Uint8Array };

/**
 * Collects what the muxer writes (at any position) into one growing buffer, so the result
 * is a view of exactly its size and the bytes are never copied twice.
 */
function growingTarget(maxBytes: number) {
  const buffer = new ArrayBuffer(0, { maxByteLength: maxBytes });
  let length = 0;
  const writable = new WritableStream<StreamTargetChunk>({
    write({ data, position }) {
      const end = position + data.byteLength;
      if (end > buffer.byteLength) buffer.resize(end);
      new Uint8Array(buffer).set(data, position);
      length = Math.max(length, end);
    },
  });
  return { target: new StreamTarget(writable), bytes: () => new Uint8Array(buffer, 0, length) };
}

/** Copies every packet of every video and audio track; null when a track can't be carried. */
async function remux(bytes: Uint8Array, info: VideoInfo): Promise<Uint8Array | null> {
  const input = new Input({ source: new BufferSource(bytes), formats: [info.type === 'mp4' ? MP4 : WEBM] });
  try {
    const format = info.type === 'mp4' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat();
    // Room for the copy and a little more: the new tables may be larger than the old (the muxer refuses to go past it).
    const sink = growingTarget(bytes.length * 2 + 1024 * 1024);
    const output = new Output({ format, target: sink.target });
    const supported = new Set<string>(format.getSupportedCodecs());
    const copies: Array<() => Promise<number>> = [];
    let videoTracks = 0;
    for (const track of await input.getTracks()) {
      if (!track.isVideoTrack() && !track.isAudioTrack()) continue; // timed metadata, subtitles: dropped
      const codec = await track.getCodec();
      const config = await track.getDecoderConfig();
      if (!codec || !config || !supported.has(codec)) return null;
      const packets = new EncodedPacketSink(track);
      if (track.isVideoTrack()) {
        videoTracks++;
        const source = new EncodedVideoPacketSource(codec as ConstructorParameters<typeof EncodedVideoPacketSource>[0]);
        output.addVideoTrack(source, { rotation: await track.getRotation(), flip: await track.getFlip() });
        copies.push(() => copy(packets, (packet, first) => source.add(packet, first ? { decoderConfig: config as VideoDecoderConfig } : undefined)));
      } else {
        const source = new EncodedAudioPacketSource(codec as ConstructorParameters<typeof EncodedAudioPacketSource>[0]);
        output.addAudioTrack(source);
        copies.push(() => copy(packets, (packet, first) => source.add(packet, first ? { decoderConfig: config as AudioDecoderConfig } : undefined)));
      }
    }
    if (videoTracks === 0) return null;
    await output.start();
    // The tracks are copied side by side: the muxer interleaves them and holds each back while the others catch up.
    const counts = await Promise.all(copies.map((run) => run()));
    if (counts.some((count) => count === 0)) {
      await output.cancel();
      return null;
    }
    await output.finalize();
    return sink.bytes();
  } finally {
    input.dispose();
  }
}

type Packet = Parameters<EncodedVideoPacketSource['add']>[0];

/** Feeds a track's packets, in decode order, to its new source; answers how many there were. */
async function copy(sink: EncodedPacketSink, add: (packet: Packet, first: boolean) => Promise<void>): Promise<number> {
  let count = 0;
  for await (const packet of sink.packets()) {
    await add(packet, count === 0);
    count++;
  }
  return count;
}

/**
 * The video in `bytes` without its metadata, or null when the bytes are not an MP4 or WebM
 * video that reads whole with at least one video track.
 */
export async function stripVideo(bytes: Uint8Array): Promise<StrippedVideo | null> {
  const info = readVideoInfo(bytes);
  if (!info) return null;
  if (!(info.type === 'mp4' ? mp4BoxesFit(bytes) : webmElementsFit(bytes))) return null;
  try {
    const stripped = await remux(bytes, info);
    return stripped ? { ...info, bytes: stripped } : null;
  } catch {
    // The parser's and the muxer's refusals (a broken sample table, packets out of order): the file does not read whole.
    return null;
  }
}

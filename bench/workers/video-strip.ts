// A worker that strips the product's test videos of a given size, so the cost is measured inside workerd.
import { testVideo } from '../../functions/src/media/test-videos';
import { stripVideo } from '../../functions/src/media/video-strip';

/** Bytes a frame: about a 1080p phone video's average at 30 fps (40 KB × 30 × 8 bits ≈ 10 Mbit/s). */
const FRAME_BYTES = 40_000;
const videos = new Map<string, Uint8Array>();

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const type = url.searchParams.get('type') === 'webm' ? 'webm' : 'mp4';
    const megabytes = Number(url.searchParams.get('mb') ?? 10);
    const key = `${type}:${megabytes}`;
    if (url.pathname === '/make') {
      const frames = Math.floor((megabytes * 1024 * 1024) / FRAME_BYTES);
      const video = await testVideo(type, { frames, frameBytes: FRAME_BYTES, audio: true, tags: true });
      videos.set(key, video);
      return Response.json({ bytes: video.length, frames });
    }
    if (url.pathname === '/strip') {
      const video = videos.get(key);
      if (!video) return new Response('make it first', { status: 409 });
      const stripped = await stripVideo(video);
      if (!stripped) return new Response('refused', { status: 422 });
      return Response.json({ bytes: stripped.bytes.length });
    }
    return new Response('noop');
  },
};

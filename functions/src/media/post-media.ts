/**
 * The media a post may carry, judged by their bytes: images (JPEG, PNG and WebP through
 * images.ts, so metadata is stripped; GIFs kept as sent, animation included) or videos
 * (MP4 and WebM, read whole and stored without their metadata by video-strip.ts). Domain
 * code: the form reader calls it per file.
 */
import { checkImage, formatBytes, IMAGE_PROBLEMS } from './images';
import { readGifInfo, readVideoInfo } from './video';
import { stripVideo, VIDEO_UNREADABLE } from './video-strip';

export type MediaKind = 'image' | 'video';

/** A checked media file, ready to store. */
export type CheckedMedia = { kind: MediaKind; bytes: Uint8Array; contentType: string; extension: string; width: number | null; height: number | null };

export type PostMediaRules = { imageMaxBytes: number; videoMaxBytes: number; maxSide: number };

export const MEDIA_PROBLEMS = {
  type: 'must be a JPEG, PNG, WebP or GIF image, or an MP4 or WebM video',
  tooBig: (kind: MediaKind, maxBytes: number) => `must be at most ${formatBytes(maxBytes)} (${kind === 'image' ? 'an image' : 'a video'})`,
} as const;

/** Checks one uploaded file: the media, or the problem in words for its form field. */
export async function checkPostMedia(bytes: Uint8Array, rules: PostMediaRules): Promise<{ media: CheckedMedia } | { problem: string }> {
  if (readVideoInfo(bytes)) {
    if (bytes.length > rules.videoMaxBytes) return { problem: MEDIA_PROBLEMS.tooBig('video', rules.videoMaxBytes) };
    const video = await stripVideo(bytes);
    if (!video) return { problem: VIDEO_UNREADABLE };
    return { media: { kind: 'video', bytes: video.bytes, contentType: video.contentType, extension: video.extension, width: null, height: null } };
  }
  if (bytes.length > rules.imageMaxBytes) return { problem: MEDIA_PROBLEMS.tooBig('image', rules.imageMaxBytes) };
  const gif = readGifInfo(bytes);
  if (gif) {
    if (gif.width > rules.maxSide || gif.height > rules.maxSide) return { problem: `must be at most ${rules.maxSide} pixels on each side` };
    return { media: { kind: 'image', bytes, contentType: 'image/gif', extension: 'gif', width: gif.width, height: gif.height } };
  }
  const checked = checkImage(bytes, { maxBytes: rules.imageMaxBytes, maxSide: rules.maxSide, minWidth: 1, minHeight: 1 });
  if ('problem' in checked) return { problem: checked.problem === IMAGE_PROBLEMS.type ? MEDIA_PROBLEMS.type : checked.problem };
  const { image } = checked;
  return { media: { kind: 'image', bytes: image.bytes, contentType: image.contentType, extension: image.extension, width: image.width, height: image.height } };
}

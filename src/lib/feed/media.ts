/**
 * docs/product.md#media: while a file uploads the post carries a placeholder media item whose mime is
 * `progress`; when a placeholder exists the post's media is replaced by that single item.
 */
import type { MediaItem } from './types';

/** The mime that marks an upload placeholder (never sent by the server). */
const PROGRESS_MIME = 'progress';

/** Whether `item` is an upload placeholder. */
export function isPlaceholder(item: Pick<MediaItem, 'mime'>): boolean {
  return item.mime === PROGRESS_MIME;
}

/** The media to show: the first placeholder alone when there is one, else the list as it is. */
export function visibleMedia(media: readonly MediaItem[]): MediaItem[] {
  const placeholder = media.find(isPlaceholder);
  return placeholder ? [placeholder] : [...media];
}

/** A placeholder item for an upload under way; `percent` (0–100) rides in `url` as `progress:<n>`. */
export function progressItem(id: string, percent: number): MediaItem {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  return { _id: id, url: `progress:${clamped}`, mime: PROGRESS_MIME, alt: null, width: null, height: null };
}

/** The percentage a placeholder stands for (0 when unreadable). */
export function progressPercent(item: Pick<MediaItem, 'url'>): number {
  const value = Number(item.url.replace(/^progress:/, ''));
  return Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : 0;
}

/** Whether a media item is a video (by its mime). */
export function isVideo(item: Pick<MediaItem, 'mime'>): boolean {
  return item.mime.startsWith('video/');
}

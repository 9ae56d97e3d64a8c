/**
 * The composer's media rules (./MediaPicker.tsx shows the picked files): which files a post
 * takes and whether their alt texts fit. Apart from the picker, which loads with the first
 * file picked (./lazy.tsx), so the feed's first load leaves it out.
 */
import { POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX, VIDEO_MAX_BYTES, MEDIA_ALT_MAX } from '@api/shared/feed-limits';
import { WRONG_KIND } from '../../lib/file-refusal';
import { overLimitReason } from '../../lib/text/limits';

export interface PickedFile {
  key: string;
  file: File;
  alt: string;
  preview: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm'];
export const MEDIA_ACCEPT = [...IMAGE_TYPES, ...VIDEO_TYPES].join(',');

/** The files kept after adding `added` to `current`, or the reason they cannot be. */
export function addFiles(current: PickedFile[], added: File[]): { files: PickedFile[] } | { error: string } {
  const all = [...current.map((item) => item.file), ...added];
  const videos = all.filter((file) => VIDEO_TYPES.includes(file.type));
  for (const file of added) {
    if (!IMAGE_TYPES.includes(file.type) && !VIDEO_TYPES.includes(file.type)) return { error: WRONG_KIND.postMedia };
    if (IMAGE_TYPES.includes(file.type) && file.size > POST_IMAGE_MAX_BYTES) return { error: `${file.name}: pictures can be up to 10 MB.` };
    if (VIDEO_TYPES.includes(file.type) && file.size > VIDEO_MAX_BYTES) return { error: `${file.name}: videos can be up to 50 MB.` };
  }
  if (videos.length > 0 && all.length > 1) return { error: 'A post carries one video, or up to four pictures, not both.' };
  if (all.length > POST_IMAGES_MAX) return { error: `A post carries up to ${POST_IMAGES_MAX} pictures.` };
  const fresh = added.map((file, index) => ({ key: `${Date.now()}-${index}-${file.name}`, file, alt: '', preview: URL.createObjectURL(file) }));
  return { files: [...current, ...fresh] };
}

/** Why the alt texts can't be posted as they are (the first one over its limit), or null. */
export function altOverLimit(files: PickedFile[]): string | null {
  for (const [index, item] of files.entries()) {
    const reason = overLimitReason(`alt text for picture ${index + 1}`, item.alt.length, MEDIA_ALT_MAX);
    if (reason) return reason;
  }
  return null;
}

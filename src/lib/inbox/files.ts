/**
 * The composer's attachment checks, before anything is uploaded (the API checks again by
 * bytes): at most MESSAGE_MAX_ATTACHMENTS files, each at most ATTACHMENT_MAX_BYTES, of a
 * kind the API stores (images, PDF, MP4/WebM video).
 */
import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX_ATTACHMENTS } from '@api/shared/inbox-limits';

export { ATTACHMENT_MAX_BYTES, MESSAGE_MAX_ATTACHMENTS };

/** The file kinds the API accepts, for the file input's `accept`. */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf,video/mp4,video/webm';

const ACCEPTED = new Set(ATTACHMENT_ACCEPT.split(','));
const EXTENSIONS = /\.(jpe?g|png|webp|gif|pdf|mp4|webm)$/i;

/** What the checks need of a File. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** "1.2 MB", "340 KB", "12 bytes". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}

/**
 * The files of `chosen` that may be uploaded next to `alreadyAttached` others, and a
 * sentence for each one refused (too many, too big, not a kind messages carry).
 */
export function checkAttachments<T extends FileLike>(alreadyAttached: number, chosen: readonly T[]): { accepted: T[]; errors: string[] } {
  const accepted: T[] = [];
  const errors: string[] = [];
  let room = Math.max(0, MESSAGE_MAX_ATTACHMENTS - alreadyAttached);
  for (const file of chosen) {
    const knownKind = ACCEPTED.has(file.type) || (!file.type && EXTENSIONS.test(file.name));
    if (!knownKind) errors.push(`${file.name}: attach images, PDFs or MP4/WebM videos.`);
    else if (file.size > ATTACHMENT_MAX_BYTES) errors.push(`${file.name} is ${formatSize(file.size)}: files can be up to ${formatSize(ATTACHMENT_MAX_BYTES)}.`);
    else if (file.size === 0) errors.push(`${file.name} is empty.`);
    else if (room === 0) errors.push(`${file.name} was not added: a message carries up to ${MESSAGE_MAX_ATTACHMENTS} files.`);
    else {
      accepted.push(file);
      room -= 1;
    }
  }
  return { accepted, errors };
}

/** How an attachment is shown: a picture, a video player or a file chip. */
export function attachmentKind(mime: string): 'image' | 'video' | 'file' {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  return 'file';
}

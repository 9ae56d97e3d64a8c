/**
 * The browser's first look at a chosen picture, so a member hears at once that a file will
 * not do: the type is read from the file's first bytes (a renamed PDF is not a PNG), then
 * its size and, once the preview has loaded, its dimensions. The server checks all of it
 * again and decides.
 */
import { PROFILE_LIMITS } from '@api/shared/profile-vocabulary';
import { WRONG_KIND } from '../file-refusal';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export type ImageField = 'profilePicture' | 'profileBanner';

/** How many leading bytes `sniffImageType` needs. */
const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);

/** JPEG, PNG or WebP by its magic bytes; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

const NOUN: Record<ImageField, string> = { profilePicture: 'picture', profileBanner: 'banner' };

/** Megabytes with one decimal at most: 5 MB, 7.3 MB. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** What is wrong with a file of this type and size, in words; null when it may be sent. */
export function fileProblem(field: ImageField, type: ImageType | null, size: number): string | null {
  if (type === null) return WRONG_KIND.picture;
  if (size > PROFILE_LIMITS.imageMaxBytes) {
    return `Your ${NOUN[field]} is ${megabytes(size)}; the limit is ${megabytes(PROFILE_LIMITS.imageMaxBytes)}. Try a smaller or compressed copy.`;
  }
  return null;
}

/** What is wrong with an image of these dimensions for `field`; null when it fits. */
export function dimensionProblem(field: ImageField, width: number, height: number): string | null {
  const { imageMaxSide, avatarMinSide, bannerMinWidth } = PROFILE_LIMITS;
  if (width > imageMaxSide || height > imageMaxSide) return `Your ${NOUN[field]} is ${width}×${height} pixels; keep each side at most ${imageMaxSide}.`;
  if (field === 'profilePicture' && (width < avatarMinSide || height < avatarMinSide)) {
    return `Your picture is ${width}×${height} pixels; it needs at least ${avatarMinSide}×${avatarMinSide}.`;
  }
  if (field === 'profileBanner' && width < bannerMinWidth) return `Your banner is ${width} pixels wide; it needs at least ${bannerMinWidth}.`;
  return null;
}

/** Checks a chosen file's type (by its bytes) and size. */
export async function checkImageFile(field: ImageField, file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return fileProblem(field, sniffImageType(head), file.size);
}

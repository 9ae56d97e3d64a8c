/**
 * Profile pictures and banners in R2: each upload goes under a fresh key (so the
 * one-year immutable cache of /media is always right) and the profile keeps the key
 * (`avatars/<id>.webp`), which the media-base rules of docs/product.md#member-text turn into an address
 * (`/media/avatars/<id>.webp` by default, or under a CDN's base).
 */
import { newId } from '../db/ids';
import type { CheckedImage } from './images';

export type ImageFolder = 'avatars' | 'banners';

/** The R2 key of a stored image of ours, or null for other addresses (seeded absolute URLs). */
export function storedImageKey(path: string | null): string | null {
  const match = /^((?:avatars|banners)\/[0-9a-f]{24}\.(?:jpg|png|webp))$/.exec(path ?? '');
  return match ? match[1]! : null;
}

/** Stores a checked image under a new key; answers the key. */
export async function storeImage(bucket: R2Bucket, folder: ImageFolder, image: CheckedImage): Promise<string> {
  const key = `${folder}/${newId()}.${image.extension}`;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
  return key;
}

/**
 * Deletes stored images no profile points to any more (replaced, removed, or written for
 * a save that failed). Paths that are not ours (seeded absolute URLs) are left alone.
 */
export async function deleteImages(bucket: R2Bucket, paths: readonly (string | null)[]): Promise<void> {
  const keys = paths.map(storedImageKey).filter((key): key is string => key !== null);
  if (keys.length > 0) await bucket.delete(keys);
}

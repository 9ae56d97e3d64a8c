/**
 * Post media in R2: each file under a fresh key `posts/<id>.<ext>` (so the immutable
 * cache of /media is always right); the post keeps the key, the app makes the address.
 */
import { deleteOwnKeys, putUnderFreshKeys } from '../media/r2-objects';
import type { MediaUpload } from './post-form';

const FOLDER = 'posts';

/** A stored upload: its row values without the post and position. */
export type StoredMedia = { id: string; r2Key: string; mime: string; alt: string | null; width: number | null; height: number | null; bytes: number };

/** Stores the uploads (in parallel); answers them with their keys, in order. */
export async function storeMedia(bucket: R2Bucket, uploads: readonly MediaUpload[]): Promise<StoredMedia[]> {
  const keys = await putUnderFreshKeys(bucket, FOLDER, uploads);
  return uploads.map((upload, index) => {
    const { id, key } = keys[index]!;
    return { id, r2Key: key, mime: upload.contentType, alt: upload.alt, width: upload.width, height: upload.height, bytes: upload.bytes.length };
  });
}

/** Deletes stored post media (only keys of ours under posts/). */
export function deleteMedia(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  return deleteOwnKeys(bucket, FOLDER, keys);
}

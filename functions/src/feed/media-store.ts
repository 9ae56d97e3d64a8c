/**
 * Post media in R2: each file under a fresh key `posts/<id>.<ext>` (so the immutable
 * cache of /media is always right); the post keeps the key, the app makes the address.
 */
import { newId } from '../db/ids';
import type { MediaUpload } from './post-form';

/** A stored upload: its row values without the post and position. */
export type StoredMedia = { id: string; r2Key: string; mime: string; alt: string | null; width: number | null; height: number | null; bytes: number };

/** Stores the uploads (in parallel); answers them with their keys, in order. */
export async function storeMedia(bucket: R2Bucket, uploads: readonly MediaUpload[]): Promise<StoredMedia[]> {
  return Promise.all(
    uploads.map(async (upload) => {
      const id = newId();
      const r2Key = `posts/${id}.${upload.extension}`;
      await bucket.put(r2Key, upload.bytes, { httpMetadata: { contentType: upload.contentType } });
      return { id, r2Key, mime: upload.contentType, alt: upload.alt, width: upload.width, height: upload.height, bytes: upload.bytes.length };
    }),
  );
}

/** Deletes stored post media (only keys of ours under posts/). */
export async function deleteMedia(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  const ours = keys.filter((key) => /^posts\/[0-9a-f]{24}\.[a-z0-9]+$/.test(key));
  if (ours.length > 0) await bucket.delete(ours);
}

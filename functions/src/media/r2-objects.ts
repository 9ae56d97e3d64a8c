/**
 * Uploaded files in R2 under keys of our own making, `<folder>/<24-hex id>.<ext>`: a fresh
 * key for every file (so the immutable cache of /media is always right), and deletes that
 * touch no key of another shape.
 */
import { newId } from '../db/ids';

/** One file to put: its bytes, the extension of its key and its content type. */
export type R2Upload = { bytes: Uint8Array; extension: string; contentType: string };

/** Puts each file under `<folder>/<id>.<extension>` (in parallel), `id` fresh; answers the ids and keys, in order. */
export function putUnderFreshKeys(bucket: R2Bucket, folder: string, uploads: readonly R2Upload[]): Promise<Array<{ id: string; key: string }>> {
  return Promise.all(
    uploads.map(async (upload) => {
      const id = newId();
      const key = `${folder}/${id}.${upload.extension}`;
      await bucket.put(key, upload.bytes, { httpMetadata: { contentType: upload.contentType } });
      return { id, key };
    }),
  );
}

/** Deletes the keys that are ours under `folder`; any other key is left alone. */
export async function deleteOwnKeys(bucket: R2Bucket, folder: string, keys: readonly string[]): Promise<void> {
  const ours = keys.filter((key) => key.startsWith(`${folder}/`) && /^[0-9a-f]{24}\.[a-z0-9]+$/.test(key.slice(folder.length + 1)));
  if (ours.length > 0) await bucket.delete(ours);
}

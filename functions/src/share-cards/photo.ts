/**
 * The member's photo for a card, read from our own R2 media only (never from an address a
 * member gave), as a data: URI satori can place. Anything unreadable draws initials.
 */
const PHOTO_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** Stored pictures are far smaller; a bigger object is not decoded for a card. */
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The photo under `key` (an `avatars/…` key, see ownPhotoKey) as a data: URI, or null. */
export async function photoDataUri(bucket: R2Bucket, key: string | null): Promise<string | null> {
  const type = key ? PHOTO_TYPES[key.slice(key.lastIndexOf('.') + 1)] : undefined;
  if (!key || !type) return null;
  const object = await bucket.get(key);
  if (!object) return null;
  if (object.size > PHOTO_MAX_BYTES) {
    await object.body.cancel();
    return null;
  }
  return `data:${type};base64,${base64(new Uint8Array(await object.arrayBuffer()))}`;
}

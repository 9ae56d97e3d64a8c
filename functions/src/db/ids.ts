/** Record ids: 24 lowercase hex characters (12 bytes), the shape of the Mongo ObjectIds the spec's clients already handle as `_id`. */

const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A new record id: 12 random bytes. */
export function newId(): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(12)));
}

/** A record id derived from `key` (the first 12 bytes of its SHA-256): the same key always gives the same id. */
export async function idFrom(key: string): Promise<string> {
  return hexOf(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key))).slice(0, 12));
}

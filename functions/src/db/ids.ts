/**
 * A new record id: 24 lowercase hex characters (12 random bytes), the shape of the
 * Mongo ObjectIds the spec's clients already handle as `_id`.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

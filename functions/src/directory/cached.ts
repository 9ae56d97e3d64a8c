/**
 * A JSON answer kept in the Cache API for a short time: the same for every visitor, so a
 * location reads it once per lifetime instead of once per page (docs/decisions.md, the
 * home's highlights and the directory's city links). A cache that fails is skipped, never
 * the page.
 */

/** The Cache API's default cache where the runtime has one (not in every test). */
export const defaultCache = (): Cache | null => (typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default);

/** `key`'s answer from `cache` when a fresh copy is there, else `read()` stored for `maxAge` seconds. */
export async function cachedJson<T>(cache: Cache | null, key: string, maxAge: number, read: () => Promise<T>): Promise<T> {
  const hit = await cache?.match(key).catch(() => undefined);
  if (hit) return (await hit.json()) as T;
  const answer = await read();
  const stored = new Response(JSON.stringify(answer), {
    headers: { 'content-type': 'application/json', 'cache-control': `public, max-age=${maxAge}` },
  });
  await cache?.put(key, stored).catch(() => undefined);
  return answer;
}

/**
 * The visitor's address, passed to the API as `CF-Connecting-IP` so that its rate limits
 * count people rather than the app worker.
 */

/** The `CF-Connecting-IP` header when Cloudflare set it, else Astro's client address. */
export function clientIpOf(request: Request, clientAddress: () => string | undefined): string | undefined {
  const header = request.headers.get('cf-connecting-ip')?.trim();
  if (header) return header;
  try {
    return clientAddress() || undefined;
  } catch {
    // Astro throws when the adapter cannot tell the address (some local set-ups).
    return undefined;
  }
}

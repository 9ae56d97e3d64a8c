/**
 * Whether a request is a browser's prefetch or prerender rather than a visit: Chromium sends
 * `Sec-Purpose: prefetch` (`prefetch;prerender` for a prerender), older browsers and Firefox
 * `Purpose: prefetch`. A prefetch may never be shown, so it must not count as a visit.
 */
export function isPrefetchRequest(headers: Headers): boolean {
  return [headers.get('sec-purpose'), headers.get('purpose')].some((value) => value?.toLowerCase().split(';')[0]?.trim() === 'prefetch');
}

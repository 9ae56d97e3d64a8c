/** Plausible's events API: the request for one page view. */

export interface PlausibleOptions {
  domain: string;
  endpoint: string;
}

/**
 * Builds the POST Plausible expects for a page view. The body is JSON sent as text/plain,
 * as Plausible's own script does, so the browser needs no CORS preflight; keepalive lets
 * the report finish even when the page is left right away.
 */
export function plausibleRequest({ domain, endpoint }: PlausibleOptions, { url, referrer }: { url: string; referrer: string }): { endpoint: string; init: RequestInit } {
  return {
    endpoint,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ name: 'pageview', url, domain, referrer: referrer || null }),
      keepalive: true,
      credentials: 'omit',
    },
  };
}

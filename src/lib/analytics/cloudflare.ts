/** Cloudflare Web Analytics: the beacon script and its settings. */

export const CLOUDFLARE_BEACON_SRC = 'https://static.cloudflareinsights.com/beacon.min.js';

/**
 * The `data-cf-beacon` attribute. `spa: true` makes the beacon count each client-side
 * navigation (it follows the History API), so with the client router every page shown is
 * one page view and the app sends nothing itself.
 */
export function cloudflareBeaconAttribute(token: string): string {
  return JSON.stringify({ token, spa: true });
}

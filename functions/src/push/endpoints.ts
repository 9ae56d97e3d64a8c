/**
 * Which push endpoints the API stores and POSTs to: the push services of the browsers and
 * nothing else, so a member can't point the API at a host of their choosing (docs/security.md
 * "Web push"). Checked when a device is registered and again before every send, so rows stored
 * under an older rule are never fetched.
 */

/**
 * The browsers' push services: an exact host, or `*.` and a domain for any host under it
 * (not the domain itself). Matched on the host as the URL parser spells it (lowercase).
 */
export const PUSH_SERVICE_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet, Brave: Firebase Cloud Messaging.
  'fcm.googleapis.com',
  // FCM's former name (GCM), still in subscriptions made by older Chrome.
  'android.googleapis.com',
  // Firefox: Mozilla autopush (updates.push.services.mozilla.com).
  '*.push.services.mozilla.com',
  // Edge on Windows: Windows Push Notification Services (<region>.notify.windows.com).
  '*.notify.windows.com',
  // Safari on macOS and iOS: Apple Push Notification service (web.push.apple.com).
  '*.push.apple.com',
] as const;

/** Whether `host` is one of PUSH_SERVICE_HOSTS: the same host, or one under a `*.` domain. */
export function isPushServiceHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern));
}

/** An IPv4 address in any spelling the parser turns into dotted form, or an IPv6 literal. */
const IP_LITERAL = /^(\d+\.){3}\d+$|^\[/;

/**
 * What is wrong with an endpoint, or null when it may be stored and sent to. `allowLoopback`
 * (PUSH_ALLOW_LOOPBACK_FOR_TESTS, push/config.ts) also lets plain-http loopback through: the
 * push service stand-in of the tests.
 */
export function endpointProblem(endpoint: string, rule: { allowLoopback: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (rule.allowLoopback && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost') && !url.username && !url.password) return null;
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  // The parser drops the default port, so an https URL naming any port names another than 443.
  if (url.port) return 'must use the default port (443)';
  if (IP_LITERAL.test(url.hostname)) return 'must name a push service, not an address';
  if (!isPushServiceHost(url.hostname)) return 'must be the push service of a browser';
  return null;
}

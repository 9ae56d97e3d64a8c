/**
 * The app worker's door to the live connection (docs/decisions.md#live-connection,
 * only the member's own token): `/socket.io/*` on the app's origin is forwarded to the API with the
 * `token` cookie as the Bearer token, never the Cookie header itself. A WebSocket opened
 * by a page of another origin is refused here (403), since browsers send cookies with
 * cross-site WebSocket upgrades and the token cookie's SameSite is the only other wall.
 */
import { TOKEN_COOKIE } from '../session/cookies';
import { apiUrl, type ApiFetch } from './api';

const LIVE_PATH_PREFIX = '/socket.io/';
export const LIVE_CROSS_ORIGIN_MESSAGE = 'The live connection only opens from this site.';

/** Whether the app forwards this path to the live connection. */
export function isLivePath(pathname: string): boolean {
  return pathname === '/socket.io' || pathname.startsWith(LIVE_PATH_PREFIX);
}

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return value ? decodeURIComponent(value) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Headers the live upgrade needs from the browser (the WebSocket handshake), without cookies. */
const FORWARDED = ['upgrade', 'connection', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-protocol', 'sec-websocket-extensions', 'user-agent'];

/**
 * Forwards a /socket.io/ request to the API: 403 (the API's error shape) when its Origin
 * names another origin; otherwise the upgrade with `Authorization: Bearer <token cookie>`.
 * Requests without an Origin (non-browser clients) still need the cookie's token.
 */
export async function proxyLiveRequest(request: Request, fetchApi: ApiFetch): Promise<Response> {
  const url = new URL(request.url);
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== url.origin) {
    return Response.json({ message: LIVE_CROSS_ORIGIN_MESSAGE, status: 403, data: null }, { status: 403 });
  }
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const token = cookieValue(request.headers.get('cookie'), TOKEN_COOKIE);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetchApi(new Request(apiUrl(url.pathname, url.search), { method: request.method, headers }));
}

/**
 * Who is looking at the page: the member behind the `token` cookie, asked of /auth/me once
 * per request by the middleware (with `?profileQuery=advisor` for advisors, docs/product.md#roles).
 */
import type { User } from '@api/users/schemas';
import { data } from '../api/client';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';
import { clearSessionCookies, readIsAdvisor, readToken, type CookieJar } from './cookies';

export interface Viewer {
  user: User | null;
  /** True when a token cookie was just removed because the API rejected it. */
  cleared: boolean;
}

/**
 * Reads the member for this request. No cookie: a visitor, without any call. A 401, or an
 * answer without `_id`, removes the session cookies (docs/product.md#sessions). Any other failure
 * (the API briefly down) shows the page as to a visitor but keeps the cookie for next time.
 */
export async function loadViewer(cookies: CookieJar, url: URL, options: Omit<ServerCallOptions, 'token'> = {}): Promise<Viewer> {
  const token = readToken(cookies);
  if (!token) return { user: null, cleared: false };
  const query = readIsAdvisor(cookies) ? { profileQuery: 'advisor' as const } : {};
  const result = await outcome(data(serverClient({ token, ...options }).auth.me.$get({ query })));
  if (result.ok && typeof result.data?._id === 'string' && result.data._id !== '') {
    return { user: result.data, cleared: false };
  }
  if (result.ok || result.error.status === 401) {
    clearSessionCookies(cookies, url);
    return { user: null, cleared: true };
  }
  return { user: null, cleared: false };
}

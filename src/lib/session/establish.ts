/**
 * The one code path that turns an auth answer into a session: login resolution, then the
 * cookies. Used by the session proxy and by the server-rendered forms (through `signIn`).
 */
import type { User } from '@api/users/schemas';
import type { AppError } from '../errors';
import { clearSessionCookies, setSessionCookies, type CookieJar } from './cookies';
import { resolveLogin } from './login-resolution';

export type SessionResult = { ok: true; user: User } | { ok: false; error: AppError };

/**
 * Runs the login resolution on an auth answer `{ jwt, user }`. On success the jwt goes
 * into the HttpOnly `token` cookie, the advisor flag into `isAdvisor`, and only the user is
 * returned. On failure both cookies are cleared (docs/product.md#login-resolution: auth cleared).
 */
export function establishSession(body: unknown, cookies: CookieJar, url: URL): SessionResult {
  const resolution = resolveLogin(body);
  if (!resolution.ok) {
    clearSessionCookies(cookies, url);
    return { ok: false, error: resolution.error };
  }
  setSessionCookies(cookies, url, { jwt: resolution.jwt, isAdvisor: resolution.isAdvisor });
  return { ok: true, user: resolution.user };
}

/**
 * The session cookies of docs/decisions.md#session: the one
 * place that names them and decides their attributes, used by the proxy, the server-rendered
 * forms, /api/logout and the middleware alike.
 */
import type { AstroCookieSetOptions, AstroCookies } from 'astro';

/** The HttpOnly cookie holding the API's jwt (docs/product.md#sessions). */
export const TOKEN_COOKIE = 'token';
/** `true` / `false`: whether the signed-in member is an advisor (docs/product.md#roles). */
export const ADVISOR_COOKIE = 'isAdvisor';
/** Seven days, in seconds (docs/product.md#sessions). */
export const SESSION_MAX_AGE = 604_800;

/** What the session helpers need of Astro's cookie jar; tests pass a small fake. */
export type CookieJar = Pick<AstroCookies, 'get' | 'set' | 'delete'>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Secure everywhere except plain-HTTP development on this machine. */
export function isSecureHost(url: URL): boolean {
  return !LOCAL_HOSTS.has(url.hostname);
}

/**
 * Attributes of a session cookie on `url`'s host. Only the token is HttpOnly: the
 * isAdvisor flag is not a secret and the client may read it.
 */
export function sessionCookieOptions(url: URL, { httpOnly }: { httpOnly: boolean }): AstroCookieSetOptions {
  return { httpOnly, secure: isSecureHost(url), sameSite: 'strict', path: '/', maxAge: SESSION_MAX_AGE };
}

/** Stores a fresh session: the jwt in `token`, the advisor flag in `isAdvisor`. */
export function setSessionCookies(cookies: CookieJar, url: URL, session: { jwt: string; isAdvisor: boolean }): void {
  cookies.set(TOKEN_COOKIE, session.jwt, sessionCookieOptions(url, { httpOnly: true }));
  cookies.set(ADVISOR_COOKIE, String(session.isAdvisor), sessionCookieOptions(url, { httpOnly: false }));
}

/** Removes both session cookies (sign-out, rejected token, failed login resolution). */
export function clearSessionCookies(cookies: CookieJar, url: URL): void {
  const { httpOnly: _h, maxAge: _m, ...attributes } = sessionCookieOptions(url, { httpOnly: true });
  cookies.delete(TOKEN_COOKIE, { ...attributes, httpOnly: true });
  cookies.delete(ADVISOR_COOKIE, { ...attributes, httpOnly: false });
}

/** The jwt of the request, when there is one. */
export function readToken(cookies: CookieJar): string | undefined {
  const value = cookies.get(TOKEN_COOKIE)?.value;
  return value ? value : undefined;
}

/** Whether the request remembers an advisor session (asks /auth/me for the advisor profile). */
export function readIsAdvisor(cookies: CookieJar): boolean {
  return cookies.get(ADVISOR_COOKIE)?.value === 'true';
}

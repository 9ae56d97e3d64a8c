/**
 * Requests the middleware leaves alone: static assets and development-server files need no
 * session, and the session proxy and its siblings handle the cookies themselves, so none of
 * them should cost an /auth/me call.
 */

const EXEMPT_PREFIXES = ['/_astro/', '/@', '/node_modules/', '/favicon', '/api/session/', '/api/logout', '/api/register'];

/** A last path segment with a file extension (`/robots.txt`, `/icons/logo.svg`). */
const FILE_WITH_EXTENSION = /\/[^/]+\.[a-z0-9]{1,8}$/i;

/** Whether `pathname` is served without looking up the member. */
export function isSessionExempt(pathname: string): boolean {
  return EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || FILE_WITH_EXTENSION.test(pathname);
}

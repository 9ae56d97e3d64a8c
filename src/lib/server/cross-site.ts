/**
 * The session proxy acts with the member's cookie, so a page on another site must never
 * be able to make it change anything. SameSite=Strict already keeps the cookie off such
 * requests; this check refuses them outright as a second wall.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether `request` is an unsafe method (POST, PUT, PATCH, DELETE…) sent from another
 * origin: its `Origin` header names another origin (or `null`), or the browser marks it
 * `Sec-Fetch-Site: cross-site`. Requests without either (scripts, server-to-server) pass.
 */
export function isCrossSiteUnsafe(request: Request, appOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  return origin !== null && origin !== appOrigin;
}

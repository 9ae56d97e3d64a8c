/**
 * Route guards, decided on the server before a page renders. One lookup table: later
 * issues add their member-only screens here (a prefix covers the path and everything below).
 */
import { afterSignInPath, signInPathFor } from './next-path';

/** member: signed-in members only; admin: administrators only; guest: visitors only. */
export type RouteAccess = 'public' | 'member' | 'admin' | 'guest';

/** Path prefixes and who may see them. The longest matching prefix wins. */
const ROUTE_ACCESS: ReadonlyArray<readonly [prefix: string, access: RouteAccess]> = [
  ['/settings', 'member'],
  ['/connections', 'member'],
  ['/onboarding', 'member'],
  ['/matching', 'member'],
  ['/views', 'member'],
  ['/saved', 'member'],
  ['/dashboard', 'member'],
  ['/feed', 'member'],
  ['/inbox', 'member'],
  ['/notifications', 'member'],
  ['/sessions', 'member'],
  ['/admin', 'admin'],
  ['/admin/reports', 'admin'],
  ['/sign-in', 'guest'],
  ['/register', 'guest'],
];

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; location: string } | { action: 'forbidden' };

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Who may see `pathname`; `/admin` covers `/admin` and `/admin/…` but not `/administrator`. */
export function routeAccess(pathname: string): RouteAccess {
  const path = normalise(pathname);
  let best: { length: number; access: RouteAccess } = { length: 0, access: 'public' };
  for (const [prefix, access] of ROUTE_ACCESS) {
    const matches = path === prefix || path.startsWith(`${prefix}/`);
    if (matches && prefix.length > best.length) best = { length: prefix.length, access };
  }
  return best.access;
}

/**
 * What to do with a request for `url`: visitors on member or admin pages go to sign-in
 * (coming back afterwards), signed-in non-admins on admin pages get a 403 page, and
 * signed-in members on the sign-in and register pages go home, or straight to a safe
 * `?next=` page (a sign-in link opened in a second tab, or a sign-in that just finished).
 */
export function decideGuard(url: URL, viewer: { signedIn: boolean; isAdmin: boolean }): GuardDecision {
  const access = routeAccess(url.pathname);
  if ((access === 'member' || access === 'admin') && !viewer.signedIn) {
    return { action: 'redirect', location: signInPathFor(url) };
  }
  if (access === 'admin' && !viewer.isAdmin) return { action: 'forbidden' };
  if (access === 'guest' && viewer.signedIn) return { action: 'redirect', location: afterSignInPath(url) };
  return { action: 'allow' };
}

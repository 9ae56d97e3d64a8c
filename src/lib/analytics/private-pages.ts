/**
 * Pages of the sign-in flow, whose addresses may carry secrets: a reset code on
 * /reset-password, a verification code or an email address on /verify-email, a return path
 * on /sign-in. Analytics never sees their query string, and the two that carry codes load
 * no outside script at all.
 */

const AUTH_PAGES = new Set(['/sign-in', '/register', '/verify-email', '/forgot-password', '/reset-password']);

/** The pages whose address can hold a code that signs a member in or resets a password. */
const CODE_PAGES = new Set(['/reset-password', '/verify-email']);

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Whether `pathname` is a page of the sign-in flow. */
export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.has(withoutTrailingSlash(pathname));
}

/** Whether a page at `pathname` may load third-party scripts (analytics beacons, chat). */
export function allowsThirdPartyScripts(pathname: string): boolean {
  return !CODE_PAGES.has(withoutTrailingSlash(pathname));
}

/** The address a page view reports: the full address, but no query or fragment from an auth page. */
export function pageViewUrl(href: string): string {
  const url = new URL(href);
  return isAuthPage(url.pathname) ? `${url.origin}${url.pathname}` : href;
}

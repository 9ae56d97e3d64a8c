/**
 * Where to send a member after signing in. Only same-site relative paths are honoured,
 * so a crafted `?next=https://evil.example` or `?next=//evil.example` can never turn the
 * sign-in page into an open redirect.
 */

const PLACEHOLDER_ORIGIN = 'https://same-site.invalid';
const MAX_NEXT_LENGTH = 1024;

/**
 * Returns `value` as a path + query + hash on this site, or `null` when it is missing,
 * absolute, protocol-relative (before or after its dot segments resolve), uses
 * backslashes or control characters, is too long, or points into /api/ (an endpoint is
 * never a page to land on).
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NEXT_LENGTH) return null;
  // Browsers treat "\" like "/" and strip tabs and newlines, so "/\evil.example" escapes.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (parsed.origin !== PLACEHOLDER_ORIGIN) return null;
  // Dot segments resolve only now: "/.//evil.example", "/..//x" and "/%2e//x" all become
  // "//host", which a browser reads as another site. Judge the path that will be used.
  if (/^\/[/\\]/.test(parsed.pathname)) return null;
  if (parsed.pathname === '/api' || parsed.pathname.startsWith('/api/')) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The sign-in address that brings the member back to `url` afterwards. */
export function signInPathFor(url: URL): string {
  const next = safeNextPath(`${url.pathname}${url.search}`);
  return next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in';
}

/**
 * Where to go after signing in: the honoured `next` query value, else onboarding for a
 * member who has not finished it (when the member is known), else the home page.
 */
export function afterSignInPath(url: URL, user?: { onboarded: boolean } | null): string {
  return safeNextPath(url.searchParams.get('next')) ?? (user && !user.onboarded ? '/onboarding' : '/');
}

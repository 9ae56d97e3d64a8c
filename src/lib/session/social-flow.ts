/**
 * The edge's part of a provider sign-in (Google, LinkedIn, GitHub): between the start and the
 * provider's redirect back, the state, the PKCE verifier and what the member was doing are
 * kept in one short-lived HttpOnly cookie, never in the page or the address.
 *
 * The cookie is `SameSite=Lax`, not Strict like the session: the provider's redirect back is a
 * top-level navigation that starts on the provider's site, and a Strict cookie would not be
 * sent with it. Lax sends it on that GET only; `Path=/auth/` keeps it off every other request,
 * and it dies after 10 minutes or as soon as the callback reads it.
 */
import type { AstroCookieSetOptions } from 'astro';
import { type CookieJar, isSecureHost } from './cookies';
import type { NoticeKey } from './notices';

export const SOCIAL_FLOW_COOKIE = 'social_flow';
/** Ten minutes, in seconds: long enough to sign in at the provider, short enough to go stale. */
export const SOCIAL_FLOW_MAX_AGE = 600;

export const SOCIAL_PROVIDERS = ['google', 'linkedin', 'github'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** sign-in: sign in or register; link: add the provider to the signed-in member's account. */
export type SocialIntent = 'sign-in' | 'link';

export interface SocialFlow {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  intent: SocialIntent;
  memberType: 'founder' | 'advisor';
}

/** The provider named by a query or path value, or null for anything else. */
export function socialProvider(value: string | null | undefined): SocialProvider | null {
  return SOCIAL_PROVIDERS.find((provider) => provider === value) ?? null;
}

/** The flow cookie's attributes on `url`'s host. */
export function socialFlowCookieOptions(url: URL): AstroCookieSetOptions {
  return { httpOnly: true, secure: isSecureHost(url), sameSite: 'lax', path: '/auth/', maxAge: SOCIAL_FLOW_MAX_AGE };
}

/** Keeps the flow until the provider sends the member back. */
export function keepSocialFlow(cookies: CookieJar, url: URL, flow: SocialFlow): void {
  cookies.set(SOCIAL_FLOW_COOKIE, JSON.stringify(flow), socialFlowCookieOptions(url));
}

function isFlow(value: unknown): value is SocialFlow {
  if (typeof value !== 'object' || value === null) return false;
  const flow = value as Record<string, unknown>;
  return (
    socialProvider(flow.provider as string) !== null &&
    typeof flow.state === 'string' &&
    typeof flow.codeVerifier === 'string' &&
    (flow.intent === 'sign-in' || flow.intent === 'link') &&
    (flow.memberType === 'founder' || flow.memberType === 'advisor')
  );
}

/**
 * Reads and removes the kept flow (one use only). Null when there is none, it is unreadable,
 * or it was started for another provider than the one sending the member back.
 */
export function takeSocialFlow(cookies: CookieJar, url: URL, provider: string | undefined): SocialFlow | null {
  if (cookies.get(SOCIAL_FLOW_COOKIE)?.value === undefined) return null;
  const flow = peekSocialFlow(cookies, provider);
  const { maxAge: _maxAge, ...attributes } = socialFlowCookieOptions(url);
  cookies.delete(SOCIAL_FLOW_COOKIE, attributes);
  return flow;
}

/** The kept flow for this provider, left in place (see takeSocialFlow). */
export function peekSocialFlow(cookies: CookieJar, provider: string | undefined): SocialFlow | null {
  const raw = cookies.get(SOCIAL_FLOW_COOKIE)?.value;
  if (raw === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  return isFlow(parsed) && parsed.provider === provider ? parsed : null;
}

/** The notice for a refused provider sign-in, from the API's `data.reason`. */
export function socialFailureNotice(reason: unknown): NoticeKey {
  switch (reason) {
    case 'access_denied':
      return 'social-denied';
    case 'email_not_verified':
      return 'social-unverified';
    case 'identity_taken':
    case 'provider_linked':
      return 'social-taken';
    default:
      return 'social-failed';
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The callback's answer: a page that moves on to `path` (same-site, from `safeNextPath` or our
 * own notices) by itself. Not a redirect: a redirect chain that began at the provider stays
 * cross-site, so the browser would leave out the SameSite=Strict session cookie just set and
 * the member would land signed out. A navigation this page starts is same-site, and carries it.
 */
export function continueTo(path: string): Response {
  const target = escapeAttribute(path);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Signing in…</title></head><body><p>Signing in… <a href="${target}">Continue</a></p></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

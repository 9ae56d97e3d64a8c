/**
 * Every page request: who is signed in (one /auth/me per request, through the API
 * binding), then the route guards of src/lib/session/guards.ts. Static files and the
 * session endpoints are left alone. A member who has not finished onboarding is sent to
 * it from member-only screens (src/lib/profiles/onboarding-guard.ts). Every answer gets the
 * browser security headers (src/lib/security/headers.ts), but an API answer keeps its own
 * Content-Security-Policy; a page a member sees, or one of the sign-in flow, is never cached.
 */
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { isAdmin, isPremium } from '@api/shared/roles';
import { onboardingRedirect } from './lib/profiles/onboarding-guard';
import { clientIpOf } from './lib/server/client-ip';
import { decideGuard } from './lib/session/guards';
import { isSessionExempt } from './lib/session/session-exempt';
import { loadViewer } from './lib/session/viewer';
import { loadPaymentFailed } from './lib/server/billing-notice';
import { loadDeletionDue } from './lib/server/deletion-notice';
import { isAuthPage } from './lib/analytics/private-pages';
import { headersToSet, securityHeaders } from './lib/security/headers';
import { inlineScriptHashes } from './lib/server/inline-script-hashes';
import { withHeaders } from './lib/security/with-headers';
import { appConfig } from './lib/server/app-config';
import { noteRoute } from './lib/server/request-id';

/** Where the 403 page lives (the shell's src/pages/403.astro). */
const FORBIDDEN_PAGE = '/403';

export const onRequest = defineMiddleware(async (context, next) => {
  // The route pattern for the request's log line (src/lib/server/request-id.ts).
  noteRoute(context.routePattern);
  const response = await guardedResponse(context, next);
  const headers = securityHeaders({
    url: context.url,
    config: appConfig(context.url),
    scriptHashes: await inlineScriptHashes(),
    private: context.locals.user !== null || isAuthPage(context.url.pathname),
  });
  return withHeaders(response, headersToSet(response, headers));
});

/** The guards' answer: the page itself, a redirect, or the 403 page. */
async function guardedResponse(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { locals, url, cookies, request } = context;
  locals.user = null;
  locals.isAdmin = false;
  locals.isPremium = false;
  locals.authCleared = false;
  locals.paymentFailed = false;
  locals.deletionDueAt = null;
  if (isSessionExempt(url.pathname)) return next();

  const clientIp = clientIpOf(request, () => context.clientAddress);
  // The deletion-pending banner (members' page views) is asked at the same time as who the
  // member is: with a token cookie the answer is almost always a member, and an unknown
  // token only costs a 401 that is then ignored.
  const [viewer, deletionDueAt] = await Promise.all([loadViewer(cookies, url, { clientIp }), loadDeletionDue(cookies, url, request.method, { clientIp })]);
  locals.user = viewer.user;
  locals.isAdmin = isAdmin(viewer.user);
  locals.isPremium = isPremium(viewer.user);
  locals.authCleared = viewer.cleared;
  locals.deletionDueAt = viewer.user ? deletionDueAt : null;
  // The shell's payment-failed banner (Base.astro): asked only for Premium members.
  locals.paymentFailed = await loadPaymentFailed(cookies, url, locals.isPremium, { clientIp });

  const decision = decideGuard(url, { signedIn: viewer.user !== null, isAdmin: locals.isAdmin });
  if (decision.action === 'redirect') {
    // 303 turns a guarded form POST into a GET of the sign-in page.
    return context.redirect(decision.location, request.method === 'GET' ? 302 : 303);
  }
  // A member who has not built their profile yet is led to onboarding first.
  const onboarding = onboardingRedirect(url.pathname, viewer.user);
  if (onboarding && decision.action === 'allow') return context.redirect(onboarding, request.method === 'GET' ? 302 : 303);
  if (decision.action === 'forbidden') {
    // Render the 403 page in place (no middleware re-run, locals kept for the header).
    const page = await next(FORBIDDEN_PAGE);
    return new Response(page.body, { status: 403, headers: page.headers });
  }
  return next();
}

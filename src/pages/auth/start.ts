/**
 * GET /auth/start?provider=google[&intent=link][&memberType=advisor]: asks the API for the
 * provider's authorization address (code flow with state and PKCE), keeps the state and the
 * verifier in the short-lived HttpOnly flow cookie (lib/session/social-flow.ts) and sends the
 * member to the provider. Linking needs a signed-in member.
 */
import type { APIRoute } from 'astro';
import { data } from '../../lib/api/client';
import { outcome, serverClient } from '../../lib/server/api-client';
import { requestContext } from '../../lib/server/request-context';
import { readToken } from '../../lib/session/cookies';
import { signInPathFor } from '../../lib/session/next-path';
import { withNotice } from '../../lib/session/notices';
import { keepSocialFlow, socialFailureNotice, socialProvider } from '../../lib/session/social-flow';

export const GET: APIRoute = async (context) => {
  const query = context.url.searchParams;
  const intent = query.get('intent') === 'link' ? 'link' : 'sign-in';
  const back = intent === 'link' ? '/settings/account' : '/sign-in';
  const provider = socialProvider(query.get('provider'));
  if (!provider) return context.redirect(withNotice(back, 'social-failed'), 303);
  if (intent === 'link' && !readToken(context.cookies)) return context.redirect(signInPathFor(new URL('/settings/account', context.url)), 303);

  const { clientIp } = requestContext(context);
  const start = await outcome(data(serverClient({ clientIp }).auth[':provider'].authorize.$get({ param: { provider } })));
  if (!start.ok) {
    console.error(`Social login failed (${start.error.status}): starting ${provider} sign-in`, start.error.message);
    return context.redirect(withNotice(back, socialFailureNotice((start.error.data as { reason?: unknown } | null)?.reason)), 303);
  }
  const memberType = query.get('memberType') === 'advisor' ? 'advisor' : 'founder';
  keepSocialFlow(context.cookies, context.url, { provider, state: start.data.state, codeVerifier: start.data.codeVerifier, intent, memberType });
  return context.redirect(start.data.url, 302);
};

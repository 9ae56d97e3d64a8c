/**
 * Where the provider sends the member back (`<app>/auth/{provider}/callback?code=…&state=…`).
 * The edge takes the flow cookie (one use), checks the state, then either signs in through
 * `GET /auth/{provider}/token`, running the same login resolution and cookies as a password
 * sign-in (establishSession), or, for a link, adds the provider to the member's account.
 * Every failure is logged and shown as a notice (docs/product.md#errors). The answer
 * is a page that moves on by itself (`continueTo`), so the next page gets the Strict session cookie.
 */
import type { APIRoute } from 'astro';
import { data } from '../../../lib/api/client';
import type { AppError } from '../../../lib/errors';
import { outcome, serverClient } from '../../../lib/server/api-client';
import { requestContext } from '../../../lib/server/request-context';
import { readToken } from '../../../lib/session/cookies';
import { establishSession } from '../../../lib/session/establish';
import { afterSignInPath } from '../../../lib/session/next-path';
import { type NoticeKey, withNotice } from '../../../lib/session/notices';
import { continueTo, peekSocialFlow, socialFailureNotice, takeSocialFlow } from '../../../lib/session/social-flow';

/** Set on the one same-site pass a link makes (below). */
const RESUMED = 'resumed';
/** Our own query names: a provider's redirect may not set them. */
const RESERVED = new Set(['expectedState', 'codeVerifier', 'memberType', RESUMED]);

function failed(provider: string, error: AppError): NoticeKey {
  console.error(`Social login failed (${error.status}) with ${provider}: ${error.message}`);
  return socialFailureNotice((error.data as { reason?: unknown } | null)?.reason);
}

export const GET: APIRoute = async (context) => {
  const { cookies, url } = context;
  const provider = context.params.provider;
  // The provider's redirect is a cross-site navigation, which leaves out the Strict session
  // cookie. Linking needs it: move on once to this same address from our own page, same-site.
  if (peekSocialFlow(cookies, provider)?.intent === 'link' && !readToken(cookies) && !url.searchParams.has(RESUMED)) {
    const again = new URL(url);
    again.searchParams.set(RESUMED, '1');
    return continueTo(`${again.pathname}${again.search}`);
  }
  const flow = takeSocialFlow(cookies, url, provider);
  if (!flow) {
    console.error(`Social login failed (400) with ${provider}: no flow cookie for this provider (expired, used, or never started)`);
    return continueTo(withNotice('/sign-in', 'social-failed'));
  }
  const back = flow.intent === 'link' ? '/settings/account' : '/sign-in';
  const callback = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (!RESERVED.has(name)) callback.append(name, value);
  // The state must be the one this browser started with: a redirect forged elsewhere stops here.
  if (callback.get('state') !== flow.state) {
    console.error(`Social login failed (400) with ${flow.provider}: the state differs from the one kept`);
    return continueTo(withNotice(back, 'social-failed'));
  }
  const context_ = requestContext(context);

  if (flow.intent === 'link') {
    const client = serverClient({ token: readToken(cookies), clientIp: context_.clientIp });
    const linked = await outcome(
      data(
        client.auth['sign-in-methods'][':provider'].$post({
          param: { provider: flow.provider },
          json: { callback: callback.toString(), expectedState: flow.state, codeVerifier: flow.codeVerifier },
        }),
      ),
    );
    return continueTo(withNotice(back, linked.ok ? 'provider-linked' : failed(flow.provider, linked.error)));
  }

  const query = { ...Object.fromEntries(callback), expectedState: flow.state, codeVerifier: flow.codeVerifier, memberType: flow.memberType };
  const client = serverClient({ clientIp: context_.clientIp, userAgent: context_.userAgent });
  const answer = await outcome(data(client.auth[':provider'].token.$get({ param: { provider: flow.provider }, query })));
  if (!answer.ok) return continueTo(withNotice(back, failed(flow.provider, answer.error)));
  const session = establishSession(answer.data, cookies, url);
  if (!session.ok) return continueTo(withNotice(back, failed(flow.provider, session.error)));
  return continueTo(afterSignInPath(new URL('/', url), session.user));
};

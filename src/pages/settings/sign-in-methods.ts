/**
 * POST /settings/sign-in-methods (provider=…): unlinks a provider from the signed-in member's
 * account (DELETE /auth/sign-in-methods/{provider}) and goes back to /settings/account with
 * a notice. The API refuses to remove the last way to sign in; the form says so too.
 */
import type { APIRoute } from 'astro';
import { data } from '../../lib/api/client';
import { outcome, serverClient } from '../../lib/server/api-client';
import { requestContext } from '../../lib/server/request-context';
import { readToken } from '../../lib/session/cookies';
import { withNotice } from '../../lib/session/notices';
import { socialProvider } from '../../lib/session/social-flow';

const BACK = '/settings/account';

export const POST: APIRoute = async (context) => {
  const form = await context.request.formData().catch(() => null);
  const provider = socialProvider(String(form?.get('provider') ?? ''));
  if (!provider) return context.redirect(withNotice(BACK, 'social-failed'), 303);
  const { clientIp } = requestContext(context);
  const client = serverClient({ token: readToken(context.cookies), clientIp });
  const result = await outcome(data(client.auth['sign-in-methods'][':provider'].$delete({ param: { provider } })));
  if (result.ok) return context.redirect(withNotice(BACK, 'provider-unlinked'), 303);
  const reason = (result.error.data as { reason?: unknown } | null)?.reason;
  console.error(`unlinking ${provider} failed (${result.error.status}): ${result.error.message}`);
  return context.redirect(withNotice(BACK, reason === 'last_sign_in_method' ? 'last-sign-in-method' : 'social-failed'), 303);
};

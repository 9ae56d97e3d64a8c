/**
 * The session proxy: any method to /api/session/<api path> is forwarded to the API with
 * the member's Bearer token (see src/lib/server/session-proxy.ts for the rules).
 */
import type { APIRoute } from 'astro';
import { clientIpOf } from '../../../lib/server/client-ip';
import { proxySessionRequest } from '../../../lib/server/session-proxy';

export const ALL: APIRoute = (context) =>
  proxySessionRequest({
    request: context.request,
    url: context.url,
    cookies: context.cookies,
    clientIp: clientIpOf(context.request, () => context.clientAddress),
  });

/**
 * POST /api/register: JSON of the registration fields. Refused with a 400 naming the
 * missing consents before any API call; otherwise `true` (201) or the API's error.
 */
import type { APIRoute } from 'astro';
import { AppError } from '../../lib/errors';
import { clientIpOf } from '../../lib/server/client-ip';
import { registerMember } from '../../lib/server/register';
import { errorResponse } from '../../lib/server/session-proxy';

export const POST: APIRoute = async (context) => {
  const fields: unknown = await context.request.json().catch(() => null);
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return errorResponse(new AppError('body: must be a JSON object', 400, { fields: { body: 'must be a JSON object' } }));
  }
  const result = await registerMember(fields as Record<string, unknown>, {
    clientIp: clientIpOf(context.request, () => context.clientAddress),
  });
  return result.ok ? Response.json(true, { status: 201 }) : errorResponse(result.error);
};

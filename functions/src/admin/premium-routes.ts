/**
 * PATCH /admin/members/{userId}/premium (administrators only): starts or ends an admin
 * grant of Premium (subscriptions/grants.ts), which sets `role.type` (docs/product.md#roles) through
 * the one place that does (subscriptions/premium-state.ts). Mounted at /admin.
 */
import { z } from '@hono/zod-openapi';
import { UserIdParamSchema } from '../members/schemas';
import { ADMINS, routesFor } from '../session/guards';
import { SESSION_MESSAGES } from '../session/messages';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { setGrant } from '../subscriptions/grants';
import { MEMBER_NOT_FOUND } from '../subscriptions/premium-state';

const route = routesFor(ADMINS);

const PremiumBodySchema = z.object({ premium: z.boolean().openapi({ description: 'true starts an admin grant of Premium, false ends it.' }) }).openapi('PremiumChange');

const PremiumStateSchema = z
  .object({
    userId: z.string(),
    premium: z.boolean().openapi({ description: 'Premium afterwards: ending a grant keeps Premium for a member with a paid subscription.' }),
    changed: z.boolean().openapi({ description: 'false when the member already had this state (no notification then).' }),
  })
  .openapi('PremiumState');

export const premiumRoutes = newRouter().openapi(
  route({
    method: 'patch',
    path: '/members/{userId}/premium',
    tags: ['Admin'],
    summary: "Start or end a member's Premium membership",
    description:
      "Starts or ends an admin grant of Premium, kept apart from paid subscriptions (a grant never bills or cancels anything). `role.type` becomes `premium` while a grant or a paid subscription lasts, `free` otherwise (which also clears a founder's premium flag). When the state changes the member gets an `account.premium` notification, live.",
    request: { params: UserIdParamSchema, ...jsonBody(PremiumBodySchema) },
    responses: {
      200: jsonResponse(PremiumStateSchema, 'The member’s Premium state.'),
      ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404], { 403: SESSION_MESSAGES.adminOnly, 404: MEMBER_NOT_FOUND }),
    },
  }),
  async (c) => c.json(await setGrant(c.get('deps'), c.req.valid('param').userId, c.req.valid('json').premium, c.get('account').user), 200),
);

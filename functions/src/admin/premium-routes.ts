/**
 * PATCH /admin/members/{userId}/premium (administrators only): starts or ends a member's
 * Premium membership (SPEC.md §6: `role.type`, and a founder's premium flag when it ends)
 * and tells the member with an `account.premium` notification. Mounted at /admin.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { UserIdParamSchema } from '../members/schemas';
import { founders, users } from '../db/schema';
import { runBatch } from '../db/batch';
import { requireAdmin, requireUser } from '../session/guards';
import { SESSION_MESSAGES } from '../session/messages';
import { newRouter } from '../http/context';
import { ApiError } from '../errors';
import { notifyPremiumChanged } from '../notifications/account';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { isPremium } from '../users/roles';

export const MEMBER_NOT_FOUND = 'Member not found.';

const PremiumBodySchema = z.object({ premium: z.boolean().openapi({ description: 'true starts Premium, false ends it.' }) }).openapi('PremiumChange');

const PremiumStateSchema = z
  .object({
    userId: z.string(),
    premium: z.boolean(),
    changed: z.boolean().openapi({ description: 'false when the member already had this state (no notification then).' }),
  })
  .openapi('PremiumState');

/**
 * Sets a member's Premium state: `role_type` premium or free; ending it also clears a
 * founder record's premium flag, so the member is free by every rule. Notifies the member
 * when the state changed. 404 for an unknown member.
 */
export async function setPremium(deps: Pick<Deps, 'db' | 'clock' | 'live'>, userId: string, premium: boolean) {
  const [before] = await deps.db
    .select({ roleType: users.roleType, founderPremium: founders.premium })
    .from(users)
    .leftJoin(founders, eq(founders.userId, users.id))
    .where(eq(users.id, userId));
  if (!before) throw new ApiError(404, MEMBER_NOT_FOUND);
  const was = isPremium({ role: { type: before.roleType }, founder: { premium: before.founderPremium } });
  const at = deps.clock.now().toISOString();
  await runBatch(deps.db, [
    deps.db
      .update(users)
      .set({ roleType: premium ? 'premium' : 'free', updatedAt: at })
      .where(eq(users.id, userId)),
    ...(premium ? [] : [deps.db.update(founders).set({ premium: false }).where(eq(founders.userId, userId))]),
  ]);
  const changed = was !== premium;
  if (changed) await notifyPremiumChanged(deps, userId, premium);
  return { userId, premium, changed };
}

export const premiumRoutes = newRouter().openapi(
  createRoute({
    method: 'patch',
    path: '/members/{userId}/premium',
    tags: ['Admin'],
    summary: "Start or end a member's Premium membership",
    description:
      "Sets `role.type` to `premium` or `free` (ending it also clears a founder's premium flag). When the state changes the member gets an `account.premium` notification, live.",
    security: [{ bearerAuth: [] }],
    middleware: [requireUser, requireAdmin] as const,
    request: { params: UserIdParamSchema, ...jsonBody(PremiumBodySchema) },
    responses: {
      200: jsonResponse(PremiumStateSchema, 'The member’s Premium state.'),
      ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404], { 403: SESSION_MESSAGES.adminOnly, 404: MEMBER_NOT_FOUND }),
    },
  }),
  async (c) => c.json(await setPremium(c.get('deps'), c.req.valid('param').userId, c.req.valid('json').premium), 200),
);

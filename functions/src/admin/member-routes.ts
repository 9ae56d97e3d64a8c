/**
 * The admin area's members and audit log (administrators only), mounted at /admin:
 * GET /members (search by name or email, paged), GET /members/{userId} (one member's state),
 * GET /admins (the administrators, for the audit log's filter) and GET /audit (the log,
 * newest first, filtered by admin, action and target, with names resolved: audit/named.ts). The log is read-only here: no route
 * changes or deletes an entry.
 */
import { z } from '@hono/zod-openapi';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../audit/audit';
import { listNamedAudit } from '../audit/named';
import { newRouter } from '../http/context';
import { IdSchema, pagedSchema, UserIdParamSchema, VerifiedBadgeSchema } from '../members/schemas';
import { badgeFor } from '../members/verified-badge';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { ADMINS, routesFor } from '../session/guards';
import { SESSION_MESSAGES } from '../session/messages';
import { MEMBER_NOT_FOUND } from '../subscriptions/premium-state';
import { listAdmins, memberDetail, searchMembers } from './members';

const route = routesFor(ADMINS);

const adminOnly = { 403: SESSION_MESSAGES.adminOnly };
const doc = { tags: ['Admin'] };

const AdminMemberSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    memberType: z.enum(['founder', 'advisor']),
    userRole: z.enum(['member', 'admin']),
    slug: z.string().nullable().openapi({ description: 'The public profile slug, when the member has a profile.' }),
    verified: z.boolean(),
    onboarded: z.boolean(),
    premium: z.boolean().openapi({ description: 'docs/product.md#roles: role.type premium or the founder premium flag.' }),
    createdAt: z.string(),
  })
  .openapi('AdminMember');

const AdminMemberDetailSchema = AdminMemberSchema.extend({
  suspension: z
    .object({ suspended: z.boolean(), suspendedAt: z.string().nullable(), until: z.string().nullable(), reason: z.string().nullable() })
    .openapi({ description: 'Suspended now, since when, until when (null: for good) and why.' }),
  deletion: z
    .object({ _id: z.string(), reason: z.string().nullable(), createdAt: z.string(), dueAt: z.string() })
    .nullable()
    .openapi({ description: 'A pending deletion request, or null.' }),
  grant: z
    .object({ grantedAt: z.string(), grantedBy: z.string().nullable().openapi({ description: 'The granting administrator, null once that account is gone.' }) })
    .nullable()
    .openapi({ description: 'An admin grant of Premium, or null.' }),
  subscription: z
    .object({
      status: z.string(),
      plan: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      paying: z.boolean().openapi({ description: 'Whether this status gives Premium.' }),
    })
    .nullable()
    .openapi({ description: 'The paid subscription that gives Premium, else the newest one, or null.' }),
  verified: VerifiedBadgeSchema.nullable().openapi({ description: 'The verified badge (verification/), null when none; POST …/verification/withdraw withdraws one way of it.' }),
}).openapi('AdminMemberDetail');

const integer = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback).openapi({ type: 'integer', minimum: min, maximum: max, default: fallback });

const MemberSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional().openapi({ description: 'Words of the name or email, all of which must match.' }),
  role: z.enum(['member', 'admin']).optional(),
  page: integer(1, 100_000, 1),
  limit: integer(1, 50, 20),
});

const AdminListSchema = z.object({ data: z.array(z.object({ _id: z.string(), name: z.string() })) }).openapi('AdminList');

const AuditMemberSchema = z
  .object({
    _id: z.string(),
    name: z.string().openapi({ description: 'The display name now.' }),
    memberType: z.enum(['founder', 'advisor']),
    slug: z.string().nullable().openapi({ description: 'The public profile slug, when the member has a profile.' }),
  })
  .nullable()
  .openapi('AuditMember', { description: 'A member an entry names; null once the account is deleted.' });

const AuditEntrySchema = z
  .object({
    _id: z.string(),
    adminId: z.string(),
    adminName: z.string().openapi({ description: 'The name when the entry was written: it outlives the account.' }),
    admin: AuditMemberSchema,
    action: z.enum(AUDIT_ACTIONS),
    targetType: z.enum(AUDIT_TARGET_TYPES),
    targetId: z.string(),
    target: z.object({
      member: AuditMemberSchema.openapi({
        description: 'The member the action concerns: the member themself, the author of the post, comment or message, or who asked for the deletion.',
      }),
      postSlug: z.string().nullable().openapi({ description: 'The post of a post or comment, while it exists.' }),
      groupName: z.string().nullable().openapi({ description: 'A group’s current name.' }),
    }),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AuditEntry');

const AuditPageSchema = z
  .object({
    data: z.array(AuditEntrySchema),
    next: z.string().nullable().openapi({ description: 'Pass as `before` for the next (older) page; null on the last page.' }),
  })
  .openapi('AuditPage');

/** `<createdAt>~<id>` of the last entry of a page: the next page starts after it. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)~([0-9a-f]{24})$/;

const AuditQuerySchema = z.object({
  admin: IdSchema.optional().openapi({ description: 'Only this administrator’s actions.' }),
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: z.string().trim().min(1).max(64).optional(),
  before: z.string().regex(CURSOR, 'must be the `next` of the previous page').optional(),
  limit: integer(1, 100, 25),
});

export const adminMemberRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/members',
      ...doc,
      summary: 'Search members by name or email',
      description: 'Administrators only. Newest first, paged; every word of `q` must match the email, the name or the advisor name.',
      request: { query: MemberSearchQuerySchema },
      responses: { 200: jsonResponse(pagedSchema(AdminMemberSchema, 'AdminMemberPage'), 'One page.'), ...errorResponses([400, 401, 403], adminOnly) },
    }),
    async (c) => c.json(await searchMembers(c.get('deps'), c.req.valid('query')), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/members/{userId}',
      ...doc,
      summary: "A member's state",
      description: 'Administrators only: verified, onboarded, Premium and how (an admin grant or a paid subscription), suspended, deletion pending.',
      request: { params: UserIdParamSchema },
      responses: { 200: jsonResponse(AdminMemberDetailSchema, 'The member.'), ...errorResponses([400, 401, 403, 404], { ...adminOnly, 404: MEMBER_NOT_FOUND }) },
    }),
    async (c) => {
      const userId = c.req.valid('param').userId;
      const detail = await memberDetail(c.get('deps'), userId);
      return c.json({ ...detail, verified: await badgeFor(c.get('deps'), userId) }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/admins',
      ...doc,
      summary: 'The administrators',
      description: 'Administrators only, by name: the audit log’s filter.',
      responses: { 200: jsonResponse(AdminListSchema, 'The administrators.'), ...errorResponses([401, 403], adminOnly) },
    }),
    async (c) => c.json({ data: await listAdmins(c.get('deps')) }, 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/audit',
      ...doc,
      summary: 'The admin audit log',
      description:
        'Administrators only. Every admin action (who, what, target, when, note), newest first, filtered by admin, action and target; page on with `before`. Entries cannot be changed or deleted: no route offers it, and the database refuses it.',
      request: { query: AuditQuerySchema },
      responses: { 200: jsonResponse(AuditPageSchema, 'One page.'), ...errorResponses([400, 401, 403], adminOnly) },
    }),
    async (c) => {
      const { admin, action, targetType, targetId, before, limit } = c.req.valid('query');
      const cursor = before ? CURSOR.exec(before) : null;
      const rows = await listNamedAudit(
        c.get('deps').db,
        { adminId: admin, action, targetType, targetId },
        limit + 1,
        cursor ? { createdAt: cursor[1]!, id: cursor[2]! } : undefined,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return c.json({ data: page, next: rows.length > limit && last ? `${last.createdAt}~${last._id}` : null }, 200);
    },
  );

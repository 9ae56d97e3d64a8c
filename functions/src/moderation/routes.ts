/**
 * The moderation routes (administrators only), mounted at /admin/moderation: the queue, the
 * actions on a reported thing (dismiss, remove) and on a member (warn, suspend, unsuspend, and
 * their suspension now).
 */
import type { Context } from 'hono';
import { newRouter, type AppEnv } from '../http/context';
import { IdParamSchema } from '../members/schemas';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { ADMINS, routesFor } from '../session/guards';
import { MODERATION_MESSAGES as M, type Target } from './decisions';
import { dismissReports, removeContent } from './item-actions';
import { memberSuspension, suspendMember, unsuspendMember, warnMember } from './member-actions';
import { listQueue } from './queue';
import {
  DecisionResultSchema,
  NoteBodySchema,
  QueuePageSchema,
  QueueQuerySchema,
  RemoveBodySchema,
  SuspendBodySchema,
  SuspensionSchema,
  TargetParamsSchema,
  WarnBodySchema,
} from './schemas';

const route = routesFor(ADMINS);

const refused = { 403: 'Only administrators can do this.' };
const conflict = 'Already handled: what happened first, by whom and when (`data.first`).';

/** The acting administrator, as the audit log and the decisions name them. */
const actor = (c: Context<AppEnv>) => {
  const { id, firstName, lastName } = c.get('account').user;
  return { id, firstName, lastName };
};

const itemOf = (item: { targetType: Target['type']; targetId: string } | null | undefined) => (item ? { type: item.targetType, id: item.targetId } : null);

export const moderationRoutes = newRouter()
  .openapi(
    route({
      tags: ['Moderation'],
      method: 'get',
      path: '/',
      summary: 'The moderation queue',
      description: 'Reports grouped by reported thing: open items oldest first, handled items latest decision first; each with its reports, content and member.',
      request: { query: QueueQuerySchema },
      responses: { 200: jsonResponse(QueuePageSchema, 'One page.'), ...errorResponses([400, 401, 403], refused) },
    }),
    async (c) => c.json(await listQueue(c.get('deps'), c.req.valid('query')), 200),
  )
  .openapi(
    route({
      tags: ['Moderation'],
      method: 'post',
      path: '/items/{targetType}/{targetId}/dismiss',
      summary: 'Dismiss every open report of a thing',
      request: { params: TargetParamsSchema, ...jsonBody(NoteBodySchema) },
      responses: { 200: jsonResponse(DecisionResultSchema, 'Dismissed.'), ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 409], { ...refused, 409: conflict }) },
    }),
    async (c) => {
      const { targetType, targetId } = c.req.valid('param');
      return c.json(await dismissReports(c.get('deps'), actor(c), { type: targetType, id: targetId }, c.req.valid('json')), 200);
    },
  )
  .openapi(
    route({
      tags: ['Moderation'],
      method: 'post',
      path: '/items/{targetType}/{targetId}/remove',
      summary: 'Remove a reported post or comment',
      description: 'Deletes it, closes its open reports and tells the author why. Posts and comments (or replies) only.',
      request: { params: TargetParamsSchema, ...jsonBody(RemoveBodySchema) },
      responses: {
        200: jsonResponse(DecisionResultSchema, 'Removed.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
          ...refused,
          400: `Invalid input, or not a post or comment (field \`targetType\`).`,
          404: M.gone,
          409: conflict,
        }),
      },
    }),
    async (c) => {
      const { targetType, targetId } = c.req.valid('param');
      return c.json(await removeContent({ ...c.get('deps'), media: c.env.MEDIA }, actor(c), { type: targetType, id: targetId }, c.req.valid('json')), 200);
    },
  )
  .openapi(
    route({
      tags: ['Moderation'],
      method: 'get',
      path: '/members/{id}/suspension',
      summary: "A member's suspension now",
      request: { params: IdParamSchema },
      responses: {
        200: jsonResponse(SuspensionSchema, 'The suspension (suspended false when there is none).'),
        ...errorResponses([400, 401, 403, 404], { ...refused, 404: M.notFound }),
      },
    }),
    async (c) => c.json(await memberSuspension(c.get('deps'), c.req.valid('param').id), 200),
  )
  .openapi(
    route({
      tags: ['Moderation'],
      method: 'post',
      path: '/members/{id}/warn',
      summary: 'Warn a member',
      description: 'The member gets a notice with the reason. With `item`, its open reports close too.',
      request: { params: IdParamSchema, ...jsonBody(WarnBodySchema) },
      responses: {
        200: jsonResponse(DecisionResultSchema.pick({ handled: true }).openapi('Warned'), 'Warned.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409], { ...refused, 404: M.notFound, 409: conflict }),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      await warnMember(c.get('deps'), actor(c), c.req.valid('param').id, { reason: body.reason, item: itemOf(body.item) });
      return c.json({ handled: true as const }, 200);
    },
  )
  .openapi(
    route({
      tags: ['Moderation'],
      method: 'post',
      path: '/members/{id}/suspend',
      summary: 'Suspend a member for a period or for good',
      description: 'Every session and live socket of the member ends at once; sign-in is refused with the reason and the end. With `item`, its open reports close too.',
      request: { params: IdParamSchema, ...jsonBody(SuspendBodySchema) },
      responses: {
        200: jsonResponse(SuspensionSchema, 'The suspension.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
          ...refused,
          400: 'Invalid input; yourself or an administrator (`id`); an end in the past (`until`).',
          404: M.notFound,
          409: conflict,
        }),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await suspendMember(c.get('deps'), actor(c), c.req.valid('param').id, { reason: body.reason, until: body.until, item: itemOf(body.item) }), 200);
    },
  )
  .openapi(
    route({
      tags: ['Moderation'],
      method: 'post',
      path: '/members/{id}/unsuspend',
      summary: "End a member's suspension",
      request: { params: IdParamSchema, ...jsonBody(NoteBodySchema) },
      responses: {
        200: jsonResponse(SuspensionSchema, 'Not suspended any more.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409], { ...refused, 404: M.notFound, 409: conflict }),
      },
    }),
    async (c) => c.json(await unsuspendMember(c.get('deps'), actor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

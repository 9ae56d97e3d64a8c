/**
 * Development only (mounted under /dev): fills one member's mailbox in bulk, for the scale
 * generator (bench/scale), which writes D1 directly and cannot reach a Durable Object's
 * storage from outside the worker. Each member of a conversation has their own copy, so the
 * generator imports a thread into both mailboxes, under the same thread and message ids.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { MESSAGE_BODY_MAX_LENGTH } from '../shared/inbox-limits';
import { IdSchema } from '../members/schemas';
import { JSON_BODY_ERRORS, errorResponses, jsonBody, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';

/** Rows per call: one transaction of the object. */
export const IMPORT_MAX_ROWS = 2000;

const ImportThreadSchema = z.object({
  id: IdSchema,
  other_id: IdSchema,
  created_at: z.string().datetime(),
});

const ImportMessageSchema = z.object({
  id: IdSchema,
  thread_id: IdSchema,
  author_id: IdSchema,
  to_id: IdSchema,
  body: z.string().max(MESSAGE_BODY_MAX_LENGTH),
  reply_to_id: IdSchema.nullable(),
  read: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string().datetime(),
});

const ImportBodySchema = z
  .object({
    userId: IdSchema.openapi({ description: 'The member whose mailbox is filled.' }),
    threads: z.array(ImportThreadSchema).max(IMPORT_MAX_ROWS),
    messages: z.array(ImportMessageSchema).max(IMPORT_MAX_ROWS),
  })
  // A mailbox holds its member's conversations only: each message is from or to them.
  .superRefine((body, ctx) => {
    body.messages.forEach((message, index) => {
      if (message.author_id === message.to_id || (message.author_id !== body.userId && message.to_id !== body.userId)) {
        ctx.addIssue({ code: 'custom', path: ['messages', index, 'to_id'], message: 'must be userId or the author, the other being the other member' });
      }
    });
  })
  .openapi('DevInboxImport');

/** Mounted at /dev/inbox (inside the development-only /dev router). */
export const devInboxRoutes = newRouter().openapi(
  createRoute({
    method: 'post',
    path: '/import',
    security: PUBLIC_SECURITY,
    summary: "Fill a member's mailbox in bulk (the scale generator)",
    tags: ['Development'],
    description: 'Development only (ENVIRONMENT=development); 404 elsewhere. A thread with the same other member, or a message whose id the mailbox holds already, is skipped.',
    request: jsonBody(ImportBodySchema),
    responses: {
      200: jsonResponse(z.object({ imported: z.number().int() }).openapi('DevInboxImported'), 'How many messages the call carried.'),
      ...errorResponses([...JSON_BODY_ERRORS, 404]),
    },
  }),
  async (c) => {
    const { userId, threads, messages } = c.req.valid('json');
    return c.json({ imported: await c.get('deps').inbox.of(userId).importRows({ threads, messages }) }, 200);
  },
);

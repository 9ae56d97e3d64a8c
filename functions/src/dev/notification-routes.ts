/**
 * Development only (mounted under /dev): fills one member's notifications object in bulk,
 * for the scale generator (bench/scale), which writes D1 directly and cannot reach a
 * Durable Object's storage from outside the worker.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { IdSchema } from '../members/schemas';
import { NOTIFICATION_KINDS } from '../notifications/schemas';
import { JSON_BODY_ERRORS, errorResponses, jsonBody, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';

/** Rows per call: one transaction of the object. */
export const IMPORT_MAX_ROWS = 2000;

const ImportRowSchema = z.object({
  id: IdSchema,
  sender_id: IdSchema.nullable(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().max(500),
  body: z.string().max(2000),
  link: z.string().max(500).nullable(),
  ref_id: z.string().max(64).nullable(),
  is_seen: z.union([z.literal(0), z.literal(1)]),
  event_id: z.string().max(200).nullable(),
  created_at: z.string().datetime(),
});

const ImportBodySchema = z
  .object({
    userId: IdSchema.openapi({ description: 'The receiver whose object is filled.' }),
    rows: z.array(ImportRowSchema).max(IMPORT_MAX_ROWS),
  })
  .openapi('DevNotificationImport');

/** Mounted at /dev/notifications (inside the development-only /dev router). */
export const devNotificationRoutes = newRouter().openapi(
  createRoute({
    method: 'post',
    path: '/import',
    security: PUBLIC_SECURITY,
    summary: "Fill a member's notifications object in bulk (the scale generator)",
    tags: ['Development'],
    description: 'Development only (ENVIRONMENT=development); 404 elsewhere. A row whose id the object holds already is skipped.',
    request: jsonBody(ImportBodySchema),
    responses: {
      200: jsonResponse(z.object({ imported: z.number().int() }).openapi('DevNotificationImported'), 'How many rows were new.'),
      ...errorResponses([...JSON_BODY_ERRORS, 404]),
    },
  }),
  async (c) => {
    const { userId, rows } = c.req.valid('json');
    return c.json({ imported: await c.get('deps').notifications.of(userId).importRows(rows) }, 200);
  },
);

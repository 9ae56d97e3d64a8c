/**
 * Development-only bulk load of profile views into the members' views objects (mounted under
 * /dev, so outside development it answers like an unknown route): the scale generator
 * (bench/scale) fills the objects of the members a benchmark signs in as, since the views
 * no longer sit in D1 where it writes directly.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { StoredProfileView } from '../ports/profile-views';
import { newRouter } from '../http/context';
import { JSON_BODY_ERRORS, errorResponses, jsonBody, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';

/** Rows per request at most (one object call per member named; about 50 KB, under the 64 KB body cap). */
const MAX_ROWS = 400;

const ImportRowSchema = z.object({
  userId: z.string().min(1).max(64).openapi({ description: 'The member whose object keeps the row.' }),
  side: z.enum(['viewers', 'viewed']).openapi({ description: 'viewers: `memberId` viewed them; viewed: they viewed `memberId`.' }),
  memberId: z.string().min(1).max(64),
  private: z.boolean(),
  viewedAt: z.iso.datetime().openapi({ description: 'The view (its UTC day is the row key with side and memberId).' }),
});

const ImportBodySchema = z.object({ rows: z.array(ImportRowSchema).min(1).max(MAX_ROWS) }).openapi('DevProfileViewsImport');

/** Mounted at /dev/profile-views (inside the development-only /dev router). */
export const devProfileViewRoutes = newRouter().openapi(
  createRoute({
    method: 'post',
    path: '/import',
    security: PUBLIC_SECURITY,
    summary: 'Load profile views straight into the members’ views objects',
    tags: ['Development'],
    description: 'Development only (ENVIRONMENT=development); 404 elsewhere. Upserts like a view: one row per member, side, other member and UTC day.',
    request: jsonBody(ImportBodySchema),
    responses: {
      200: jsonResponse(z.object({ imported: z.number().int(), members: z.number().int() }).openapi('DevProfileViewsImported'), 'Rows written, and objects reached.'),
      ...errorResponses([...JSON_BODY_ERRORS, 404]),
    },
  }),
  async (c) => {
    const stores = c.get('deps').profileViews;
    const byMember = new Map<string, StoredProfileView[]>();
    for (const row of c.req.valid('json').rows) {
      const rows = byMember.get(row.userId) ?? [];
      // Stored in toISOString's form, as recordView writes it, so times compare as text.
      const at = new Date(row.viewedAt).toISOString();
      rows.push({ side: row.side, member_id: row.memberId, day: at.slice(0, 10), private: row.private ? 1 : 0, viewed_at: at });
      byMember.set(row.userId, rows);
    }
    const counts = await Promise.all([...byMember].map(([userId, rows]) => stores.of(userId).importRows(rows)));
    return c.json({ imported: counts.reduce((sum, n) => sum + n, 0), members: byMember.size }, 200);
  },
);

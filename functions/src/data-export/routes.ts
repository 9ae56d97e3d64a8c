/**
 * The member's data download, mounted at /auth: `GET /auth/data-export` streams the zip of
 * everything FounderMesh holds about the signed-in member (archive.ts), at most once an
 * hour; `GET /auth/data-export/status` tells whether one may be made now, and when next.
 */
import { z } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { limitKey, RATE_LIMITS, enforceLimits } from '../rate-limit/policies';
import { MEMBERS, routesFor } from '../session/guards';
import { ApiError } from '../errors';
import { archiveName, memberArchive } from './archive';
import { linkedIdentities } from './identities';

const route = routesFor(MEMBERS);

const RULE = RATE_LIMITS.dataExportsByMember;

export const DataExportStatusSchema = z
  .object({
    available: z.boolean().openapi({ description: 'Whether a download may be made now.' }),
    retryAfter: z.number().int().openapi({ description: 'Seconds until the next download may be made; 0 when available.' }),
    nextAt: z.string().nullable().openapi({ description: 'ISO time the next download may be made; null when available.', example: '2026-11-25T21:14:00.000Z' }),
    intervalSeconds: z.number().int().openapi({ description: 'How often a download may be made.', example: 3600 }),
  })
  .openapi('DataExportStatus');

export const dataExportRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/data-export/status',
      tags: ['Auth'],
      summary: 'Whether you may download your data now',
      description: `A download may be made once every ${RULE.windowSeconds / 60} minutes; this tells when the next one is possible, without using it.`,
      responses: { 200: jsonResponse(DataExportStatusSchema, 'The state of the limit.'), ...errorResponses([401]) },
    }),
    async (c) => {
      const { limiter, clock } = c.get('deps');
      const { allowed, retryAfter } = await limiter.peek(limitKey('dataExportsByMember', c.get('account').user.id), RULE);
      const nextAt = allowed ? null : new Date(clock.now().getTime() + retryAfter * 1000).toISOString();
      return c.json({ available: allowed, retryAfter: allowed ? 0 : retryAfter, nextAt, intervalSeconds: RULE.windowSeconds }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/data-export',
      tags: ['Auth'],
      summary: 'Download your data',
      description:
        'A zip of everything FounderMesh holds about you, produced as it is sent: one JSON document per kind (profile, posts, comments, reactions, votes, connections, messages, notifications, profile views, sign-in methods, subscription), a README, and your own media files under `media/`. Only your own data: other members’ messages are counted, not included, and members who browse privately are never named. Once an hour: a further download answers 429 with `Retry-After`.',
      responses: {
        200: {
          description: 'The zip, as an attachment named `foundermesh-data-<date>.zip`.',
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errorResponses([401, 429], { 429: 'A download was made less than an hour ago; `Retry-After` says when the next is possible.' }),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const userId = c.get('account').user.id;
      await enforceLimits(deps.limiter, [['dataExportsByMember', userId]], 'data downloads');
      const key = limitKey('dataExportsByMember', userId);
      const archive = await memberArchive({ ...deps, media: c.env.MEDIA }, userId, await linkedIdentities(deps.db, userId), (error) => {
        console.error('data export failed while streaming', error);
        // The member got no usable file: the hour is given back.
        void deps.limiter.refund(key).catch(() => undefined);
      });
      if (!archive) throw new ApiError(401, 'Your account no longer exists.');
      return c.body(archive, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${archiveName(deps.clock.now())}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );

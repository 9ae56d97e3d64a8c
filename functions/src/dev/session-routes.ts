/**
 * Development-only: an office-hours session that has already ended (mounted under /dev, so
 * outside development it answers like an unknown route). The browser tests review a session
 * without waiting for one to pass; with `ask`, the cron's review request runs at once, so the
 * guest finds review.requested in their notifications as after a real session.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newId } from '../db/ids';
import { inArray } from 'drizzle-orm';
import { bookings, users } from '../db/schema';
import { ApiError } from '../errors';
import { newRouter } from '../http/context';
import { IdSchema } from '../members/schemas';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';
import { requestDueReviews } from '../reviews/requests';

const MINUTE = 60_000;

const EndedSessionSchema = z
  .object({
    hostId: IdSchema,
    guestId: IdSchema,
    topic: z.string().trim().min(1).max(80).default('Fundraising'),
    minutes: z.number().int().min(15).max(240).default(30).openapi({ description: 'Its length.' }),
    endedMinutesAgo: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 60)
      .default(5),
    ask: z.boolean().default(true).openapi({ description: 'Run the review request job at once.' }),
  })
  .openapi('DevEndedSession');

/** Mounted at /dev/sessions (inside the development-only /dev router). */
export const devSessionRoutes = newRouter().openapi(
  createRoute({
    method: 'post',
    path: '/ended',
    security: PUBLIC_SECURITY,
    summary: 'Make a confirmed office-hours session that has already ended',
    tags: ['Development'],
    description: 'Development only (ENVIRONMENT=development); 404 elsewhere.',
    request: jsonBody(EndedSessionSchema),
    responses: {
      201: jsonResponse(z.object({ id: z.string(), asked: z.number().int() }).openapi('DevEndedSessionMade'), 'The session, and how many guests were asked to review.'),
      ...errorResponses([...JSON_BODY_ERRORS, 404]),
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    if (input.hostId === input.guestId) throw new ApiError(400, 'guestId: must be another member');
    const found = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [input.hostId, input.guestId]));
    if (found.length < 2) throw new ApiError(404, found.some((row) => row.id === input.hostId) ? 'guestId: no such member' : 'hostId: no such member');
    const endsAt = deps.clock.now().getTime() - input.endedMinutesAgo * MINUTE;
    const startsAt = endsAt - input.minutes * MINUTE;
    const id = newId();
    const at = deps.clock.now().toISOString();
    await deps.db.insert(bookings).values({
      id,
      hostId: input.hostId,
      guestId: input.guestId,
      startsAt,
      endsAt,
      busyFrom: startsAt,
      busyUntil: endsAt,
      status: 'confirmed',
      topic: input.topic,
      agenda: '',
      guestTimeZone: 'UTC',
      createdAt: at,
      updatedAt: at,
    });
    return c.json({ id, asked: input.ask ? await requestDueReviews(deps) : 0 }, 201);
  },
);

/**
 * The calendar feed's routes, mounted at /office-hours beside routes.ts: whether you have a
 * feed, making (or replacing) it, revoking it, and the feed itself, which calendar apps fetch
 * with no session (the token in the path is the secret; calendar-feed.ts).
 */
import { z } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { limitPerMember } from '../http/rate-limit-guards';
import { ApiError } from '../errors';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor } from '../session/guards';
import { createFeed, feedOf, feedStatus, revokeFeed } from './calendar-feed';

export const FEED_NOT_FOUND = 'Calendar feed not found';

/** Calendar apps may keep a copy a few minutes; shared caches none (the URL is a secret). */
const FEED_CACHE_CONTROL = 'private, max-age=300';

const memberRoute = routesFor(MEMBERS);
const tags = ['Office hours'];
const tooMany = `At most ${RATE_LIMITS.calendarFeedChangesByMember.limit} feed changes an hour. \`Retry-After\` says when to try again.`;

const CalendarFeedStatusSchema = z
  .object({
    active: z.boolean().openapi({ description: 'Whether you have a calendar feed.' }),
    createdAt: z.string().nullable().openapi({ description: 'When its URL was made.' }),
  })
  .openapi('CalendarFeedStatus');

const CalendarFeedSchema = z
  .object({
    url: z.string().openapi({ description: 'The feed’s secret address, shown this once: paste it into your calendar app.' }),
    webcalUrl: z.string().openapi({ description: 'The same address as `webcal://`, which opens the calendar app to subscribe.' }),
    createdAt: z.string(),
  })
  .openapi('CalendarFeed');

const router = newRouter();

// Documented by hand: the path ends in `.ics` after its parameter, which Hono serves as one parameter named `token.ics`.
router.openAPIRegistry.registerPath({
  method: 'get',
  path: '/calendar/{token}.ics',
  security: PUBLIC_SECURITY,
  tags,
  summary: 'Your sessions as a calendar feed',
  description:
    'An iCalendar of the feed owner’s sessions, hosted and booked, for calendar apps to subscribe to: confirmed sessions from 30 days back, cancelled ones marked cancelled until their start. Event UIDs are those of the session invitations. No session needed: the token is the secret. An ETag answers a matching `If-None-Match` with 304.',
  request: { params: z.object({ token: z.string().openapi({ description: 'The secret token of the feed’s URL.', example: 'q7Vb0kX2m9cZr4yT1nH8sLw3pE6dA5uJgKfQoWiYtR0' }) }) },
  responses: {
    200: { description: 'The feed.', content: { 'text/calendar': { schema: z.string() } } },
    304: { description: 'The copy the calendar app has is current.' },
    ...errorResponses([404], { 404: `${FEED_NOT_FOUND}: the token is unknown or was revoked (the answer does not say which).` }),
  },
});

/** Mounted at /office-hours. */
export const calendarFeedRoutes = router
  .openapi(
    memberRoute({
      method: 'get',
      path: '/calendar-feed',
      tags,
      summary: 'Whether you have a calendar feed',
      description: 'The feed’s URL is shown only when it is made; this says whether one is active and since when.',
      responses: { 200: jsonResponse(CalendarFeedStatusSchema, 'Your calendar feed.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await feedStatus(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/calendar-feed',
      tags,
      summary: 'Make your calendar feed',
      description: 'Makes a secret calendar-feed URL of your sessions and answers it this once. Replaces any earlier feed: its URL stops working at once.',
      middleware: [limitPerMember('calendarFeedChangesByMember', 'calendar feed changes')] as const,
      responses: { 201: jsonResponse(CalendarFeedSchema, 'Your new feed.'), ...errorResponses([401, 429], { 429: tooMany }) },
    }),
    async (c) => c.json(await createFeed(c.get('deps'), c.get('account').user.id), 201),
  )
  .openapi(
    memberRoute({
      method: 'delete',
      path: '/calendar-feed',
      tags,
      summary: 'Revoke your calendar feed',
      description: 'Its URL stops working at once (404). Nothing to do when you have none.',
      middleware: [limitPerMember('calendarFeedChangesByMember', 'calendar feed changes')] as const,
      responses: { 200: jsonResponse(CalendarFeedStatusSchema, 'No feed now.'), ...errorResponses([401, 429], { 429: tooMany }) },
    }),
    async (c) => {
      const userId = c.get('account').user.id;
      await revokeFeed(c.get('deps'), userId);
      return c.json(await feedStatus(c.get('deps'), userId), 200);
    },
  )
  .get('/calendar/:token.ics', async (c) => {
    const name = c.req.param('token.ics');
    const feed = name.endsWith('.ics') ? await feedOf(c.get('deps'), name.slice(0, -'.ics'.length)) : null;
    if (!feed) throw new ApiError(404, FEED_NOT_FOUND);
    const headers = {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="foundermesh-sessions.ics"',
      'Cache-Control': FEED_CACHE_CONTROL,
      ETag: feed.etag,
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    };
    if (c.req.header('If-None-Match') === feed.etag) return c.body(null, 304, headers);
    return c.body(feed.text, 200, headers);
  });

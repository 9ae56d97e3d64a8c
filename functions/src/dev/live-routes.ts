/**
 * Development-only helpers of the live connection, for the protocol tests and the live
 * bench (mounted under /dev, so outside development they answer like unknown routes): send
 * one of the live events to one's own sockets, count them, or drop them all as a restart would.
 */
import { z } from '@hono/zod-openapi';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter, type AppEnv } from '../http/context';
import type { Context } from 'hono';
import type { LiveEventName, LiveEvents } from '../live/events';
import { JSON_BODY_ERRORS, errorResponses, jsonBody, jsonResponse } from '../openapi/responses';

const route = routesFor(MEMBERS);

const devLiveTag = {
  tags: ['Development'],
  description: "Development only (ENVIRONMENT=development); 404 elsewhere. Acts on the caller's own live connection.",
};

const EmitBodySchema = z
  .object({
    event: z.enum(['notification', 'thread', 'read', 'counts', 'billing', 'session']).openapi({ description: 'A live event name (functions/src/live/events.ts).' }),
    payload: z.record(z.string(), z.unknown()).openapi({ description: 'Sent as is: the caller vouches that it matches the event.' }),
  })
  .openapi('DevLiveEmitBody');

const liveOf = (c: Context<AppEnv>) => c.env.LIVE.get(c.env.LIVE.idFromName(c.get('account').user.id));

/** Mounted at /dev/live (inside the development-only /dev router). */
export const devLiveRoutes = newRouter()
  .openapi(
    route({
      method: 'post',
      path: '/emit',
      summary: 'Send a live event to your own sockets',
      ...devLiveTag,
      request: jsonBody(EmitBodySchema),
      responses: {
        200: jsonResponse(z.object({ sockets: z.number().int() }).openapi('DevLiveEmitted'), 'How many of your sockets (joined to "/") it reached.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404]),
      },
    }),
    async (c) => {
      const { event, payload } = c.req.valid('json');
      const sockets = await liveOf(c).emit(event as LiveEventName, payload as LiveEvents[LiveEventName]);
      return c.json({ sockets }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/sockets',
      summary: 'Count your open live sockets',
      ...devLiveTag,
      responses: {
        200: jsonResponse(z.object({ open: z.number().int(), connected: z.number().int() }).openapi('DevLiveSockets'), 'Open sockets, and how many joined "/".'),
        ...errorResponses([401, 404]),
      },
    }),
    async (c) => c.json(await liveOf(c).sockets(), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/drop',
      summary: 'Close all your live sockets, as a restart would',
      ...devLiveTag,
      responses: {
        200: jsonResponse(z.object({ dropped: z.number().int() }).openapi('DevLiveDropped'), 'How many sockets were closed; clients reconnect by themselves.'),
        ...errorResponses([401, 404]),
      },
    }),
    async (c) => c.json({ dropped: await liveOf(c).drop() }, 200),
  );

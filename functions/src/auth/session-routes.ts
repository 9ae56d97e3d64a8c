/**
 * The member's own sessions (ASVS 3.3.4), mounted at /auth: the list of live sessions with
 * their device and times, and signing one of them out. Only the caller's sessions are ever
 * read or ended; another member's session id answers the 404 of an unknown one.
 */
import { newRouter } from '../http/context';
import { IdParamSchema } from '../members/schemas';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { MEMBERS, routesFor } from '../session/guards';
import { AUTH_MESSAGES } from './messages';
import { SessionListSchema, SignedOutSchema } from './schemas';
import { endSession, listSessions } from './sign-out';

const route = routesFor(MEMBERS);

export const sessionRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/sessions',
      tags: ['Auth'],
      summary: 'Your sessions',
      description:
        'The live sessions of the signed-in member, the most recently used first: the device (from the User-Agent sent at sign-in), when each began and was last used, and which one is asking (`current`).',
      responses: {
        200: jsonResponse(SessionListSchema, 'The live sessions.'),
        ...errorResponses([401]),
      },
    }),
    async (c) => c.json({ sessions: await listSessions(c.get('deps'), c.get('account').user.id, c.get('session').id) }, 200),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/sessions/{id}',
      tags: ['Auth'],
      summary: 'Sign out one session',
      description: "Ends one of the member's sessions, typically another device's: its token is refused from now on and its live sockets are closed.",
      request: { params: IdParamSchema },
      responses: {
        200: jsonResponse(SignedOutSchema, 'That session is signed out.'),
        ...errorResponses([400, 401, 404], { 404: 'No such live session of yours (also for other members’ sessions).' }),
      },
    }),
    async (c) => {
      await endSession(c.get('deps'), c.get('account').user.id, c.req.valid('param').id);
      return c.json({ ok: true as const, message: AUTH_MESSAGES.signedOut }, 200);
    },
  );

/**
 * GET /socket.io/ (mounted at the root): the live connection's WebSocket upgrade, forwarded to the member's
 * Durable Object only when the caller's token belongs to the `userId` asked for. The app
 * worker (src/worker.ts) turns the `token` cookie into the Bearer token and refuses other
 * origins; this route answers socket.io's own 400s for a handshake it cannot serve, and tells
 * the object the caller's session, whose end or expiry closes the socket (upgrade.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { authenticate, bearerToken } from '../session/authenticate';
import { newRouter } from '../http/context';
import { ApiError, invalidFields } from '../errors';
import { errorResponses } from '../openapi/responses';
import { handshakeError } from './protocol';
import { withUpgradeSession } from './upgrade';
import { FLOOD_LIMITS } from '../rate-limit/policies';

/** The words of the live route. */
export const LIVE_MESSAGES = {
  otherMember: 'This live connection belongs to another member.',
} as const;

const LiveQuerySchema = z.object({
  EIO: z.string().optional().openapi({ description: 'Engine.IO protocol revision: `4`.', example: '4' }),
  transport: z.string().optional().openapi({ description: 'Only `websocket` is served.', example: 'websocket' }),
  sid: z.string().optional().openapi({ description: 'Never valid: a WebSocket session does not resume (400 `Session ID unknown`).' }),
  userId: z.string().optional().openapi({ description: 'The signed-in member; the token must belong to them.' }),
  connectionId: z.string().optional().openapi({ description: 'The thread the page has open (`personalInbox`), if any.' }),
});

const EngineErrorSchema = z
  .object({ code: z.number().int().openapi({ example: 0 }), message: z.string().openapi({ example: 'Transport unknown' }) })
  .openapi('EngineError', { description: "socket.io's own handshake error." });

/** Mounted at the root (the path keeps the trailing slash socket.io clients send). */
export const liveRoutes = newRouter().openapi(
  createRoute({
    method: 'get',
    path: '/socket.io/',
    tags: ['Live'],
    security: [{ bearerAuth: [] }],
    summary: 'Open the live connection (socket.io over WebSocket)',
    description: [
      "The member's live events over Engine.IO v4 / Socket.IO v5, WebSocket transport only: `GET /socket.io/?EIO=4&transport=websocket&userId=<id>[&connectionId=<thread id>]` with `Upgrade: websocket`.",
      'Frames: `0{"sid","upgrades":[],"pingInterval","pingTimeout","maxPayload"}` on open; `40` → `40{"sid"}` (other namespaces: `44/<nsp>,{"message":"Invalid namespace"}`);',
      'events `42["notification"|"thread"|"counts",payload]`; server pings `2`, answered `3`; a client that misses a pong for pingInterval + pingTimeout is closed.',
      'The socket is closed (code 4005) when its session ends (sign-out, sign-out everywhere, a password change or reset, a suspension, the account deleted) and at the latest one ping interval after its token expires;',
      'first it is told why, `42["session.ended",{"reason":"signed_out"|"signed_out_everywhere"|"password_changed"|"suspended"|"expired"|"account_deleted"}]`, then `41`, so socket.io-client does not retry a handshake that would answer 401.',
      `A member holds at most ${FLOOD_LIMITS.liveSocketsPerMember} sockets: a newer one is accepted and the oldest is sent \`41\` (the namespace ends, so socket.io-client does not reconnect by itself) and closed with code 4006.`,
      "Client event `thread` `{ connectionId }` (with an ack) tells which thread the page has open. Browsers connect through the app's origin, whose worker turns the `token` cookie into the Bearer token.",
    ].join(' '),
    request: { query: LiveQuerySchema },
    responses: {
      101: { description: "Switching Protocols: the WebSocket of the member's live connection." },
      ...errorResponses([401], { 401: `No token, an expired one, or one of another member (${LIVE_MESSAGES.otherMember}); no socket is opened.` }),
      400: {
        description:
          "socket.io's handshake errors (`Transport unknown`, `Session ID unknown`, `Bad request` without an upgrade, `Unsupported protocol version`); or `userId` missing.",
        content: { 'application/json': { schema: z.union([EngineErrorSchema, z.object({ message: z.string(), status: z.number(), data: z.unknown() })]) } },
      },
    },
  }),
  async (c) => {
    const query = c.req.valid('query');
    const engineError = handshakeError(query, c.req.header('Upgrade') ?? null);
    if (engineError) return c.json(engineError, 400);
    if (!query.userId) throw invalidFields({ userId: 'is required' });
    const { account, session } = await authenticate(c.get('deps'), bearerToken(c.req.header('Authorization')));
    if (account.user.id !== query.userId) throw new ApiError(401, LIVE_MESSAGES.otherMember);
    const live = c.env.LIVE;
    const upgrade = withUpgradeSession(c.req.raw, { sessionId: session.id, expiresAt: session.expiresAt * 1000 });
    return live.get(live.idFromName(account.user.id)).fetch(upgrade);
  },
);

/**
 * GET /socket.io/: the live connection's WebSocket upgrade, forwarded to the member's
 * Durable Object only when the caller's token belongs to the `userId` asked for.
 */
import { newRouter } from '../http/context';

export const liveRoutes = newRouter();

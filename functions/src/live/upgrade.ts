/**
 * What the /socket.io/ route tells a member's object about an upgrade it has authenticated:
 * the session the token belongs to and when the token expires, so that the object closes
 * the socket when that session ends or the token runs out. They travel in headers the
 * route sets itself (a caller's own headers of these names are replaced), and only the
 * API worker reaches the object.
 */

const SESSION_HEADER = 'X-Live-Session';
const EXPIRES_HEADER = 'X-Live-Expires';

/** The session of an authenticated upgrade: its id and the token's expiry (epoch milliseconds). */
export type UpgradeSession = { sessionId: string; expiresAt: number };

/** The upgrade request to forward to the member's object, carrying the caller's session. */
export function withUpgradeSession(request: Request, session: UpgradeSession): Request {
  const headers = new Headers(request.headers);
  headers.set(SESSION_HEADER, session.sessionId);
  headers.set(EXPIRES_HEADER, String(session.expiresAt));
  return new Request(request, { headers });
}

/** The session the route put on a forwarded upgrade, or null when it is missing or garbled. */
export function upgradeSessionOf(request: Request): UpgradeSession | null {
  const sessionId = request.headers.get(SESSION_HEADER);
  const expiresAt = Number(request.headers.get(EXPIRES_HEADER));
  return sessionId && Number.isSafeInteger(expiresAt) && expiresAt > 0 ? { sessionId, expiresAt } : null;
}

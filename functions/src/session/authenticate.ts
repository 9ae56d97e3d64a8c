/**
 * Who is calling: a Bearer token becomes the signed-in account and its session, or a 401
 * that says whether a token was missing or no longer good.
 */
import type { Deps } from '../deps';
import type { SessionEndedReason } from '../ports/live';
import { ApiError } from '../errors';
import { findAccountWith } from '../users/repository';
import { assertNotSuspended, suspensionOf } from '../users/suspension';
import type { Account } from '../users/wire';
import { SESSION_MESSAGES } from './messages';
import { ENDED_REASON_OF_STORED } from './end-reasons';
import { LAST_SEEN_RESOLUTION_MS, liveSessionOfUserRow, storedEndReason, touchSession } from './sessions';
import { readToken } from './token';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** A signed-in caller: the account, and the session its token belongs to with the token's expiry (seconds). */
export type Caller = { account: Account; session: { id: string; expiresAt: number } };

/**
 * The caller a token belongs to. Refused (401): no token; a bad signature, garbled or
 * expired token; a user that is gone; a token_version that a password change, reset or
 * "sign out everywhere" has since moved past; a session that was ended or has expired; or a
 * suspended member (with the suspension's words). A token of the member whose session is
 * over says why in `data.reason` (end-reasons.ts), so that the app's tab can tell them.
 */
export async function authenticate(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string | null): Promise<Caller> {
  if (!token) throw new ApiError(401, SESSION_MESSAGES.authenticationRequired);
  const claims = await readToken(token, deps.config.jwtSecret, deps.clock);
  // The account and its live session in one query: one D1 round trip for every signed-in request.
  const found = claims ? await findAccountWith(deps.db, claims.sub, liveSessionOfUserRow(deps.clock, claims.sid)) : null;
  const live = found?.extra ? (JSON.parse(found.extra) as { lastSeenAt: string | null }) : null;
  const account: Account | null = found && { user: found.user, founder: found.founder, advisor: found.advisor };
  if (!claims || !account) throw new ApiError(401, SESSION_MESSAGES.sessionExpired);
  if (!live || account.user.tokenVersion !== claims.ver) {
    // Suspending ends every session: the member's tabs hear of the suspension rather than of a
    // sign-out, but an ended session's token learns no more than that (not the date, not the words).
    const reason = suspensionOf(account.user, deps.clock.now()).suspended ? 'suspended' : await whySessionEnded(deps, claims.sub, claims.sid);
    throw new ApiError(401, SESSION_MESSAGES.sessionExpired, { reason });
  }
  // A live session of a suspended member (none should outlive the suspension) is refused with its words.
  assertNotSuspended(account.user, deps.clock.now(), 401);
  // The sessions list shows when each was last used; written once every few minutes at most.
  const seen = live.lastSeenAt ? Date.parse(live.lastSeenAt) : 0;
  if (deps.clock.now().getTime() - seen >= LAST_SEEN_RESOLUTION_MS) await touchSession(deps.db, deps.clock, claims.sid);
  return { account, session: { id: claims.sid, expiresAt: claims.exp } };
}

/** Why the member's session `sessionId` is no longer live: how it was ended, else its token ran out. */
async function whySessionEnded(deps: Pick<Deps, 'db'>, userId: string, sessionId: string): Promise<SessionEndedReason> {
  const stored = await storedEndReason(deps.db, userId, sessionId);
  return stored ? ENDED_REASON_OF_STORED[stored] : 'expired';
}

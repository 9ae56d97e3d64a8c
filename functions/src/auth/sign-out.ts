/**
 * Signing out on the server: the session's row ends, so its token (and any copy of it) is
 * refused from then on (ASVS 3.3.1), and the member's live sockets of that session close.
 * "Sign out everywhere" ends every session and also bumps token_version, so no token signed
 * before is good even where a session row were missed.
 */
import { eq, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError, invalidFields } from '../errors';
import { enforceLimits } from '../rate-limit/policies';
import { endSessions, listLiveSessions } from '../session/sessions';
import { describeDevice } from '../session/device';
import type { Account } from '../users/wire';
import { endLiveSessions } from '../notifications/deliver';

/** Ends the caller's session (this device). */
export async function signOut(deps: Deps, userId: string, sessionId: string): Promise<void> {
  await runBatch(deps.db, [endSessions(deps.db, deps.clock, userId, { only: sessionId }, 'signed-out')]);
  await endLiveSessions(deps, userId, { only: sessionId }, 'signed_out');
}

/**
 * Ends every session of the member, on every device, this one included, once the member has
 * given their password again (ASVS 3.3.4). The password checks share the password change's
 * limit per member, since each costs a hash.
 */
export async function signOutEverywhere(deps: Deps, account: Account, password: string): Promise<void> {
  const userId = account.user.id;
  await enforceLimits(deps.limiter, [['changePasswordByUser', userId]]);
  if (!(await deps.passwords.verify(password, account.user.passwordHash))) throw invalidFields({ password: 'is incorrect' });
  await runBatch(deps.db, [
    endSessions(deps.db, deps.clock, userId, { allBut: null }, 'signed-out-everywhere'),
    deps.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId)),
  ]);
  await endLiveSessions(deps, userId, { allBut: null }, 'signed_out_everywhere');
}

/** The member's live sessions for their list, newest use first, the caller's marked `current`. */
export async function listSessions(deps: Pick<Deps, 'db' | 'clock'>, userId: string, currentId: string) {
  const rows = await listLiveSessions(deps.db, deps.clock, userId);
  return rows.map((row) => ({ _id: row.id, device: describeDevice(row.userAgent), createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, current: row.id === currentId }));
}

/**
 * Ends one of the member's sessions (another device's, or this one) and closes its sockets.
 * A session that is not the member's, or no longer live, is a 404: ids of other members'
 * sessions are never confirmed.
 */
export async function endSession(deps: Deps, userId: string, sessionId: string): Promise<void> {
  const live = await listLiveSessions(deps.db, deps.clock, userId);
  if (!live.some((row) => row.id === sessionId)) throw new ApiError(404, 'No such session.');
  await signOut(deps, userId, sessionId);
}

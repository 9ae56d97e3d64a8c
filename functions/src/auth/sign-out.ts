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
import { endSessions } from '../session/sessions';

/** Ends the caller's session (this device). */
export async function signOut(deps: Deps, userId: string, sessionId: string): Promise<void> {
  await runBatch(deps.db, [endSessions(deps.db, deps.clock, userId, { only: sessionId }, 'signed-out')]);
  await deps.live.closeSessions(userId, { only: sessionId });
}

/** Ends every session of the member, on every device, this one included. */
export async function signOutEverywhere(deps: Deps, userId: string): Promise<void> {
  await runBatch(deps.db, [
    endSessions(deps.db, deps.clock, userId, { allBut: null }, 'signed-out-everywhere'),
    deps.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId)),
  ]);
  await deps.live.closeSessions(userId, { allBut: null });
}

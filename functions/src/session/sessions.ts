/**
 * Server-side sessions (migration 0008): every token names its row (claim `sid`) and is
 * good only while that row is neither ended nor expired, so signing out ends a copied token
 * at once instead of after its 7 days (ASVS 3.3.1). The writes answer statements rather than
 * running them, so that ending sessions joins the change that causes it (a password change)
 * in one D1 batch (db/batch.ts).
 */
import { and, desc, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { BatchStatement } from '../db/batch';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type sessionEndReasons, sessions, users } from '../db/schema';
import type { SessionScope } from '../ports/live';
import { type TokenTerm, tokenTerm } from './token';

export type SessionEndReason = (typeof sessionEndReasons)[number];

const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The most of a User-Agent header a session keeps. */
export const USER_AGENT_MAX = 512;
/** How stale `last_seen_at` may get before a request writes it again. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/**
 * A new session of `userId`: the term of its first token and the statements that store it.
 * They also prune the member's sessions whose last token has expired (nothing reads them
 * again), so the table stays as small as the live sessions.
 */
export function openSession(db: Db, clock: Clock, userId: string, userAgent?: string | null): { term: TokenTerm; statements: BatchStatement[] } {
  const term = tokenTerm(newId(), clock);
  const now = clock.now().toISOString();
  return {
    term,
    statements: [
      db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now))),
      db
        .insert(sessions)
        .values({ id: term.sid, userId, createdAt: now, expiresAt: isoOfSeconds(term.exp), userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null, lastSeenAt: now }),
    ],
  };
}

/** Opens a session of `userId` on its own (from the browser `userAgent` names); the term of its first token. */
export async function startSession(db: Db, clock: Clock, userId: string, userAgent?: string | null): Promise<TokenTerm> {
  const { term, statements } = openSession(db, clock, userId, userAgent);
  await runBatch(db, statements);
  return term;
}

/** A fresh 7-day term for a live session (its token is re-signed after a password change), and the statement that stores it. */
export function renewSession(db: Db, clock: Clock, sessionId: string): { term: TokenTerm; statement: BatchStatement } {
  const term = tokenTerm(sessionId, clock);
  return {
    term,
    statement: db
      .update(sessions)
      .set({ expiresAt: isoOfSeconds(term.exp) })
      .where(eq(sessions.id, sessionId)),
  };
}

/** Ends the member's live sessions in `scope` (one of them, or all but one or none), saying why. */
export function endSessions(db: Db, clock: Clock, userId: string, scope: SessionScope, reason: SessionEndReason): BatchStatement {
  const which = 'only' in scope ? eq(sessions.id, scope.only) : scope.allBut ? ne(sessions.id, scope.allBut) : undefined;
  return db
    .update(sessions)
    .set({ endedAt: clock.now().toISOString(), endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), which));
}

/** How the member's session was ended (null when it was not, or is unknown). */
export async function storedEndReason(db: Db, userId: string, sessionId: string): Promise<SessionEndReason | null> {
  const [row] = await db
    .select({ endReason: sessions.endReason })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row?.endReason ?? null;
}

/** The condition of a member's live sessions: not ended and not expired. */
const liveSessionsOf = (clock: Clock, userId: string) => and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, clock.now().toISOString()));

/**
 * The session a token names when it is still live (it exists, belongs to the token's user,
 * is not ended and not expired), as a value of a query over the users row (the user): a
 * JSON object with when it was last used, or NULL when it is not live. authenticate reads
 * it in the account's own query (users/repository.ts findAccountWith).
 */
export function liveSessionOfUserRow(clock: Clock, sessionId: string): SQL<string | null> {
  return sql<string | null>`(SELECT json_object('lastSeenAt', s.last_seen_at) FROM sessions s
    WHERE s.id = ${sessionId} AND s.user_id = ${users.id} AND s.ended_at IS NULL AND s.expires_at > ${clock.now().toISOString()})`;
}

/** Records that a session was used now, unless that was recorded less than LAST_SEEN_RESOLUTION_MS ago. */
export async function touchSession(db: Db, clock: Clock, sessionId: string): Promise<void> {
  const now = clock.now();
  const stale = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString();
  await db
    .update(sessions)
    .set({ lastSeenAt: now.toISOString() })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, stale))));
}

/** One of a member's live sessions as their list shows it. */
export type SessionRow = { id: string; userAgent: string | null; createdAt: string; lastSeenAt: string | null };

/** The member's live sessions, the most recently used first. */
export function listLiveSessions(db: Db, clock: Clock, userId: string): Promise<SessionRow[]> {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(liveSessionsOf(clock, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

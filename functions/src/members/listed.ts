/**
 * Who may be shown to others: a member whose account deletion is pending (or approved and not
 * yet carried out), or who is suspended
 * (until the suspension ends), is out of every list of people (search, suggestions, matching,
 * mentions, the sitemap) and their public page is gone for visitors; withdrawing the request,
 * or the suspension's end, brings it all back. Every query that
 * lists members uses this module, so the rule lives in one place.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Deps } from '../deps';

/**
 * The user ids kept out of lists: members whose deletion request is pending, or approved and
 * not yet erased (an erasure that failed is retried; meanwhile they stay out): a few rows,
 * read once through deletion_requests_status_created.
 */
export const UNLISTED_IDS: SQL = sql`(SELECT user_id FROM deletion_requests WHERE status IN ('pending', 'approved'))`;

/**
 * True (in SQL) when the user in `userId` is suspended right now: one probe of the users key
 * (an ISO end compares as text with SQLite's clock written the same way).
 */
export function isSuspendedNow(userId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM users sx WHERE sx.id = ${userId} AND ${suspendedNow('sx')})`;
}

/** The users row named `alias` is suspended right now (users_suspended indexes the few ever suspended). */
export function suspendedNow(alias: string): SQL {
  const u = sql.raw(alias);
  return sql`(${u}.suspended_at IS NOT NULL AND (${u}.suspended_until IS NULL OR ${u}.suspended_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`;
}

/**
 * The user ids suspended right now, read once through the users_suspended index of the few
 * ever suspended: for a query that checks many members, a list kept in memory rather than
 * a users probe per member.
 */
export const SUSPENDED_IDS: SQL = sql`(SELECT sx.id FROM users sx INDEXED BY users_suspended WHERE ${suspendedNow('sx')})`;

/**
 * True (in SQL) when the user id in `userId` (a column, or SQL naming one such as
 * `sql.raw('u.id')`) may be listed: the unlisted ids read once, and one probe of the users key
 * per row.
 */
export function isListed(userId: SQLWrapper): SQL {
  return sql`(${userId} NOT IN ${UNLISTED_IDS} AND NOT ${isSuspendedNow(userId)})`;
}

/** Whether one member may be shown to others (their public profile page). */
export async function isListedMember(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  const [row] = await deps.db.all<{ listed: number }>(sql`SELECT ${isListed(sql`${userId}`)} AS listed`);
  return row?.listed === 1;
}

/**
 * Who is blocked by whom: the checks every feature calls (connections, messages, mentions,
 * posts, comments, search, profiles). A block hides each member from the other whoever of
 * the two blocked, so each check asks "either way". Blocking and unblocking themselves are
 * connections/blocking.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';

/** One member of a pair: a bound user id, or a column of the enclosing query (sql`p.author_user_id`). */
type MemberRef = SQL | string;

/** The rows of `blocks bw` that stand between `a` and `b`, whoever blocked. */
function blockRowsBetween(a: MemberRef, b: MemberRef): SQL {
  return sql`(bw.blocker_id = ${a} AND bw.blocked_id = ${b}) OR (bw.blocker_id = ${b} AND bw.blocked_id = ${a})`;
}

/**
 * The condition "a block stands between `a` and `b`, whoever blocked", for WHERE clauses
 * (`NOT ${blockedEitherWay(…)}`) inside one statement. Both orders probe the primary key.
 */
export function blockedEitherWay(a: MemberRef, b: MemberRef): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bw WHERE ${blockRowsBetween(a, b)})`;
}

/**
 * The ids of the members with a block either way with `userId`, as a parenthesized
 * subquery for lists that leave them out inside one statement:
 * `… NOT IN ${blockedWith(id)}` or `FROM ${blockedWith(id)} b` (column `blocked_id`).
 */
export function blockedWith(userId: string): SQL {
  return sql`(SELECT blocked_id FROM blocks WHERE blocker_id = ${userId} UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ${userId})`;
}

/** The ids blockedWith names, read once (for checks in code rather than in SQL). */
export async function blockedIds(deps: Pick<Deps, 'db'>, userId: string): Promise<Set<string>> {
  const rows = await deps.db.all<{ id: string }>(sql`SELECT blocked_id AS id FROM ${blockedWith(userId)}`);
  return new Set(rows.map((row) => row.id));
}

/** Who blocked whom between the viewer and another member. */
export async function blockBetween(deps: Pick<Deps, 'db'>, viewerId: string, otherId: string): Promise<{ viewerBlocked: boolean; theyBlocked: boolean }> {
  const rows = await deps.db.all<{ blocker_id: string }>(sql`SELECT bw.blocker_id FROM blocks bw WHERE ${blockRowsBetween(viewerId, otherId)}`);
  return { viewerBlocked: rows.some((row) => row.blocker_id === viewerId), theyBlocked: rows.some((row) => row.blocker_id === otherId) };
}

/** True when either member blocked the other. */
export async function isBlockedBetween(deps: Pick<Deps, 'db'>, a: string, b: string): Promise<boolean> {
  const { viewerBlocked, theyBlocked } = await blockBetween(deps, a, b);
  return viewerBlocked || theyBlocked;
}

/**
 * Blocking. A block ends any connection or request between the two members, and from
 * then on neither can ask the other; to the blocked member the blocker looks like no
 * member at all. `blockedIds` and `isBlockedBetween` are the checks the other features
 * (messages, mentions, posts, search, profiles) call.
 */
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import { blocks, connections } from '../db/schema';
import { ApiError, invalidFields } from '../http/errors';
import { findMemberCard, MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from './cards';
import { CONNECTION_MESSAGES as M } from './messages';
import { offsetOf, pageOf } from './paging';
import { pairKey } from './repository';
import type { BlockedMember, PageRequest, Paged } from './schemas';

/** Every member on the other side of a block with `userId`, whichever of the two blocked. */
/**
 * The ids of the members with a block either way with `userId` (blockedIds' rule) as a
 * parenthesized subquery, for lists that leave them out inside one statement:
 * `… NOT IN ${blockedWith(id)}` or `FROM ${blockedWith(id)} b` (column `blocked_id`).
 */
export function blockedWith(userId: string): SQL {
  return sql`(SELECT blocked_id FROM blocks WHERE blocker_id = ${userId} UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ${userId})`;
}

export async function blockedIds(deps: Pick<Deps, 'db'>, userId: string): Promise<Set<string>> {
  const rows = await deps.db.all<{ id: string }>(sql`
    SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${userId}
    UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${userId}`);
  return new Set(rows.map((row) => row.id));
}

/** Who blocked whom between the viewer and another member. */
export async function blockBetween(deps: Pick<Deps, 'db'>, viewerId: string, otherId: string): Promise<{ viewerBlocked: boolean; theyBlocked: boolean }> {
  const rows = await deps.db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)), and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId))),
    );
  return { viewerBlocked: rows.some((row) => row.blockerId === viewerId), theyBlocked: rows.some((row) => row.blockerId === otherId) };
}

/** True when either member blocked the other. */
export async function isBlockedBetween(deps: Pick<Deps, 'db'>, a: string, b: string): Promise<boolean> {
  const { viewerBlocked, theyBlocked } = await blockBetween(deps, a, b);
  return viewerBlocked || theyBlocked;
}

async function assertOtherMember(deps: Pick<Deps, 'db'>, viewerId: string, userId: string): Promise<void> {
  if (userId === viewerId) throw invalidFields({ userId: M.yourself });
  if (!(await findMemberCard(deps, userId))) throw new ApiError(404, M.memberNotFound);
}

/**
 * Blocks a member (again: no change) and, in the same transaction, ends whatever is open
 * between them: a connection becomes `removed`, a request `withdrawn`. Blocking someone
 * who blocked you is allowed and tells you nothing about their block.
 */
export async function blockMember(deps: Pick<Deps, 'db' | 'clock'>, viewerId: string, userId: string): Promise<{ blocked: true }> {
  await assertOtherMember(deps, viewerId, userId);
  const at = deps.clock.now().toISOString();
  await deps.db.batch([
    deps.db.insert(blocks).values({ blockerId: viewerId, blockedId: userId, createdAt: at }).onConflictDoNothing(),
    deps.db
      .update(connections)
      .set({ status: sql`CASE WHEN ${connections.status} = 'accepted' THEN 'removed' ELSE 'withdrawn' END`, updatedAt: at })
      .where(and(eq(connections.pairKey, pairKey(viewerId, userId)), sql`${connections.status} IN ('pending', 'accepted', 'ignored')`)),
  ]);
  return { blocked: true };
}

/**
 * Lifts the viewer's block (none: no change). A member who is gone, or who blocked the
 * viewer while the viewer had no block on them, answers 404 like anyone unknown.
 */
export async function unblockMember(deps: Pick<Deps, 'db'>, viewerId: string, userId: string): Promise<{ blocked: false }> {
  if (userId === viewerId) throw invalidFields({ userId: M.yourself });
  const removed = await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, userId)))
    .returning({ blockedId: blocks.blockedId });
  if (removed.length === 0) {
    const exists = await findMemberCard(deps, userId);
    if (!exists || (await blockBetween(deps, viewerId, userId)).theyBlocked) throw new ApiError(404, M.memberNotFound);
  }
  return { blocked: false };
}

/** The members the viewer blocked, newest block first. */
export async function listBlocks(deps: Pick<Deps, 'db'>, viewerId: string, request: PageRequest): Promise<Paged<BlockedMember>> {
  const [rows, [total]] = await Promise.all([
    deps.db.all<MemberCardRow & { blocked_at: string }>(sql`
      SELECT b.created_at AS blocked_at, ${MEMBER_CARD_COLUMNS}
      FROM blocks b JOIN users u ON u.id = b.blocked_id ${MEMBER_CARD_JOINS}
      WHERE b.blocker_id = ${viewerId}
      ORDER BY b.created_at DESC, b.rowid DESC LIMIT ${request.limit} OFFSET ${offsetOf(request)}`),
    deps.db.select({ value: count() }).from(blocks).where(eq(blocks.blockerId, viewerId)),
  ]);
  const data = rows.map((row) => ({ member: toMemberCard(row), createdAt: row.blocked_at }));
  return pageOf(data, total!.value, request);
}

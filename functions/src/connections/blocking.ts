/**
 * Blocking. A block ends any connection or request between the two members, and from
 * then on neither can ask the other; to the blocked member the blocker looks like no
 * member at all. The checks the other features call are ../members/blocks.ts.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import { offsetOf, pageOf, type PageRequest, type Paged } from '../db/paging';
import { blocks, connections } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import { blockBetween } from '../members/blocks';
import { findMemberCard, MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { type ConnectionLiveEvents, sendRequestCounts } from './live-events';
import { CONNECTION_MESSAGES as M } from './messages';
import { pairKey } from './repository';
import type { BlockedMember } from './schemas';

async function assertOtherMember(deps: Pick<Deps, 'db'>, viewerId: string, userId: string): Promise<void> {
  if (userId === viewerId) throw invalidFields({ userId: M.yourself });
  if (!(await findMemberCard(deps, userId))) throw new ApiError(404, M.memberNotFound);
}

/**
 * Blocks a member (again: no change) and, in the same transaction, ends whatever is open
 * between them: a connection becomes `removed`, a request `withdrawn`. Blocking someone
 * who blocked you is allowed and tells you nothing about their block.
 */
export async function blockMember(deps: Pick<Deps, 'db' | 'clock'> & Emits<ConnectionLiveEvents>, viewerId: string, userId: string): Promise<{ blocked: true }> {
  await assertOtherMember(deps, viewerId, userId);
  const at = deps.clock.now().toISOString();
  await deps.db.batch([
    deps.db.insert(blocks).values({ blockerId: viewerId, blockedId: userId, createdAt: at }).onConflictDoNothing(),
    deps.db
      .update(connections)
      .set({ status: sql`CASE WHEN ${connections.status} = 'accepted' THEN 'removed' ELSE 'withdrawn' END`, updatedAt: at })
      .where(and(eq(connections.pairKey, pairKey(viewerId, userId)), sql`${connections.status} IN ('pending', 'accepted', 'ignored')`)),
  ]);
  // A request between them, either way, is withdrawn: both badges may drop.
  await sendRequestCounts(deps, viewerId, userId);
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

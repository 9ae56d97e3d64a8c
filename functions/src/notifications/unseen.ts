/**
 * What of a member's notifications they see: senders gone or blocked either way are left out
 * when reading and counting (the badge); D1 says who they are, asked at read time.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { UnseenBySender } from '../ports/notifications';
import { blockedWith } from '../members/blocks';

/**
 * Of `senderIds`, the members who still exist and have no block either way with `userId`
 * (one D1 query; an empty list asks nothing).
 */
export async function visibleSenders(deps: Pick<Deps, 'db'>, userId: string, senderIds: readonly string[]): Promise<Set<string>> {
  if (senderIds.length === 0) return new Set();
  const rows = await deps.db.all<{ id: string }>(sql`
    SELECT id FROM users WHERE id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(senderIds)])})) AND id NOT IN ${blockedWith(userId)}`);
  return new Set(rows.map((row) => row.id));
}

/** The badge from the object's unseen counts by sender: senders gone or blocked either way are not counted. */
export async function visibleUnseen(deps: Pick<Deps, 'db'>, userId: string, unseen: UnseenBySender): Promise<number> {
  const visible = await visibleSenders(
    deps,
    userId,
    unseen.flatMap((group) => (group.senderId ? [group.senderId] : [])),
  );
  return unseen.reduce((sum, group) => sum + (group.senderId === null || visible.has(group.senderId) ? group.n : 0), 0);
}

/** How many notifications a member has not seen (senders gone or blocked either way left out). */
export async function unseenNotificationCount(deps: Pick<Deps, 'db' | 'notifications'>, userId: string): Promise<number> {
  return visibleUnseen(deps, userId, await deps.notifications.of(userId).unseenBySender());
}

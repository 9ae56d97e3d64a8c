/**
 * Feed groups: the list every member sees (archived groups left out) and the rule of who
 * may post where (a group's audience: everyone, founders or advisors). The administrators'
 * changes are in group-admin.ts.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../deps';
import { feedGroups } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import type { MemberType } from '../users/schemas';
import { FEED_MESSAGES as M } from './messages';
import type { FeedGroup } from './schemas';

export type GroupRow = typeof feedGroups.$inferSelect;

export const toGroup = (row: GroupRow): FeedGroup => ({ key: row.key, name: row.name, description: row.description, audience: row.audience, position: row.position });

/** Every group that is not archived, in display order. */
export async function listGroups(deps: Pick<Deps, 'db'>): Promise<FeedGroup[]> {
  const rows = await deps.db.select().from(feedGroups).where(isNull(feedGroups.archivedAt)).orderBy(asc(feedGroups.position), asc(feedGroups.key));
  return rows.map(toGroup);
}

/** Checks that a member may post in a group: 400 for an unknown or archived key, 403 outside its audience. */
export async function assertCanPostIn(deps: Pick<Deps, 'db'>, memberType: MemberType, key: string): Promise<void> {
  const [group] = await deps.db
    .select()
    .from(feedGroups)
    .where(and(eq(feedGroups.key, key), isNull(feedGroups.archivedAt)))
    .limit(1);
  if (!group) throw invalidFields({ group: 'must be one of the feed groups (GET /feed/groups)' });
  if (group.audience !== 'all' && group.audience !== memberType) throw new ApiError(403, M.groupAudience(group.audience));
}

export type GroupInput = { key: string; name: string; description?: string | null; audience: FeedGroup['audience']; position: number };

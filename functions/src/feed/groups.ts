/**
 * Feed groups: the list every member sees, the administrators' changes, and the rule of
 * who may post where (a group's audience: everyone, founders or advisors).
 */
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { feedGroups, feedPosts } from '../db/schema';
import { ApiError, fieldError, invalidFields } from '../errors';
import type { MemberType } from '../users/schemas';
import { FEED_MESSAGES as M } from './messages';
import type { FeedGroup } from './schemas';

type GroupRow = typeof feedGroups.$inferSelect;

const toGroup = (row: GroupRow): FeedGroup => ({ key: row.key, name: row.name, description: row.description, audience: row.audience, position: row.position });

/** Every group, in display order. */
export async function listGroups(deps: Pick<Deps, 'db'>): Promise<FeedGroup[]> {
  const rows = await deps.db.select().from(feedGroups).orderBy(asc(feedGroups.position), asc(feedGroups.key));
  return rows.map(toGroup);
}

/** Checks that a member may post in a group: 400 for an unknown key, 403 outside its audience. */
export async function assertCanPostIn(deps: Pick<Deps, 'db'>, memberType: MemberType, key: string): Promise<void> {
  const [group] = await deps.db.select().from(feedGroups).where(eq(feedGroups.key, key)).limit(1);
  if (!group) throw invalidFields({ group: 'must be one of the feed groups (GET /feed/groups)' });
  if (group.audience !== 'all' && group.audience !== memberType) throw new ApiError(403, M.groupAudience(group.audience));
}

export type GroupInput = { key: string; name: string; description?: string | null; audience: FeedGroup['audience']; position: number };

/** Adds a group (admins); 409 when the key is taken. */
export async function createGroup(deps: Pick<Deps, 'db' | 'clock'>, input: GroupInput): Promise<FeedGroup> {
  const [row] = await deps.db
    .insert(feedGroups)
    .values({ ...input, description: input.description ?? null, createdAt: deps.clock.now().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fieldError(409, M.groupExists, { key: M.groupExists });
  return toGroup(row);
}

/** Changes a group's name, description, audience or position (admins); 404 when unknown. */
export async function updateGroup(deps: Pick<Deps, 'db'>, key: string, patch: Partial<Omit<GroupInput, 'key'>>): Promise<FeedGroup> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const [row] =
    Object.keys(changes).length > 0
      ? await deps.db.update(feedGroups).set(changes).where(eq(feedGroups.key, key)).returning()
      : await deps.db.select().from(feedGroups).where(eq(feedGroups.key, key));
  if (!row) throw new ApiError(404, M.groupNotFound);
  return toGroup(row);
}

/** Deletes a group (admins); its posts stay, in no group. 404 when unknown. */
export async function deleteGroup(deps: Pick<Deps, 'db'>, key: string): Promise<{ deleted: true }> {
  const [, removed] = await deps.db.batch([
    deps.db.update(feedPosts).set({ groupName: null }).where(eq(feedPosts.groupName, key)),
    deps.db.delete(feedGroups).where(eq(feedGroups.key, key)).returning({ key: feedGroups.key }),
  ]);
  if (removed.length === 0) throw new ApiError(404, M.groupNotFound);
  return { deleted: true };
}

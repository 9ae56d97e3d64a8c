/**
 * The administrators' changes to feed groups: add, rename (name, description, audience),
 * reorder and archive. Every change and its admin audit entry (group.*) go in one D1 batch,
 * so the log never misses a change nor records one that did not happen. Groups are archived,
 * never deleted: their posts and pins stay.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type AuditActor, auditEntry, auditEntryIfChanged } from '../audit/audit';
import type { BatchStatement } from '../db/batch';
import { runBatch } from '../db/batch';
import type { Deps } from '../deps';
import { feedGroups } from '../db/schema';
import { ApiError, fieldError, invalidFields } from '../errors';
import { type GroupInput, type GroupRow, toGroup } from './groups';
import { FEED_MESSAGES as M } from './messages';
import type { FeedGroup } from './schemas';

export const GROUP_ADMIN_MESSAGES = {
  alreadyArchived: 'This group was already archived.',
  notArchived: 'This group is not archived.',
  unknownKeys: (keys: string[]) => `must name existing groups only (unknown: ${keys.join(', ')})`,
  duplicateKeys: 'must name each group once',
} as const;

/** A group as administrators see it: with when it was archived and how many posts it pins. */
export type AdminFeedGroup = FeedGroup & { archivedAt: string | null; pinnedCount: number };

type AdminDeps = Pick<Deps, 'db' | 'clock'>;

/** Every group, archived ones too, in display order, with the number of pinned posts in each. */
export async function listGroupsForAdmin(deps: Pick<Deps, 'db'>): Promise<AdminFeedGroup[]> {
  const rows = await deps.db
    .select({
      group: feedGroups,
      pinnedCount: sql<number>`(SELECT count(*) FROM feed_posts p WHERE p.group_name = ${feedGroups.key} AND p.is_pinned = 1)`,
    })
    .from(feedGroups)
    .orderBy(asc(feedGroups.position), asc(feedGroups.key));
  return rows.map(({ group, pinnedCount }) => toAdminGroup(group, Number(pinnedCount)));
}

const toAdminGroup = (row: GroupRow, pinnedCount = 0): AdminFeedGroup => ({ ...toGroup(row), archivedAt: row.archivedAt, pinnedCount });

async function groupRow(deps: Pick<Deps, 'db'>, key: string): Promise<GroupRow> {
  const [row] = await deps.db.select().from(feedGroups).where(eq(feedGroups.key, key));
  if (!row) throw new ApiError(404, M.groupNotFound);
  return row;
}

/** Adds a group; 409 naming `key` when the key is taken. Audited as group.create. */
export async function createGroup(deps: AdminDeps, admin: AuditActor, input: GroupInput): Promise<FeedGroup> {
  const [inserted] = await runBatch<GroupRow>(deps.db, [
    deps.db
      .insert(feedGroups)
      .values({ ...input, description: input.description ?? null, createdAt: deps.clock.now().toISOString() })
      .onConflictDoNothing(),
    auditEntryIfChanged(deps.clock, { admin, action: 'group.create', target: { type: 'group', id: input.key }, note: input.name }),
  ]);
  if (!inserted?.meta.changes) throw fieldError(409, M.groupExists, { key: M.groupExists });
  return toGroup(await groupRow(deps, input.key));
}

export type GroupPatch = Partial<Omit<GroupInput, 'key'>> & { archived?: boolean | undefined };

/**
 * Changes a group: name, description or audience (group.rename), position (group.reorder),
 * archived or back (group.archive). 404 for an unknown key; archiving an archived group (or
 * restoring one that is not) is a 409 and changes nothing else.
 */
export async function updateGroup(deps: AdminDeps, admin: AuditActor, key: string, patch: GroupPatch): Promise<AdminFeedGroup> {
  const before = await groupRow(deps, key);
  const target = { type: 'group', id: key } as const;
  if (patch.archived !== undefined) {
    // The condition makes two administrators archiving at once leave one change and one entry.
    const [change] = await runBatch(deps.db, [
      deps.db
        .update(feedGroups)
        .set({ archivedAt: patch.archived ? deps.clock.now().toISOString() : null })
        .where(and(eq(feedGroups.key, key), patch.archived ? isNull(feedGroups.archivedAt) : isNotNull(feedGroups.archivedAt))),
      auditEntryIfChanged(deps.clock, { admin, action: 'group.archive', target, note: patch.archived ? 'archived' : 'restored' }),
    ]);
    if (!change?.meta.changes) throw new ApiError(409, patch.archived ? GROUP_ADMIN_MESSAGES.alreadyArchived : GROUP_ADMIN_MESSAGES.notArchived);
  }
  const renamed = {
    ...(patch.name !== undefined && patch.name !== before.name ? { name: patch.name } : {}),
    ...(patch.description !== undefined && (patch.description ?? null) !== before.description ? { description: patch.description ?? null } : {}),
    ...(patch.audience !== undefined && patch.audience !== before.audience ? { audience: patch.audience } : {}),
  };
  const statements: BatchStatement[] = [];
  if (Object.keys(renamed).length > 0) {
    statements.push(
      deps.db.update(feedGroups).set(renamed).where(eq(feedGroups.key, key)),
      auditEntry(deps.db, deps.clock, { admin, action: 'group.rename', target, note: renamed.name ?? before.name }),
    );
  }
  if (patch.position !== undefined && patch.position !== before.position) {
    statements.push(
      deps.db.update(feedGroups).set({ position: patch.position }).where(eq(feedGroups.key, key)),
      auditEntry(deps.db, deps.clock, { admin, action: 'group.reorder', target, note: `position ${patch.position}` }),
    );
  }
  if (statements.length > 0) await runBatch(deps.db, statements);
  return toAdminGroup(await groupRow(deps, key));
}

/**
 * Puts the groups in the order of `keys` (positions 0, 1, 2, … in steps of ten); groups not
 * named keep their position. Only the groups whose position changed are written, each with
 * its group.reorder entry, in one batch. 400 naming `keys` for an unknown or repeated key.
 */
export async function reorderGroups(deps: AdminDeps, admin: AuditActor, keys: string[]): Promise<AdminFeedGroup[]> {
  if (new Set(keys).size !== keys.length) throw invalidFields({ keys: GROUP_ADMIN_MESSAGES.duplicateKeys });
  const known = new Map((await deps.db.select({ key: feedGroups.key, position: feedGroups.position }).from(feedGroups)).map((row) => [row.key, row.position]));
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0) throw invalidFields({ keys: GROUP_ADMIN_MESSAGES.unknownKeys(unknown) });
  const statements = keys.flatMap((key, index) => {
    const position = index * 10;
    if (known.get(key) === position) return [];
    return [
      deps.db
        .update(feedGroups)
        .set({ position })
        .where(and(eq(feedGroups.key, key), sql`${feedGroups.position} <> ${position}`)),
      auditEntryIfChanged(deps.clock, { admin, action: 'group.reorder', target: { type: 'group', id: key }, note: `position ${position}` }),
    ];
  });
  if (statements.length > 0) await runBatch(deps.db, statements);
  return listGroupsForAdmin(deps);
}

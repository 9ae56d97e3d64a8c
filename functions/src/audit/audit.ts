/**
 * The admin audit log: one entry per administrator action, written as a statement of the
 * action's own D1 batch (`auditEntry` returns it; the caller puts it in the batch beside the
 * change), so an action and its entry land together or not at all. Entries are append-only:
 * migration 0016's triggers refuse UPDATE and DELETE, and nothing in the product offers either.
 */
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { BatchStatement } from '../db/batch';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { adminAudit } from '../db/schema';

/** Every action an administrator can take, as the log names it. */
export const AUDIT_ACTIONS = [
  'deletion.approve',
  'deletion.reject',
  'report.dismiss',
  'post.remove',
  'comment.remove',
  'review.remove',
  'member.warn',
  'member.suspend',
  'member.unsuspend',
  'premium.grant',
  'premium.end',
  'group.create',
  'group.rename',
  'group.reorder',
  'group.archive',
  'post.pin',
  'post.unpin',
  'verification.withdraw',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was taken on. */
export const AUDIT_TARGET_TYPES = ['member', 'post', 'comment', 'message', 'review', 'report', 'deletion-request', 'group'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The administrator acting, as the entry keeps them (the name is copied so the entry outlives the account). */
export type AuditActor = { id: string; firstName: string; lastName: string };

export type AuditInput = {
  admin: AuditActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  note?: string | null;
};

/** The row of one entry, as both writers below store it. */
function entryOf(clock: Clock, input: AuditInput): typeof adminAudit.$inferInsert {
  return {
    id: newId(),
    adminId: input.admin.id,
    adminName: `${input.admin.firstName} ${input.admin.lastName}`.trim(),
    action: input.action,
    targetType: input.target.type,
    targetId: input.target.id,
    note: input.note?.trim() || null,
    createdAt: clock.now().toISOString(),
  };
}

/** The statement that records one action; put it in the same batch as the action. */
export function auditEntry(db: Db, clock: Clock, input: AuditInput): BatchStatement {
  return db.insert(adminAudit).values(entryOf(clock, input));
}

/**
 * The same entry, written only when the statement just before it in the batch changed a row
 * (SQLite's `changes()`): an action that turned out to be no change (a grant already there, a
 * pin already set) leaves no entry, and two administrators racing leave exactly one.
 */
export function auditEntryIfChanged(clock: Clock, input: AuditInput): BatchStatement {
  const entry = entryOf(clock, input);
  return sql`INSERT INTO admin_audit (id, admin_id, admin_name, action, target_type, target_id, note, created_at)
    SELECT ${entry.id}, ${entry.adminId}, ${entry.adminName}, ${entry.action}, ${entry.targetType}, ${entry.targetId}, ${entry.note}, ${entry.createdAt}
    WHERE changes() > 0`;
}

export type AuditFilter = { adminId?: string; action?: AuditAction; targetType?: AuditTargetType; targetId?: string };

export type AuditRow = typeof adminAudit.$inferSelect;

/**
 * Entries newest first, filtered, `limit` at a time; `before` is the last entry of the previous
 * page (its createdAt and id), so pages stay stable while new entries arrive.
 */
export async function listAudit(db: Db, filter: AuditFilter, limit: number, before?: AuditCursor): Promise<AuditRow[]> {
  return db.select().from(adminAudit).where(auditConditions(filter, before)).orderBy(desc(adminAudit.createdAt), desc(adminAudit.id)).limit(limit);
}

/** The last entry of the previous page: the next page starts after it. */
export type AuditCursor = { createdAt: string; id: string };

/** The WHERE of a filtered page of entries (admin_audit's columns, qualified by the table's name). */
export function auditConditions(filter: AuditFilter, before?: AuditCursor): SQL | undefined {
  return and(
    filter.adminId ? eq(adminAudit.adminId, filter.adminId) : undefined,
    filter.action ? eq(adminAudit.action, filter.action) : undefined,
    filter.targetType ? eq(adminAudit.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(adminAudit.targetId, filter.targetId) : undefined,
    before ? or(lt(adminAudit.createdAt, before.createdAt), and(eq(adminAudit.createdAt, before.createdAt), lt(adminAudit.id, before.id))) : undefined,
  );
}

/**
 * Account deletion requests: a member asks (at most one pending), reads the latest, and
 * withdraws it while it is pending; administrators list them and approve (the deletion runs,
 * erase.ts) or reject with a note the member reads. Every change is one conditional UPDATE
 * (`WHERE status = 'pending'`), so a withdrawal and an admin's decision, or two admins, racing
 * leave one consistent result and the loser is told what happened first (409).
 */
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { auditEntryIfChanged } from '../audit/audit';
import { runBatch } from '../db/batch';
import { newId } from '../db/ids';
import { offsetOf, type Paged, pageOf } from '../db/paging';
import { deletionRequests, type DeletionRequestRow, users } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { deletionRejectedMail, deletionRequestedMail, deletionWithdrawnMail } from '../mail/deletion-mails';
import { memberCards } from '../members/cards';
import type { Account } from '../users/wire';
import { eraseMember, type EraseDeps } from './erase';
import type { AdminDeletionDecision, AdminDeletionQuery, AdminDeletionRequest, DeletionRequest } from './schemas';
import { sendMail } from '../notifications/deliver';

/** A request nobody handled is carried out this long after it was made. */
export const DELETION_GRACE_DAYS = 30;
const DAY_MS = 86_400_000;
const STALLED_AFTER_MS = 15 * 60_000;

export const DELETION_MESSAGES = {
  alreadyPending: 'A deletion request is already pending.',
  noRequest: 'There is no deletion request.',
  notPending: (status: string) => `The deletion request is already ${status}.`,
  requestNotFound: 'Deletion request not found.',
  handledFirst: (status: string, by: string | null, at: string | null) => `The request was already ${status}${by ? ` by ${by}` : ''}${at ? ` at ${at}` : ''}.`,
} as const;

/** The member's settings page, where the request can be read and withdrawn. */
const settingsUrl = (deps: Pick<Deps, 'config'>) => `${deps.config.appUrl}/settings/account`;

/** A row as the member reads it. */
export function toDeletionRequest(row: DeletionRequestRow): DeletionRequest {
  return {
    _id: row.id,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
    dueAt: row.dueAt,
    handledAt: row.handledAt,
    adminNote: row.adminNote,
    completedAt: row.completedAt,
  };
}

async function latestOf(deps: Pick<Deps, 'db'>, userId: string): Promise<DeletionRequestRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.userId, userId))
    .orderBy(desc(deletionRequests.createdAt), desc(deletionRequests.id))
    .limit(1);
  return row;
}

/** The member's latest request (any state), or null. */
export async function myDeletionRequest(deps: Pick<Deps, 'db'>, userId: string): Promise<DeletionRequest | null> {
  const row = await latestOf(deps, userId);
  return row ? toDeletionRequest(row) : null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message.includes('UNIQUE constraint failed')) return true;
  }
  return false;
}

/**
 * Files the member's request, due in 30 days; from now on their profile is out of every list
 * (members/listed.ts). 409 when one is already pending. Mails the member the date.
 */
export async function askDeletion(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>, account: Account, reason: string | null | undefined): Promise<DeletionRequest> {
  const now = deps.clock.now();
  const row: DeletionRequestRow = {
    id: newId(),
    userId: account.user.id,
    reason: reason?.trim() || null,
    status: 'pending',
    createdAt: now.toISOString(),
    dueAt: new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS).toISOString(),
    handledBy: null,
    handledByName: null,
    handledAt: null,
    adminNote: null,
    completedAt: null,
  };
  try {
    await deps.db.insert(deletionRequests).values(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, DELETION_MESSAGES.alreadyPending);
    throw error;
  }
  await sendMail(deps, deletionRequestedMail(account.user.email, account.user.firstName, row.dueAt, settingsUrl(deps)));
  return toDeletionRequest(row);
}

/** Withdraws the member's pending request: their profile is listed again. 404 without any, 409 when it is no longer pending. */
export async function withdrawDeletion(deps: Pick<Deps, 'db' | 'clock' | 'mailer'>, account: Account): Promise<DeletionRequest> {
  const [row] = await deps.db
    .update(deletionRequests)
    .set({ status: 'withdrawn', handledAt: deps.clock.now().toISOString() })
    .where(and(eq(deletionRequests.userId, account.user.id), eq(deletionRequests.status, 'pending')))
    .returning();
  if (!row) {
    const latest = await latestOf(deps, account.user.id);
    if (!latest) throw new ApiError(404, DELETION_MESSAGES.noRequest);
    throw new ApiError(409, DELETION_MESSAGES.notPending(latest.status), { request: toDeletionRequest(latest) });
  }
  await sendMail(deps, deletionWithdrawnMail(account.user.email, account.user.firstName));
  return toDeletionRequest(row);
}

/** Rows with the admin's view: the member's card and email (while the account exists), age, who handled it. */
async function toAdminRequests(deps: Pick<Deps, 'db' | 'clock'>, rows: DeletionRequestRow[]): Promise<AdminDeletionRequest[]> {
  const ids = [...new Set(rows.map((row) => row.userId))];
  const cards = await memberCards(deps, ids);
  const emails = ids.length
    ? await deps.db.all<{ id: string; email: string }>(sql`SELECT id, email FROM users WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
    : [];
  const emailOf = new Map(emails.map((row) => [row.id, row.email]));
  const now = deps.clock.now().getTime();
  return rows.map((row) => ({
    ...toDeletionRequest(row),
    member: cards.get(row.userId) ?? null,
    // A completed request points at the anonymous stand-in, whose address is no one's.
    email: row.status === 'completed' ? null : (emailOf.get(row.userId) ?? null),
    ageDays: Math.max(0, Math.floor((now - Date.parse(row.createdAt)) / DAY_MS)),
    handledBy: row.handledByName ? { _id: row.handledBy, name: row.handledByName } : null,
  }));
}

/** One page of requests in a state: pending oldest first (the next to run on top), the others newest first. */
export async function listDeletionRequests(deps: Pick<Deps, 'db' | 'clock'>, { status, ...page }: AdminDeletionQuery): Promise<Paged<AdminDeletionRequest>> {
  const where: SQL | undefined = status === 'all' ? undefined : eq(deletionRequests.status, status);
  const order = status === 'pending' ? [asc(deletionRequests.createdAt), asc(deletionRequests.id)] : [desc(deletionRequests.createdAt), desc(deletionRequests.id)];
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(deletionRequests)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(offsetOf(page)),
    deps.db.select({ value: count() }).from(deletionRequests).where(where),
  ]);
  return pageOf(await toAdminRequests(deps, rows), total!.value, page);
}

async function findRequest(deps: Pick<Deps, 'db'>, id: string): Promise<DeletionRequestRow | undefined> {
  const [row] = await deps.db.select().from(deletionRequests).where(eq(deletionRequests.id, id)).limit(1);
  return row;
}

/** 409 naming what happened first (or 404 when there is no such request). */
async function handledFirst(deps: Pick<Deps, 'db' | 'clock'>, id: string): Promise<never> {
  const row = await findRequest(deps, id);
  if (!row) throw new ApiError(404, DELETION_MESSAGES.requestNotFound);
  const by = row.status === 'withdrawn' ? 'the member' : row.handledByName;
  const [request] = await toAdminRequests(deps, [row]);
  throw new ApiError(409, DELETION_MESSAGES.handledFirst(row.status, by, row.handledAt), { request });
}

/**
 * An administrator's decision on a pending request. The UPDATE only takes a pending row, and
 * the audit entry rides in its batch only when it did (auditEntryIfChanged): of two admins
 * acting at once one wins and the other gets 409. Approving runs the deletion right away;
 * rejecting mails the member the note.
 */
export async function decideDeletion(deps: EraseDeps, admin: Account['user'], decision: AdminDeletionDecision): Promise<AdminDeletionRequest> {
  const now = deps.clock.now().toISOString();
  const name = `${admin.firstName} ${admin.lastName}`.trim();
  const note = decision.note?.trim() || null;
  const [update] = await runBatch<DeletionRequestRow>(deps.db, [
    sql`UPDATE deletion_requests SET status = ${decision.action === 'approve' ? 'approved' : 'rejected'}, handled_by = ${admin.id}, handled_by_name = ${name},
        handled_at = ${now}, admin_note = ${note} WHERE id = ${decision.id} AND status = 'pending'`,
    auditEntryIfChanged(deps.clock, {
      admin,
      action: decision.action === 'approve' ? 'deletion.approve' : 'deletion.reject',
      target: { type: 'deletion-request', id: decision.id },
      note,
    }),
  ]);
  if (update!.meta.changes !== 1) await handledFirst(deps, decision.id);
  const row = (await findRequest(deps, decision.id))!;
  if (decision.action === 'approve') {
    await eraseMember(deps, row);
  } else {
    const [member] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (member) await sendMail(deps, deletionRejectedMail(member.email, member.firstName, note ?? '', settingsUrl(deps)));
  }
  const [answer] = await toAdminRequests(deps, [(await findRequest(deps, decision.id))!]);
  return answer!;
}

/**
 * The scheduled run: carries out every request pending for 30 days (and any approved one
 * whose deletion was cut short), one at a time. Answers how many accounts were deleted.
 */
export async function runDueDeletions(deps: EraseDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  // An approved request older than a few minutes is one whose deletion was cut short (not one an admin is running right now).
  const stalled = new Date(deps.clock.now().getTime() - STALLED_AFTER_MS).toISOString();
  const due = await deps.db.all<{ id: string }>(
    sql`SELECT id FROM deletion_requests WHERE (status = 'pending' AND due_at <= ${now}) OR (status = 'approved' AND handled_at <= ${stalled}) ORDER BY due_at LIMIT 50`,
  );
  let done = 0;
  for (const { id } of due) {
    // Takes the request only if it is still pending (a member may withdraw at this very moment).
    await deps.db.run(sql`UPDATE deletion_requests SET status = 'approved', handled_at = ${now} WHERE id = ${id} AND status = 'pending'`);
    const row = await findRequest(deps, id);
    if (row?.status !== 'approved') continue;
    try {
      await eraseMember(deps, row);
      done += 1;
    } catch (error) {
      console.error(`deletion of request ${id} failed; the next run retries it`, error);
    }
  }
  return done;
}

/**
 * What an administrator does to a member: warn (the member gets a notice), suspend for a
 * period or for good (every session and live socket ends at once, sign-in is refused with the
 * reason and the end date, the member is mailed), and unsuspend. From the queue, the action
 * also closes every open report of the item it came from. Each writes its audit entry in its
 * own batch, and each is one decision: a second admin acting on the same state gets a 409.
 */
import { eq, sql } from 'drizzle-orm';
import { auditEntry, type AuditActor } from '../audit/audit';
import type { BatchStatement } from '../db/batch';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError, invalidFields } from '../errors';
import { endSessions } from '../session/sessions';
import { isAdmin } from '../shared/roles';
import { formatUntil, type Suspension, suspendedSql, suspensionOf } from '../users/suspension';
import {
  closeReportsStatement,
  conflictOf,
  decisionStatement,
  hasOpenReports,
  latestDecision,
  MODERATION_MESSAGES as M,
  newDecision,
  noticeStatements,
  runDecision,
  sendNotice,
  type Target,
} from './decisions';
import { suspensionMail } from './mails';
import { memberBehind } from './targets';
import { sendMail, endLiveSessions } from '../notifications/deliver';

/** Where a member action came from: the queue item whose open reports it closes, or none. */
export type FromItem = { item?: Target | null };

async function memberToAct(deps: Pick<Deps, 'db' | 'inbox'>, admin: AuditActor, memberId: string, item: Target | null | undefined) {
  if (memberId === admin.id) throw invalidFields({ id: M.yourself });
  const [user] = await deps.db.select().from(users).where(eq(users.id, memberId)).limit(1);
  if (!user) throw new ApiError(404, M.notFound);
  if (item) {
    const behind = await memberBehind(deps, item);
    if (behind !== memberId) throw invalidFields({ item: 'is not by this member' });
  }
  return user;
}

/** The precondition of an action from a queue item: its reports are still open. */
const itemOpen = (item: Target | null | undefined) => (item ? hasOpenReports(item) : sql`1`);

/** Statements closing the item's reports, when the action came from one. */
const closeItem = (item: Target | null | undefined, id: string, at: string): BatchStatement[] => (item ? [closeReportsStatement(item, id, at)] : []);

/** The 409 of a member action that came second. */
async function memberConflict(deps: Pick<Deps, 'db'>, memberId: string, item: Target | null | undefined, fallback: string) {
  return conflictOf(item ? await latestDecision(deps, { target: item }) : await latestDecision(deps, { memberId }), fallback);
}

/** Warns a member: a notice with the reason. */
export async function warnMember(deps: Deps, admin: AuditActor, memberId: string, input: { reason: string } & FromItem): Promise<{ warned: true }> {
  await memberToAct(deps, admin, memberId, input.item);
  const { id, at } = newDecision(deps);
  const notice = noticeStatements(memberId, 'A warning from the FounderMesh team', input.reason, id, at);
  await runDecision(
    deps,
    [
      decisionStatement({
        id,
        action: 'warn',
        target: input.item ?? { type: 'member', id: memberId },
        memberId,
        admin,
        reason: input.reason,
        precondition: itemOpen(input.item),
        at,
      }),
      ...closeItem(input.item, id, at),
      notice.statement,
      auditEntry(deps.db, deps.clock, { admin, action: 'member.warn', target: { type: 'member', id: memberId }, note: input.reason }),
    ],
    () => memberConflict(deps, memberId, input.item, M.nothingOpen),
  );
  await sendNotice(deps, notice);
  return { warned: true };
}

/**
 * Suspends a member until `until` (null: for good) with a reason. Refused: yourself or another
 * administrator (400 naming `id`), an end in the past (400 naming `until`), a member already
 * suspended (409 with that suspension).
 */
export async function suspendMember(deps: Deps, admin: AuditActor, memberId: string, input: { reason: string; until: string | null } & FromItem): Promise<Suspension> {
  const user = await memberToAct(deps, admin, memberId, input.item);
  if (isAdmin(user)) throw invalidFields({ id: M.admin });
  const now = deps.clock.now();
  if (input.until !== null && Date.parse(input.until) <= now.getTime()) throw invalidFields({ until: 'must be in the future' });
  const until = input.until === null ? null : new Date(input.until).toISOString();
  const { id, at } = newDecision(deps);
  const notSuspended = sql`NOT EXISTS (SELECT 1 FROM users WHERE id = ${memberId} AND ${suspendedSql(now)})`;
  await runDecision(
    deps,
    [
      decisionStatement({
        id,
        action: 'suspend',
        target: input.item ?? { type: 'member', id: memberId },
        memberId,
        admin,
        reason: input.reason,
        suspendedUntil: until,
        precondition: sql`${notSuspended} AND ${itemOpen(input.item)}`,
        at,
      }),
      ...closeItem(input.item, id, at),
      // token_version moves on too, so no token signed before is good even where a session row were missed.
      deps.db
        .update(users)
        .set({ suspendedAt: at, suspendedUntil: until, suspensionReason: input.reason, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
        .where(eq(users.id, memberId)),
      endSessions(deps.db, deps.clock, memberId, { allBut: null }, 'signed-out-everywhere'),
      auditEntry(deps.db, deps.clock, {
        admin,
        action: 'member.suspend',
        target: { type: 'member', id: memberId },
        note: `${input.reason} (${until ? `until ${formatUntil(until)}` : 'for good'})`,
      }),
    ],
    async () => {
      if (input.item) return memberConflict(deps, memberId, input.item, M.nothingOpen);
      return conflictOf(await latestDecision(deps, { memberId, action: 'suspend' }), 'This member is already suspended.');
    },
  );
  await endLiveSessions(deps, memberId, { allBut: null }, 'suspended');
  try {
    await sendMail(deps, suspensionMail(user.email, user.firstName, input.reason, until, `${deps.config.appUrl}/sign-in`));
  } catch (error) {
    console.error(`suspension mail to member ${memberId} failed`, error);
  }
  return { suspended: true, suspendedAt: at, until, reason: input.reason };
}

/** Ends a member's suspension (409 when they are not suspended). */
export async function unsuspendMember(deps: Deps, admin: AuditActor, memberId: string, input: { note?: string | null }): Promise<Suspension> {
  await memberToAct(deps, admin, memberId, null);
  const { id, at } = newDecision(deps);
  const note = input.note?.trim() || null;
  await runDecision(
    deps,
    [
      decisionStatement({
        id,
        action: 'unsuspend',
        target: { type: 'member', id: memberId },
        memberId,
        admin,
        reason: note,
        precondition: sql`EXISTS (SELECT 1 FROM users WHERE id = ${memberId} AND ${suspendedSql(deps.clock.now())})`,
        at,
      }),
      deps.db.update(users).set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, updatedAt: at }).where(eq(users.id, memberId)),
      auditEntry(deps.db, deps.clock, { admin, action: 'member.unsuspend', target: { type: 'member', id: memberId }, note }),
    ],
    async () => {
      // Unsuspended by another admin just now, or simply not suspended (never, or the period ran out).
      const [unsuspended, suspended] = await Promise.all([latestDecision(deps, { memberId, action: 'unsuspend' }), latestDecision(deps, { memberId, action: 'suspend' })]);
      return conflictOf(unsuspended && (!suspended || unsuspended.createdAt >= suspended.createdAt) ? unsuspended : null, M.notSuspended);
    },
  );
  return { suspended: false, suspendedAt: null, until: null, reason: null };
}

/** A member's suspension now, for the admin area (404 for an unknown member). */
export async function memberSuspension(deps: Pick<Deps, 'db' | 'clock'>, memberId: string): Promise<Suspension> {
  const [user] = await deps.db
    .select({ suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(1);
  if (!user) throw new ApiError(404, M.notFound);
  return suspensionOf(user, deps.clock.now());
}

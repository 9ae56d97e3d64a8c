/**
 * An administrator withdraws a member's badge, one way at a time: the row is marked withdrawn
 * (it stays, so the badge does not come back by linking or proving again) and the audit entry
 * is written in the same batch, only when the row changed. The member is then told, through
 * the one door, with a `verification.withdrawn` notice.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type AuditActor, auditEntryIfChanged } from '../audit/audit';
import { runBatch } from '../db/batch';
import { memberVerifications, users, type VerificationMethod } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { deliver } from '../notifications/deliver';
import { NOTIFICATION_LINKS } from '../notifications/links';
import { VERIFICATION_MESSAGES as M } from '../shared/verification-messages';

const WAY: Record<VerificationMethod, string> = { linkedin: 'LinkedIn', work: 'work address' };

/** Withdraws `method`'s badge of `userId`; 404 when the member or a live badge of that way is missing. */
export async function withdrawBadge(
  deps: Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>,
  admin: AuditActor,
  userId: string,
  method: VerificationMethod,
  note: string | null,
): Promise<{ userId: string; method: VerificationMethod; withdrawnAt: string }> {
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) throw new ApiError(404, M.memberNotFound);
  const withdrawnAt = deps.clock.now().toISOString();
  const [changed] = await runBatch(deps.db, [
    deps.db
      .update(memberVerifications)
      .set({ withdrawnAt })
      .where(and(eq(memberVerifications.userId, userId), eq(memberVerifications.method, method), isNull(memberVerifications.withdrawnAt))),
    auditEntryIfChanged(deps.clock, {
      admin,
      action: 'verification.withdraw',
      target: { type: 'member', id: userId },
      note: [WAY[method], note?.trim()].filter(Boolean).join(': '),
    }),
  ]);
  if ((changed?.meta.changes ?? 0) === 0) throw new ApiError(404, M.notVerified);
  try {
    await deliver(deps, {
      userId,
      senderId: null,
      kind: 'verification.withdrawn',
      title: M.withdrawnTitle,
      body: `An administrator withdrew your ${WAY[method]} verification, so your profile no longer shows it.${note?.trim() ? ` Reason: ${note.trim()}` : ''}`,
      link: NOTIFICATION_LINKS.verification,
      refId: null,
    });
  } catch (error) {
    console.error(`verification notice to ${userId} failed`, error);
  }
  return { userId, method, withdrawnAt };
}

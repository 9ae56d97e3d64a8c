/**
 * Premium given or taken by an administrator: kept as a grant, apart from paid
 * subscriptions. A grant never bills or cancels anything; ending it leaves a paid
 * subscription (and so Premium) as it is.
 */
import { eq, sql } from 'drizzle-orm';
import { type AuditActor, auditEntryIfChanged } from '../audit/audit';
import { runBatch } from '../db/batch';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { premiumGrants, users } from '../db/schema';
import { ApiError } from '../errors';
import { applyPremium, MEMBER_NOT_FOUND } from './premium-state';

/**
 * Starts (`granted`) or ends an admin grant for a member and, in the same batch and only when
 * it changed, records it in the member's history and in the admin audit log (premium.grant /
 * premium.end). Then applies the member's Premium. Answers the Premium state afterwards:
 * ending a grant of a member who pays keeps Premium on.
 */
export async function setGrant(deps: Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>, userId: string, granted: boolean, admin: AuditActor) {
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) throw new ApiError(404, MEMBER_NOT_FOUND);
  const at = deps.clock.now().toISOString();
  const change = granted
    ? deps.db.insert(premiumGrants).values({ userId, grantedBy: admin.id, createdAt: at }).onConflictDoNothing()
    : deps.db.delete(premiumGrants).where(eq(premiumGrants.userId, userId));
  // Each conditional statement follows the one whose change it depends on (changes()).
  await runBatch(deps.db, [
    change,
    sql`INSERT INTO subscription_events (id, user_id, subscription_id, kind, plan, detail, created_at)
      SELECT ${newId()}, ${userId}, NULL, ${granted ? 'granted' : 'grant_ended'}, NULL, NULL, ${at} WHERE changes() > 0`,
    auditEntryIfChanged(deps.clock, { admin, action: granted ? 'premium.grant' : 'premium.end', target: { type: 'member', id: userId } }),
  ]);
  return applyPremium(deps, userId);
}

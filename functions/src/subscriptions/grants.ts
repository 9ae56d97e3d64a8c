/**
 * Premium given or taken by an administrator: kept as a grant, apart from paid
 * subscriptions. A grant never bills or cancels anything; ending it leaves a paid
 * subscription (and so Premium) as it is.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { premiumGrants, subscriptionEvents, users } from '../db/schema';
import { ApiError } from '../errors';
import { applyPremium, MEMBER_NOT_FOUND } from './premium-state';

/**
 * Starts (`granted`) or ends an admin grant for a member, records it in the member's
 * history when it changed, and applies the member's Premium. Answers the Premium state
 * afterwards: ending a grant of a member who pays keeps Premium on.
 */
export async function setGrant(deps: Pick<Deps, 'db' | 'clock' | 'live'>, userId: string, granted: boolean, adminId: string) {
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) throw new ApiError(404, MEMBER_NOT_FOUND);
  const at = deps.clock.now().toISOString();
  const changed = granted
    ? await deps.db.insert(premiumGrants).values({ userId, grantedBy: adminId, createdAt: at }).onConflictDoNothing().returning({ userId: premiumGrants.userId })
    : await deps.db.delete(premiumGrants).where(eq(premiumGrants.userId, userId)).returning({ userId: premiumGrants.userId });
  if (changed.length > 0) {
    await deps.db
      .insert(subscriptionEvents)
      .values({ id: newId(), userId, subscriptionId: null, kind: granted ? 'granted' : 'grant_ended', plan: null, detail: null, createdAt: at });
  }
  return applyPremium(deps, userId);
}

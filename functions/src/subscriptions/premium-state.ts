/**
 * The one place that turns a member's Premium on or off (docs/product.md#roles: `role.type`, and a
 * founder's premium flag when it ends), and the rule deciding which it should be: an admin
 * grant, or a paid subscription the provider still counts (active, trialing, past_due).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import { founders, premiumGrants, subscriptions, users } from '../db/schema';
import { runBatch } from '../db/batch';
import { ApiError } from '../errors';
import { notifyPremiumChanged } from '../notifications/account';
import { isPremium } from '../shared/roles';

export const MEMBER_NOT_FOUND = 'Member not found.';

/** Provider statuses that keep Premium: past_due too, while the provider retries the card. */
export const PREMIUM_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** Whether a subscription in this provider status gives Premium. */
export function givesPremium(status: string): boolean {
  return (PREMIUM_STATUSES as readonly string[]).includes(status);
}

/**
 * Sets a member's Premium state: `role_type` premium or free; ending it also clears a
 * founder record's premium flag, so the member is free by every rule. Notifies the member
 * when the state changed. 404 for an unknown member.
 */
export async function setPremium(deps: Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>, userId: string, premium: boolean) {
  const [before] = await deps.db
    .select({ roleType: users.roleType, founderPremium: founders.premium })
    .from(users)
    .leftJoin(founders, eq(founders.userId, users.id))
    .where(eq(users.id, userId));
  if (!before) throw new ApiError(404, MEMBER_NOT_FOUND);
  const was = isPremium({ role: { type: before.roleType }, founder: { premium: before.founderPremium } });
  // Already in that state by every rule: nothing to write (most webhooks change nothing here).
  const settled = premium ? before.roleType === 'premium' : before.roleType !== 'premium' && !before.founderPremium;
  if (settled) return { userId, premium, changed: false };
  const at = deps.clock.now().toISOString();
  await runBatch(deps.db, [
    deps.db
      .update(users)
      .set({ roleType: premium ? 'premium' : 'free', updatedAt: at })
      .where(eq(users.id, userId)),
    ...(premium ? [] : [deps.db.update(founders).set({ premium: false }).where(eq(founders.userId, userId))]),
  ]);
  const changed = was !== premium;
  if (changed) await notifyPremiumChanged(deps, userId, premium);
  return { userId, premium, changed };
}

/** Whether the member should be Premium now: an admin grant or a subscription that gives it. */
export async function earnsPremium(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  // Both reads at once (one D1 round trip's wait instead of two).
  const [[grant], [paid]] = await Promise.all([
    deps.db.select({ userId: premiumGrants.userId }).from(premiumGrants).where(eq(premiumGrants.userId, userId)),
    deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PREMIUM_STATUSES])))
      .limit(1),
  ]);
  return grant !== undefined || paid !== undefined;
}

/** Brings `role.type` in line with earnsPremium. */
export async function applyPremium(deps: Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>, userId: string) {
  return setPremium(deps, userId, await earnsPremium(deps, userId));
}

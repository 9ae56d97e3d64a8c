/**
 * The buttons of the test-mode checkout and portal pages: they change the test provider's
 * books the way a payment on Stripe would, then apply the result through the same
 * syncSubscription that Stripe's webhooks use. Only a member's own checkouts and
 * subscriptions are reachable; with Stripe configured all of this answers 404.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { BillingPlan, Deps } from '../deps';
import { newId } from '../db/ids';
import { testBillingCheckouts, testBillingSubscriptions } from '../db/schema';
import { ApiError, fieldError } from '../errors';
import { BILLING_MESSAGES } from './messages';
import { liveSubscription, toSubscription } from './service';
import type { Subscription, TestCheckout } from './schemas';
import { syncSubscription } from './sync';

type TestDeps = Pick<Deps, 'db' | 'clock' | 'live' | 'mailer' | 'config' | 'billing' | 'notifications'>;

/** The end of a paid period that starts at `from`. */
export function periodEnd(from: Date, plan: BillingPlan): string {
  const end = new Date(from);
  if (plan === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end.toISOString();
}

function requireTestMode(deps: Pick<Deps, 'billing'>): void {
  if (deps.billing.mode !== 'test') throw new ApiError(404, BILLING_MESSAGES.testModeOnly);
}

async function ownCheckout(deps: TestDeps, userId: string, checkoutId: string) {
  requireTestMode(deps);
  const [row] = await deps.db
    .select()
    .from(testBillingCheckouts)
    .where(and(eq(testBillingCheckouts.id, checkoutId), eq(testBillingCheckouts.userId, userId)));
  if (!row) throw fieldError(404, BILLING_MESSAGES.checkoutNotFound, { checkoutId: 'no such checkout of yours' });
  return row;
}

/** A test checkout of the member's, with what it charges. */
export async function readTestCheckout(deps: TestDeps, userId: string, checkoutId: string): Promise<TestCheckout> {
  const row = await ownCheckout(deps, userId, checkoutId);
  const price = deps.billing.prices[row.plan];
  return { _id: row.id, plan: row.plan, status: row.status, amount: price.amount, currency: price.currency };
}

/**
 * Pays (`complete`) or leaves (`abandon`) an open test checkout. Paying starts an active
 * subscription for one period and applies it; the answer is the checkout afterwards.
 */
export async function actOnTestCheckout(deps: TestDeps, userId: string, checkoutId: string, action: 'complete' | 'abandon'): Promise<TestCheckout> {
  const row = await ownCheckout(deps, userId, checkoutId);
  if (row.status !== 'open') throw fieldError(409, 'This checkout is already closed.', { checkoutId: `is ${row.status}` });
  if (action === 'abandon') {
    await deps.db
      .update(testBillingCheckouts)
      .set({ status: 'expired' })
      .where(and(eq(testBillingCheckouts.id, row.id), eq(testBillingCheckouts.status, 'open')));
    return readTestCheckout(deps, userId, checkoutId);
  }
  if (await liveSubscription(deps, userId)) {
    // Paid in another tab already: this one is closed unpaid, never a second subscription.
    await deps.db
      .update(testBillingCheckouts)
      .set({ status: 'expired' })
      .where(and(eq(testBillingCheckouts.id, row.id), eq(testBillingCheckouts.status, 'open')));
    throw fieldError(409, BILLING_MESSAGES.alreadySubscribed, { checkoutId: 'you already have a live subscription' });
  }
  const now = deps.clock.now();
  const subscriptionId = `test_sub_${newId()}`;
  const [claimed] = await deps.db
    .update(testBillingCheckouts)
    .set({ status: 'complete', subscriptionId })
    .where(and(eq(testBillingCheckouts.id, row.id), eq(testBillingCheckouts.status, 'open')))
    .returning();
  if (!claimed) throw fieldError(409, 'This checkout is already closed.', { checkoutId: 'is closed' });
  await deps.db.insert(testBillingSubscriptions).values({
    id: subscriptionId,
    customerId: row.customerId,
    userId,
    plan: row.plan,
    status: 'active',
    currentPeriodEnd: periodEnd(now, row.plan),
    createdAt: now.toISOString(),
  });
  await syncSubscription(deps, subscriptionId);
  return readTestCheckout(deps, userId, checkoutId);
}

/**
 * What the provider does on its own, on the member's latest test subscription:
 * `fail-renewal` (the renewal charge fails: past_due), `renew` (a charge succeeds: active
 * for one more period; a pending cancellation ends it instead, as at the period's end),
 * `end` (retries exhausted or the period over: canceled).
 */
export async function actOnTestSubscription(deps: TestDeps, userId: string, action: 'fail-renewal' | 'renew' | 'end'): Promise<Subscription> {
  requireTestMode(deps);
  const [row] = await deps.db.select().from(testBillingSubscriptions).where(eq(testBillingSubscriptions.userId, userId)).orderBy(desc(testBillingSubscriptions.createdAt)).limit(1);
  if (!row || row.status === 'canceled') throw new ApiError(404, BILLING_MESSAGES.noSubscription);
  const ends = action === 'end' || (action === 'renew' && row.cancelAtPeriodEnd);
  const change = ends
    ? { status: 'canceled' }
    : action === 'renew'
      ? { status: 'active', currentPeriodEnd: periodEnd(new Date(row.currentPeriodEnd), row.plan) }
      : { status: 'past_due' };
  await deps.db.update(testBillingSubscriptions).set(change).where(eq(testBillingSubscriptions.id, row.id));
  const result = await syncSubscription(deps, row.id);
  if (!result) throw new ApiError(404, BILLING_MESSAGES.noSubscription);
  return toSubscription(result.subscription);
}

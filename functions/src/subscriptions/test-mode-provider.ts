/**
 * The local payment provider used when no Stripe key is configured: its checkouts and
 * subscriptions live in D1 (test_billing_*), its checkout and portal are pages of the app
 * marked "Test mode" (src/pages/premium/test-checkout/, src/pages/settings/billing/test-portal).
 * test-mode.ts drives it the way Stripe's own events would.
 */
import { eq } from 'drizzle-orm';
import { type BillingPlan, type BillingProvider, type Deps, type PlanPrice, type ProviderSubscription, WebhookRejected } from '../deps';
import { newId } from '../db/ids';
import { testBillingCheckouts, testBillingSubscriptions } from '../db/schema';
import { ApiError } from '../errors';

/** The app's test-mode pages. */
export const TEST_MODE_PATHS = { checkout: (id: string) => `/premium/test-checkout/${encodeURIComponent(id)}`, portal: '/settings/billing/test-portal' } as const;

type Row = typeof testBillingSubscriptions.$inferSelect;

export function toProviderSubscription(row: Row): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    plan: row.plan,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endedAt: null,
  };
}

/** The test provider over the database; `appUrl` is where its pages are. */
export function testModeProvider(db: Deps['db'], appUrl: string, prices: Record<BillingPlan, PlanPrice>): BillingProvider {
  async function update(subscriptionId: string, change: Partial<Row>): Promise<ProviderSubscription> {
    const [row] = await db.update(testBillingSubscriptions).set(change).where(eq(testBillingSubscriptions.id, subscriptionId)).returning();
    if (!row) throw new ApiError(404, 'Subscription not found.');
    return toProviderSubscription(row);
  }
  return {
    mode: 'test',
    prices,
    async createCustomer() {
      return `test_cus_${newId()}`;
    },
    async createCheckout({ customerId, userId, plan }) {
      const id = `test_cs_${newId()}`;
      await db.insert(testBillingCheckouts).values({ id, customerId, userId, plan, status: 'open', createdAt: new Date().toISOString() });
      return { id, url: `${appUrl}${TEST_MODE_PATHS.checkout(id)}` };
    },
    async readCheckout(checkoutId) {
      const [row] = await db.select().from(testBillingCheckouts).where(eq(testBillingCheckouts.id, checkoutId));
      return row ? { customerId: row.customerId, subscriptionId: row.subscriptionId } : null;
    },
    async readSubscription(subscriptionId) {
      const [row] = await db.select().from(testBillingSubscriptions).where(eq(testBillingSubscriptions.id, subscriptionId));
      return row ? toProviderSubscription(row) : null;
    },
    cancelAtPeriodEnd: (subscriptionId) => update(subscriptionId, { cancelAtPeriodEnd: true }),
    undoCancel: (subscriptionId) => update(subscriptionId, { cancelAtPeriodEnd: false }),
    switchPlan: (subscriptionId, plan) => update(subscriptionId, { plan }),
    cancelNow: (subscriptionId) => update(subscriptionId, { status: 'canceled' }),
    async portalUrl() {
      return `${appUrl}${TEST_MODE_PATHS.portal}`;
    },
    async verifyWebhook() {
      throw new WebhookRejected('test mode takes no webhooks');
    },
  };
}

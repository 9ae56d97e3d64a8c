/**
 * What a member does with Premium: buy it (checkout), see it and its history, cancel at
 * the end of the paid period, undo that, switch plan, reach the billing portal. Every
 * change goes to the provider first and is then applied through syncSubscription.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BillingPlan, Deps } from '../deps';
import { billingCustomers, premiumGrants, subscriptionEvents, subscriptions, users, type SubscriptionRow } from '../db/schema';
import { offsetOf, pageOf, type PageRequest } from '../db/paging';
import { ApiError, fieldError } from '../errors';
import { BILLING_MESSAGES } from './messages';
import { givesPremium, PREMIUM_STATUSES } from './premium-state';
import { syncSubscription } from './sync';
import type { CancelStatus, ManageInput, Subscription, SubscriptionHistory } from './schemas';
import { BILLING_SETTINGS_PATH } from './notices';

type BillingDeps = Pick<Deps, 'db' | 'clock' | 'live' | 'mailer' | 'config' | 'billing' | 'notifications'>;

/** The app's return pages after checkout (src/pages/premium/). */
export const CHECKOUT_RETURN_PATHS = { success: '/premium/success', cancelled: '/premium/cancelled' } as const;

/** The wire Subscription of a stored row. */
export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    _id: row.id,
    plan: row.plan,
    status: row.status,
    premium: givesPremium(row.status),
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelReason: row.cancelReason,
    endedAt: row.endedAt,
    createdAt: row.createdAt,
  };
}

/** The member's latest subscription, live or not. */
async function latestSubscription(deps: Pick<Deps, 'db'>, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(1);
  return row;
}

/** The member's subscription that gives Premium now, if any. */
export async function liveSubscription(deps: Pick<Deps, 'db'>, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PREMIUM_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

async function requireLive(deps: Pick<Deps, 'db'>, userId: string): Promise<SubscriptionRow> {
  const row = await liveSubscription(deps, userId);
  if (!row) throw new ApiError(404, BILLING_MESSAGES.noSubscription);
  return row;
}

/** The member's provider customer, created (once) on first need. */
export async function ensureCustomer(deps: BillingDeps, userId: string): Promise<string> {
  const [known] = await deps.db.select({ customerId: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (known) return known.customerId;
  const [member] = await deps.db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  if (!member) throw new ApiError(404, 'Member not found.');
  const customerId = await deps.billing.createCustomer({ userId, email: member.email, name: `${member.firstName} ${member.lastName}`.trim() });
  // Two checkouts at once: the first stored customer wins and the other is never used.
  await deps.db.insert(billingCustomers).values({ userId, customerId, createdAt: deps.clock.now().toISOString() }).onConflictDoNothing();
  const [stored] = await deps.db.select({ customerId: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return stored!.customerId;
}

/** Starts a checkout for `plan`; 409 when the member already has a live subscription. */
export async function startCheckout(deps: BillingDeps, userId: string, plan: BillingPlan): Promise<{ url: string }> {
  if (await liveSubscription(deps, userId)) throw fieldError(409, BILLING_MESSAGES.alreadySubscribed, { plan: 'you already have a live subscription' });
  const customerId = await ensureCustomer(deps, userId);
  // An older checkout left open in another tab can no longer be paid (a second subscription).
  await deps.billing.expireOpenCheckouts?.(customerId).catch((error: unknown) => console.error(`expiring open checkouts of ${customerId} failed`, error));
  const base = deps.config.appUrl;
  const checkout = await deps.billing.createCheckout({
    customerId,
    userId,
    plan,
    successUrl: `${base}${CHECKOUT_RETURN_PATHS.success}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}${CHECKOUT_RETURN_PATHS.cancelled}`,
  });
  return { url: checkout.url };
}

/**
 * The return page's sync: applies the checkout's subscription at once (the webhook may
 * come later). A checkout of another member's customer is 404, an unpaid one 409.
 */
export async function confirmCheckout(deps: BillingDeps, userId: string, checkoutId: string): Promise<Subscription> {
  const [customer] = await deps.db.select({ customerId: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId));
  const checkout = customer ? await deps.billing.readCheckout(checkoutId) : null;
  if (!checkout || checkout.customerId !== customer?.customerId) throw fieldError(404, BILLING_MESSAGES.checkoutNotFound, { sessionId: 'no such checkout of yours' });
  if (!checkout.subscriptionId) throw fieldError(409, BILLING_MESSAGES.checkoutOpen, { sessionId: 'not paid yet' });
  const result = await syncSubscription(deps, checkout.subscriptionId);
  if (!result) throw fieldError(404, BILLING_MESSAGES.checkoutNotFound, { sessionId: 'no such checkout of yours' });
  return toSubscription(result.subscription);
}

/** The member's latest subscription and its history, newest first. */
export async function subscriptionHistory(deps: Pick<Deps, 'db'>, userId: string, page: PageRequest): Promise<SubscriptionHistory> {
  const [rows, [counted], latest, [grant]] = await Promise.all([
    deps.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, userId))
      .orderBy(desc(subscriptionEvents.createdAt), desc(sql`rowid`))
      .limit(page.limit)
      .offset(offsetOf(page)),
    deps.db.select({ total: sql<number>`count(*)` }).from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId)),
    latestSubscription(deps, userId),
    deps.db.select({ userId: premiumGrants.userId }).from(premiumGrants).where(eq(premiumGrants.userId, userId)),
  ]);
  const events = rows.map((row) => ({ _id: row.id, kind: row.kind, plan: row.plan, detail: row.detail, createdAt: row.createdAt }));
  return { ...pageOf(events, counted?.total ?? 0, page), subscription: latest ? toSubscription(latest) : null, granted: grant !== undefined };
}

/** Whether a cancellation is pending and when it takes effect. */
export async function cancelStatus(deps: Pick<Deps, 'db'>, userId: string): Promise<CancelStatus> {
  const row = (await liveSubscription(deps, userId)) ?? (await latestSubscription(deps, userId));
  const pending = row !== undefined && givesPremium(row.status) && row.cancelAtPeriodEnd;
  return { pending, endsAt: pending ? row.currentPeriodEnd : null, subscription: row ? toSubscription(row) : null };
}

/** Cancels the live subscription at the end of its paid period; Premium stays until then. */
export async function cancelSubscription(deps: BillingDeps, userId: string, reason: string | null): Promise<CancelStatus> {
  const row = await requireLive(deps, userId);
  if (row.cancelAtPeriodEnd) throw new ApiError(409, BILLING_MESSAGES.alreadyCancelled);
  await deps.db
    .update(subscriptions)
    .set({ cancelReason: reason || null })
    .where(eq(subscriptions.id, row.id));
  await deps.billing.cancelAtPeriodEnd(row.id);
  await syncSubscription(deps, row.id);
  return cancelStatus(deps, userId);
}

/** Undo, switch plan, or the billing portal's address. */
export async function manageSubscription(deps: BillingDeps, userId: string, input: ManageInput): Promise<{ subscription: Subscription | null; url: string | null }> {
  if (input.action === 'portal') {
    const [customer] = await deps.db.select({ customerId: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId));
    if (!customer) throw new ApiError(404, BILLING_MESSAGES.noCustomer);
    const url = await deps.billing.portalUrl(customer.customerId, `${deps.config.appUrl}${BILLING_SETTINGS_PATH}`);
    const latest = await latestSubscription(deps, userId);
    return { subscription: latest ? toSubscription(latest) : null, url };
  }
  const row = await requireLive(deps, userId);
  if (input.action === 'undo') {
    if (!row.cancelAtPeriodEnd) throw new ApiError(409, BILLING_MESSAGES.notPending);
    await deps.billing.undoCancel(row.id);
  } else {
    if (row.plan === input.plan) throw fieldError(409, BILLING_MESSAGES.samePlan, { plan: 'is your plan already' });
    await deps.billing.switchPlan(row.id, input.plan);
  }
  const result = await syncSubscription(deps, row.id);
  return { subscription: result ? toSubscription(result.subscription) : null, url: null };
}

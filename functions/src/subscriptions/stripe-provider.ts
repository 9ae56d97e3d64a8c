/**
 * The production payment provider: Stripe through its official SDK, configured for
 * Workers (fetch HTTP client, SubtleCrypto for webhook signatures). Checkout Sessions sell
 * the plans, the Customer Portal manages cards and invoices. `host`/`port`/`protocol`
 * point the SDK at a local stand-in in tests.
 */
import Stripe from 'stripe';
import { type BillingEvent, type BillingPlan, type BillingProvider, type PlanPrice, type ProviderSubscription, WebhookRejected } from '../deps';
import { ApiError } from '../errors';
import type { StripeSettings } from './config';
import { BILLING_MESSAGES } from './messages';

/** Stripe's webhook tolerance: a signature older than this many seconds is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The id of an expandable field (a string, or the expanded object). */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The plan of a subscription's first item: by configured price id, else by billing interval. */
function planOf(subscription: Stripe.Subscription, priceIds: Record<BillingPlan, string>): BillingPlan {
  const price = subscription.items.data[0]?.price;
  if (price?.id === priceIds.yearly) return 'yearly';
  if (price?.id === priceIds.monthly) return 'monthly';
  return price?.recurring?.interval === 'year' ? 'yearly' : 'monthly';
}

/** Our view of a Stripe subscription. Since API 2025-03-31 the period end lives on the items. */
export function fromStripeSubscription(subscription: Stripe.Subscription, priceIds: Record<BillingPlan, string>): ProviderSubscription {
  const item = subscription.items.data[0];
  const legacyEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = item?.current_period_end ?? legacyEnd ?? subscription.created;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    userId: subscription.metadata?.userId ?? null,
    plan: planOf(subscription, priceIds),
    status: subscription.status,
    currentPeriodEnd: toIso(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: subscription.ended_at ? toIso(subscription.ended_at) : null,
  };
}

type EventObject = { id?: string; subscription?: string | { id: string } | null; parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null };

/** What an event points at: only the id, never its snapshot. Unknown types point at nothing. */
export function eventTarget(event: Stripe.Event): BillingEvent {
  const object = event.data.object as EventObject;
  const base = { id: event.id, type: event.type, subscriptionId: null, checkoutId: null };
  if (event.type.startsWith('customer.subscription.')) return { ...base, subscriptionId: object.id ?? null };
  if (event.type.startsWith('checkout.session.')) return { ...base, subscriptionId: idOf(object.subscription), checkoutId: object.id ?? null };
  if (event.type.startsWith('invoice.')) return { ...base, subscriptionId: idOf(object.parent?.subscription_details?.subscription) ?? idOf(object.subscription) };
  return base;
}

/** The Stripe client for these settings. */
export function stripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });
}

/** The Stripe provider; `prices` are the amounts shown on the plans page. */
export function stripeProvider(settings: StripeSettings, prices: Record<BillingPlan, PlanPrice>): BillingProvider {
  const stripe = stripeClient(settings);
  /** The plan's Stripe Price id; without one configured the plan is not on sale (503), and the log says which variable is missing. */
  const priceOf = (plan: BillingPlan): string => {
    const priceId = settings.priceIds[plan];
    if (priceId) return priceId;
    console.error(`Premium ${plan} is not on sale: STRIPE_PRICE_${plan.toUpperCase()} is not set`);
    throw new ApiError(503, BILLING_MESSAGES.notOnSale);
  };
  const read = async (id: string) => fromStripeSubscription(await stripe.subscriptions.retrieve(id), settings.priceIds);
  const update = async (id: string, params: Stripe.SubscriptionUpdateParams) => fromStripeSubscription(await stripe.subscriptions.update(id, params), settings.priceIds);
  return {
    mode: 'stripe',
    prices,
    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
      return customer.id;
    },
    async createCheckout({ customerId, userId, plan, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: priceOf(plan), quantity: 1 }],
        subscription_data: { metadata: { userId } },
        metadata: { userId, plan },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe checkout ${session.id} came without an address`);
      return { id: session.id, url: session.url };
    },
    async expireOpenCheckouts(customerId) {
      const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 10 });
      await Promise.all(open.data.map((session) => stripe.checkout.sessions.expire(session.id)));
    },
    async readCheckout(checkoutId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(checkoutId);
        const customerId = idOf(session.customer);
        return customerId ? { customerId, subscriptionId: session.status === 'complete' ? idOf(session.subscription) : null } : null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async readSubscription(subscriptionId) {
      try {
        return await read(subscriptionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    cancelAtPeriodEnd: (subscriptionId) => update(subscriptionId, { cancel_at_period_end: true }),
    undoCancel: (subscriptionId) => update(subscriptionId, { cancel_at_period_end: false }),
    async switchPlan(subscriptionId, plan) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      return update(subscriptionId, { items: [{ id: item.id, price: priceOf(plan) }], proration_behavior: 'create_prorations' });
    },
    async cancelNow(subscriptionId) {
      return fromStripeSubscription(await stripe.subscriptions.cancel(subscriptionId), settings.priceIds);
    },
    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    async verifyWebhook(body, signature) {
      if (!settings.webhookSecret) throw new WebhookRejected('no webhook secret is configured');
      if (!signature) throw new WebhookRejected('no Stripe-Signature header');
      try {
        const event = await stripe.webhooks.constructEventAsync(body, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider);
        return eventTarget(event);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookRejected(error.message);
        throw error;
      }
    },
  };
}

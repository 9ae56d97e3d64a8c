import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { deliver, payStripeCheckout, setStripeSubscription, signatureFor, stripeEnv, stripeEvent } from '../../test/stripe';
import { db } from '../db/client';
import { billingWebhookEvents, subscriptionEvents, subscriptions, users } from '../db/schema';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A member with a Stripe customer (made by a first checkout through the real SDK), and that checkout's id. */
async function stripeCustomer(): Promise<Member & { customerId: string; checkoutId: string }> {
  const member = await signedInMember();
  const response = await post('/subscriptions/checkout', { plan: 'monthly' }, { token: member.jwt, env: stripeEnv() });
  expect(response.status).toBe(200);
  const { url } = await bodyOf(response);
  const checkoutId = url.split('/').at(-1)!;
  const [row] = await db(env).select().from(users).where(eq(users.id, member.user.id));
  const customer = await env.DB.prepare('SELECT customer_id FROM billing_customers WHERE user_id = ?').bind(row!.id).first<{ customer_id: string }>();
  return { ...member, customerId: customer!.customer_id, checkoutId };
}

const roleOf = async (userId: string) => (await db(env).select({ roleType: users.roleType }).from(users).where(eq(users.id, userId)))[0]!.roleType;
const stored = async (subscriptionId: string) => (await db(env).select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];
const historyOf = async (userId: string) =>
  (await db(env).select({ kind: subscriptionEvents.kind }).from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId))).map((row) => row.kind).sort();
const recorded = async (eventId: string) => (await db(env).select().from(billingWebhookEvents).where(eq(billingWebhookEvents.eventId, eventId))).length;

describe('the Stripe webhook', { timeout: 30_000 }, () => {
  it('applies a subscription event by reading the subscription from Stripe', async () => {
    const member = await stripeCustomer();
    const subscriptionId = await setStripeSubscription({ customer: member.customerId, status: 'active' });
    // The snapshot says canceled; Stripe says active: the handler believes Stripe.
    const response = await deliver(stripeEvent('customer.subscription.created', { id: subscriptionId, object: 'subscription', status: 'canceled' }));
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ received: true, duplicate: false });
    expect(await roleOf(member.user.id)).toBe('premium');
    expect(await stored(subscriptionId)).toMatchObject({ status: 'active', plan: 'monthly', userId: member.user.id });
  });

  it.each([
    ['a tampered body', async (body: string) => ({ body: body.replace('"active"', '"trialing"'), signature: await signatureFor(body) })],
    ['a stale signature (over 300 s old)', async (body: string) => ({ body, signature: await signatureFor(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }) })],
    ['the wrong secret', async (body: string) => ({ body, signature: await signatureFor(body, { secret: 'whsec_someone_else' }) })],
    ['no signature', async (body: string) => ({ body, signature: null })],
  ])('refuses %s with 400 and changes nothing', async (_, forge) => {
    const member = await stripeCustomer();
    const subscriptionId = await setStripeSubscription({ customer: member.customerId, status: 'active' });
    const eventId = `evt_forged_${crypto.randomUUID()}`;
    const { body, signature } = await forge(stripeEvent('customer.subscription.updated', { id: subscriptionId, status: 'active' }, eventId));
    const response = await deliver(body, signature);
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toMatchObject({ status: 400, message: 'Webhook signature could not be verified.' });
    expect([await roleOf(member.user.id), await stored(subscriptionId), await recorded(eventId)]).toEqual(['free', undefined, 0]);
  });

  it('applies one event sent ten times once', async () => {
    const member = await stripeCustomer();
    const subscriptionId = await setStripeSubscription({ customer: member.customerId, status: 'active' });
    const body = stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: subscriptionId } } });
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await bodyOf(await deliver(body)));
    expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1);
    expect(await historyOf(member.user.id)).toEqual(['started']);
    const notices = (await bodyOf(await get('/notifications', { token: member.jwt }))).data;
    expect(notices.filter((n: { title: string }) => n.title === 'You are now a Premium member')).toHaveLength(1);
  });

  it('answers 200 to event types it does not handle, and records them', async () => {
    const body = stripeEvent('charge.refund.updated', { id: 're_1', object: 'refund' });
    const response = await deliver(body);
    expect(await bodyOf(response)).toEqual({ received: true, duplicate: false });
    expect(await recorded(JSON.parse(body).id)).toBe(1);
  });

  it('ends in the same state whatever the order of twenty events, a late "created" never undoing "deleted"', async () => {
    // A deterministic shuffle (mulberry32, fixed seed) so a failure can be replayed.
    let seed = 20_241_105;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const shuffled = <T>(items: T[]) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    };
    const outcomes = [];
    for (let round = 0; round < 10; round++) {
      const member = await stripeCustomer();
      const subscriptionId = await payStripeCheckout(member.checkoutId);
      // The member's life at Stripe: bought, renewed, a failed payment, cancel asked and
      // undone, a switch, then the end. Stripe's current state is the end.
      await setStripeSubscription({ id: subscriptionId, status: 'canceled', ended_at: Math.floor(Date.now() / 1000), price: 'price_yearly', interval: 'year' });
      const snapshot = (status: string, extra: Record<string, unknown> = {}) => ({ id: subscriptionId, object: 'subscription', status, ...extra });
      const invoice = { object: 'invoice', parent: { subscription_details: { subscription: subscriptionId } } };
      const events = [
        stripeEvent('checkout.session.completed', { id: member.checkoutId, object: 'checkout.session', subscription: subscriptionId }),
        stripeEvent('customer.subscription.created', snapshot('incomplete')),
        stripeEvent('customer.subscription.updated', snapshot('active')),
        stripeEvent('invoice.created', { id: 'in_a', ...invoice }),
        stripeEvent('invoice.paid', { id: 'in_a', ...invoice }),
        stripeEvent('invoice.payment_succeeded', { id: 'in_a', ...invoice }),
        stripeEvent('customer.subscription.updated', snapshot('active', { cancel_at_period_end: true })),
        stripeEvent('customer.subscription.updated', snapshot('active', { cancel_at_period_end: false })),
        stripeEvent('invoice.created', { id: 'in_b', ...invoice }),
        stripeEvent('invoice.payment_failed', { id: 'in_b', ...invoice }),
        stripeEvent('customer.subscription.updated', snapshot('past_due')),
        stripeEvent('invoice.paid', { id: 'in_b', ...invoice }),
        stripeEvent('customer.subscription.updated', snapshot('active')),
        stripeEvent('customer.subscription.updated', snapshot('active', { items: { data: [{ price: { id: 'price_yearly' } }] } })),
        stripeEvent('invoice.upcoming', { ...invoice }),
        stripeEvent('customer.subscription.updated', snapshot('active', { cancel_at_period_end: true })),
        stripeEvent('customer.subscription.deleted', snapshot('canceled')),
        stripeEvent('payment_method.attached', { id: 'pm_1', object: 'payment_method' }),
        stripeEvent('customer.updated', { id: member.customerId, object: 'customer' }),
        stripeEvent('customer.subscription.created', snapshot('active')),
      ];
      for (const body of shuffled(events)) expect((await deliver(body)).status).toBe(200);
      const row = await stored(subscriptionId);
      outcomes.push({
        role: await roleOf(member.user.id),
        status: row?.status,
        plan: row?.plan,
        cancelAtPeriodEnd: row?.cancelAtPeriodEnd,
        ended: row?.endedAt !== null,
        history: await historyOf(member.user.id),
      });
    }
    expect(outcomes[0]).toEqual({ role: 'free', status: 'canceled', plan: 'yearly', cancelAtPeriodEnd: false, ended: true, history: ['ended'] });
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
  }, 120_000);
});

describe('the production adapter through the real SDK', { timeout: 30_000 }, () => {
  it('checkout, return-page sync, cancel, undo, switch and the portal talk to Stripe', async () => {
    const member = await stripeCustomer();
    const options = { token: member.jwt, env: stripeEnv() };
    expect(member.checkoutId).toMatch(/^cs_test_/);
    // Unpaid yet: the return page is told so.
    expect((await post('/subscriptions/checkout/confirm', { sessionId: member.checkoutId }, options)).status).toBe(409);
    const subscriptionId = await payStripeCheckout(member.checkoutId);
    const confirmed = await bodyOf(await post('/subscriptions/checkout/confirm', { sessionId: member.checkoutId }, options));
    expect(confirmed).toMatchObject({ _id: subscriptionId, plan: 'monthly', status: 'active', premium: true });
    expect(await roleOf(member.user.id)).toBe('premium');
    expect((await post('/subscriptions/checkout', { plan: 'yearly' }, options)).status).toBe(409);

    expect(await bodyOf(await post('/subscriptions/cancel', { reason: 'Trying it out' }, options))).toMatchObject({ pending: true, subscription: { cancelAtPeriodEnd: true } });
    expect(await bodyOf(await call('PATCH', '/subscriptions/manage', { action: 'undo' }, options))).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    expect(await bodyOf(await call('PATCH', '/subscriptions/manage', { action: 'switch', plan: 'yearly' }, options))).toMatchObject({ subscription: { plan: 'yearly' } });
    expect(await bodyOf(await call('PATCH', '/subscriptions/manage', { action: 'portal' }, options))).toEqual(
      expect.objectContaining({ url: `https://billing.stripe.test/p/session/${member.customerId}` }),
    );
    expect(await historyOf(member.user.id)).toEqual(['cancel_asked', 'plan_switched', 'started', 'undone']);
  });

  it("another member's Stripe checkout is out of reach, and test-mode routes are gone", async () => {
    const owner = await stripeCustomer();
    const other = await signedInMember();
    await payStripeCheckout(owner.checkoutId);
    expect((await post('/subscriptions/checkout/confirm', { sessionId: owner.checkoutId }, { token: other.jwt, env: stripeEnv() })).status).toBe(404);
    expect((await post('/subscriptions/test-mode/subscription/end', undefined, { token: owner.jwt, env: stripeEnv() })).status).toBe(404);
    expect(await bodyOf(await get('/subscriptions/plans', { env: stripeEnv() }))).toMatchObject({ testMode: false });
  });
});

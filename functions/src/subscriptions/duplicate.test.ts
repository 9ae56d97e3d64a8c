import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { payStripeCheckout, standInUrl, stripeEnv } from '../../test/stripe';
import { BILLING_MESSAGES } from './messages';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const openCheckout = async (member: Member, options: { env?: Env } = {}) => {
  const response = await post('/subscriptions/checkout', { plan: 'monthly' }, { token: member.jwt, ...options });
  expect(response.status).toBe(200);
  return decodeURIComponent((await bodyOf(response)).url.split('/').at(-1)!);
};
const complete = (member: Member, checkoutId: string) => post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: member.jwt });
const historyOf = async (member: Member, options: { env?: Env } = {}) => bodyOf(await get('/subscriptions/requests', { token: member.jwt, ...options }));

describe('two checkouts of one member, paid in two tabs', { timeout: 30_000 }, () => {
  it('test mode: the second answers 409 and the member keeps one subscription', async () => {
    const member = await signedInMember();
    const first = await openCheckout(member);
    const second = await openCheckout(member);
    expect((await complete(member, first)).status).toBe(200);
    const refused = await complete(member, second);
    expect(refused.status).toBe(409);
    expect(await bodyOf(refused)).toMatchObject({ message: BILLING_MESSAGES.alreadySubscribed, data: { fields: { checkoutId: 'you already have a live subscription' } } });
    expect(await bodyOf(await get(`/subscriptions/test-mode/checkouts/${second}`, { token: member.jwt }))).toMatchObject({ status: 'expired' });
    const { total, data, subscription } = await historyOf(member);
    expect([total, data.map((event: { kind: string }) => event.kind), subscription.status]).toEqual([1, ['started'], 'active']);
    expect((await bodyOf(await get('/auth/me', { token: member.jwt }))).role.type).toBe('premium');
  });

  it('Stripe: the second subscription is canceled at once in Stripe and recorded as ended; the first stays live', async () => {
    const member = await signedInMember();
    const env = stripeEnv();
    const first = await openCheckout(member, { env });
    const second = await openCheckout(member, { env });
    const firstSub = await payStripeCheckout(first);
    const secondSub = await payStripeCheckout(second);
    const confirm = (sessionId: string) => post('/subscriptions/checkout/confirm', { sessionId }, { token: member.jwt, env });
    expect(await bodyOf(await confirm(first))).toMatchObject({ _id: firstSub, status: 'active', premium: true });
    expect(await bodyOf(await confirm(second))).toMatchObject({ _id: secondSub, status: 'canceled', premium: false });
    // Stripe's side: the duplicate is canceled there too, so it is never charged again.
    const inStripe = await fetch(`${standInUrl()}/v1/subscriptions/${secondSub}`, { headers: { Authorization: 'Bearer sk_test_stand_in' } });
    expect(((await inStripe.json()) as { status: string }).status).toBe('canceled');
    const { data } = await historyOf(member, { env });
    expect(data.map((event: { kind: string; detail: string | null }) => [event.kind, event.detail])).toEqual(
      expect.arrayContaining([
        ['ended', 'duplicate'],
        ['started', expect.any(String)],
      ]),
    );
    expect(data).toHaveLength(2);
    expect((await bodyOf(await get('/auth/me', { token: member.jwt }))).role.type).toBe('premium');
    expect(await bodyOf(await get('/subscriptions/cancel-status', { token: member.jwt, env }))).toMatchObject({ subscription: { _id: firstSub, status: 'active' } });
  });

  it("Stripe: opening a new checkout expires the member's earlier open one", async () => {
    const member = await signedInMember();
    const env = stripeEnv();
    const first = await openCheckout(member, { env });
    const second = await openCheckout(member, { env });
    const statusOf = async (id: string) =>
      ((await (await fetch(`${standInUrl()}/v1/checkout/sessions/${id}`, { headers: { Authorization: 'Bearer sk_test_stand_in' } })).json()) as { status: string }).status;
    expect([await statusOf(first), await statusOf(second)]).toEqual(['expired', 'open']);
  });
});

import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, mailTo, post, signedInMember } from '../../test/api';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const checkout = (member: Member, plan: unknown = 'monthly') => post('/subscriptions/checkout', { plan }, { token: member.jwt });
const checkoutIdOf = (url: string) => decodeURIComponent(url.split('/').at(-1)!);
const manage = (member: Member, body: unknown) => call('PATCH', '/subscriptions/manage', body, { token: member.jwt });
const me = async (member: Member) => bodyOf(await get('/auth/me', { token: member.jwt }));
const history = async (member: Member) => bodyOf(await get('/subscriptions/requests', { token: member.jwt }));

/** A member who bought `plan` through the test-mode checkout and came back to the return page. */
async function subscribed(plan: 'monthly' | 'yearly' = 'monthly'): Promise<Member & { checkoutId: string }> {
  const member = await signedInMember();
  const { url } = await bodyOf(await checkout(member, plan));
  const checkoutId = checkoutIdOf(url);
  expect((await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: member.jwt })).status).toBe(200);
  return { ...member, checkoutId };
}

describe('buying Premium in test mode', { timeout: 30_000 }, () => {
  it('answers the plans and their configured prices to anyone', async () => {
    expect(await bodyOf(await get('/subscriptions/plans'))).toEqual({
      plans: [
        { plan: 'monthly', amount: 1500, currency: 'usd' },
        { plan: 'yearly', amount: 14400, currency: 'usd' },
      ],
      testMode: true,
    });
  });

  it('checkout answers the test-mode page; paying it makes the member Premium with a started history', async () => {
    const member = await signedInMember();
    expect((await me(member)).role.type).toBe('free');
    const response = await checkout(member, 'yearly');
    expect(response.status).toBe(200);
    const { url } = await bodyOf(response);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:4321\/premium\/test-checkout\/test_cs_[0-9a-f]{24}$/);
    const checkoutId = checkoutIdOf(url);
    expect(await bodyOf(await get(`/subscriptions/test-mode/checkouts/${checkoutId}`, { token: member.jwt }))).toEqual({
      _id: checkoutId,
      plan: 'yearly',
      status: 'open',
      amount: 14400,
      currency: 'usd',
    });

    const paid = await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: member.jwt });
    expect(await bodyOf(paid)).toMatchObject({ status: 'complete' });
    expect((await me(member)).role.type).toBe('premium');

    // The return page's sync: applying it again changes nothing.
    const confirmed = await bodyOf(await post('/subscriptions/checkout/confirm', { sessionId: checkoutId }, { token: member.jwt }));
    expect(confirmed).toMatchObject({ plan: 'yearly', status: 'active', premium: true, cancelAtPeriodEnd: false });
    const { data, total, subscription } = await history(member);
    expect([total, data.map((event: { kind: string }) => event.kind)]).toEqual([1, ['started']]);
    expect(subscription._id).toBe(confirmed._id);
  });

  it('refuses a second checkout while a subscription is live (409 naming plan)', async () => {
    const member = await subscribed();
    const response = await checkout(member, 'yearly');
    expect(response.status).toBe(409);
    expect(await bodyOf(response)).toMatchObject({ status: 409, data: { fields: { plan: 'you already have a live subscription' } } });
  });

  it('an abandoned checkout leaves the member free and cannot be paid afterwards', async () => {
    const member = await signedInMember();
    const checkoutId = checkoutIdOf((await bodyOf(await checkout(member))).url);
    expect(await bodyOf(await post(`/subscriptions/test-mode/checkouts/${checkoutId}/abandon`, undefined, { token: member.jwt }))).toMatchObject({ status: 'expired' });
    expect((await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: member.jwt })).status).toBe(409);
    expect((await post('/subscriptions/checkout/confirm', { sessionId: checkoutId }, { token: member.jwt })).status).toBe(409);
    expect((await me(member)).role.type).toBe('free');
  });

  it('refuses bad input with the field named', async () => {
    const member = await signedInMember();
    const bad = await checkout(member, 'weekly');
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields)).toEqual(['plan']);
    expect(Object.keys((await bodyOf(await manage(member, { action: 'switch' }))).data.fields)).toEqual(['plan']);
    expect((await manage(member, { action: 'explode' })).status).toBe(400);
    const long = await post('/subscriptions/cancel', { reason: 'x'.repeat(501) }, { token: member.jwt });
    expect(Object.keys((await bodyOf(long)).data.fields)).toEqual(['reason']);
    expect((await get('/subscriptions/requests?limit=0', { token: member.jwt })).status).toBe(400);
  });
});

describe('keeping and ending Premium', { timeout: 30_000 }, () => {
  it('cancels at the period end (Premium stays, reason kept), then undoes it', async () => {
    const member = await subscribed();
    const cancelled = await bodyOf(await post('/subscriptions/cancel', { reason: 'Too expensive for now' }, { token: member.jwt }));
    expect(cancelled).toMatchObject({ pending: true, subscription: { cancelAtPeriodEnd: true, cancelReason: 'Too expensive for now', status: 'active' } });
    expect(cancelled.endsAt).toBe(cancelled.subscription.currentPeriodEnd);
    expect(await bodyOf(await get('/subscriptions/cancel-status', { token: member.jwt }))).toEqual(cancelled);
    expect((await me(member)).role.type).toBe('premium');
    expect((await post('/subscriptions/cancel', {}, { token: member.jwt })).status).toBe(409);

    const undone = await bodyOf(await manage(member, { action: 'undo' }));
    expect(undone).toMatchObject({ url: null, subscription: { cancelAtPeriodEnd: false } });
    expect((await manage(member, { action: 'undo' })).status).toBe(409);
    expect(await bodyOf(await get('/subscriptions/cancel-status', { token: member.jwt }))).toMatchObject({ pending: false, endsAt: null });
    const kinds = (await history(member)).data.map((event: { kind: string }) => event.kind);
    expect(kinds).toEqual(['undone', 'cancel_asked', 'started']);
  });

  it('switches plan, and answers the billing portal address', async () => {
    const member = await subscribed('monthly');
    expect(await bodyOf(await manage(member, { action: 'switch', plan: 'yearly' }))).toMatchObject({ subscription: { plan: 'yearly' } });
    expect((await manage(member, { action: 'switch', plan: 'yearly' })).status).toBe(409);
    expect(await bodyOf(await manage(member, { action: 'portal' }))).toMatchObject({ url: 'http://127.0.0.1:4321/settings/billing/test-portal' });
    expect((await history(member)).data[0]).toMatchObject({ kind: 'plan_switched', plan: 'yearly' });
  });

  it('a failed renewal keeps Premium and tells the member once (notification and mail); the end makes them free', async () => {
    const member = await subscribed();
    const failed = await bodyOf(await post('/subscriptions/test-mode/subscription/fail-renewal', undefined, { token: member.jwt }));
    expect(failed).toMatchObject({ status: 'past_due', premium: true });
    await post('/subscriptions/test-mode/subscription/fail-renewal', undefined, { token: member.jwt });
    expect((await me(member)).role.type).toBe('premium');
    const notices = (await bodyOf(await get('/notifications', { token: member.jwt }))).data.filter((n: { title: string }) => n.title === 'Your Premium payment failed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'account.premium', link: '/settings/billing' });
    expect((await mailTo(member.user.email)).filter((mail) => mail.subject === 'Your Premium payment failed')).toHaveLength(1);

    const renewed = await bodyOf(await post('/subscriptions/test-mode/subscription/renew', undefined, { token: member.jwt }));
    expect(renewed.currentPeriodEnd > failed.currentPeriodEnd).toBe(true);
    expect(await bodyOf(await post('/subscriptions/test-mode/subscription/end', undefined, { token: member.jwt }))).toMatchObject({ status: 'canceled', premium: false });
    expect((await me(member)).role.type).toBe('free');
    expect((await history(member)).data.map((event: { kind: string }) => event.kind)).toEqual(['ended', 'renewed', 'payment_failed', 'started']);
    // Ended: the member may buy again.
    expect((await checkout(member)).status).toBe(200);
  });

  it('an admin grant is history of its own and ending it never ends a paid subscription', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const member = await subscribed();
    const grant = (premium: boolean) => call('PATCH', `/admin/members/${member.user.id}/premium`, { premium }, { token: admin.jwt });
    expect(await bodyOf(await grant(true))).toMatchObject({ premium: true, changed: false });
    expect(await bodyOf(await grant(false))).toMatchObject({ premium: true, changed: false });
    const { data, granted, subscription } = await history(member);
    expect([data.map((event: { kind: string }) => event.kind), granted, subscription.status]).toEqual([['grant_ended', 'granted', 'started'], false, 'active']);
  });
});

describe('who may ask', { timeout: 30_000 }, () => {
  it('every member route wants a session', async () => {
    for (const [method, path, body] of [
      ['POST', '/subscriptions/checkout', { plan: 'monthly' }],
      ['POST', '/subscriptions/checkout/confirm', { sessionId: 'x' }],
      ['GET', '/subscriptions/requests', undefined],
      ['POST', '/subscriptions/cancel', {}],
      ['GET', '/subscriptions/cancel-status', undefined],
      ['PATCH', '/subscriptions/manage', { action: 'portal' }],
      ['GET', '/subscriptions/test-mode/checkouts/x', undefined],
      ['POST', '/subscriptions/test-mode/checkouts/x/complete', undefined],
      ['POST', '/subscriptions/test-mode/subscription/end', undefined],
    ] as const) {
      expect([path, (await call(method, path, body)).status]).toEqual([path, 401]);
    }
  });

  it("another member's checkout and subscription are out of reach", async () => {
    const owner = await signedInMember();
    const checkoutId = checkoutIdOf((await bodyOf(await checkout(owner))).url);
    const other = await signedInMember();
    expect((await get(`/subscriptions/test-mode/checkouts/${checkoutId}`, { token: other.jwt })).status).toBe(404);
    expect((await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: other.jwt })).status).toBe(404);
    await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: owner.jwt });
    expect((await post('/subscriptions/checkout/confirm', { sessionId: checkoutId }, { token: other.jwt })).status).toBe(404);
    expect((await post('/subscriptions/cancel', {}, { token: other.jwt })).status).toBe(404);
    expect((await manage(other, { action: 'portal' })).status).toBe(404);
    expect(await bodyOf(await get('/subscriptions/requests', { token: other.jwt }))).toMatchObject({ total: 0, subscription: null });
    expect((await me(other)).role.type).toBe('free');
  });

  it('the webhook refuses anything in test mode (no Stripe secret): 400, nothing recorded', async () => {
    const response = await post('/subscriptions/webhook', { id: 'evt_1', type: 'customer.subscription.updated' }, { headers: { 'Stripe-Signature': 't=1,v1=00' } });
    expect(response.status).toBe(400);
  });
});

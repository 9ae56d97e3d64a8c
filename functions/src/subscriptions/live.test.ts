import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, call, post, signedInMember } from '../../test/api';
import { closeLiveSockets, joinedLiveSocket } from '../../test/live';

afterEach(closeLiveSockets);

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The `billing` events a socket received, parsed. */
const billingEvents = (frames: string[]) => frames.filter((frame) => frame.startsWith('42["billing"')).map((frame) => JSON.parse(frame.slice(2))[1]);

async function pay(member: Member): Promise<string> {
  const { url } = await bodyOf(await post('/subscriptions/checkout', { plan: 'monthly' }, { token: member.jwt }));
  const checkoutId = decodeURIComponent(url.split('/').at(-1)!);
  expect((await post(`/subscriptions/test-mode/checkouts/${checkoutId}/complete`, undefined, { token: member.jwt })).status).toBe(200);
  return checkoutId;
}

describe('the live billing event', { timeout: 30_000 }, () => {
  it('tells every open tab of the member when Premium starts, and no one else', async () => {
    const [member, other] = await Promise.all([signedInMember(), signedInMember()]);
    const [tab, secondTab, theirs] = await Promise.all([joinedLiveSocket(member), joinedLiveSocket(member), joinedLiveSocket(other)]);
    await pay(member);
    for (const socket of [tab, secondTab]) {
      const frame = await socket.next((f) => f.startsWith('42["billing"'));
      expect(JSON.parse(frame.slice(2))).toEqual(['billing', { premium: true, status: 'active', changes: ['started'] }]);
    }
    expect(billingEvents(theirs.frames)).toEqual([]);
  });

  it('tells of a cancellation, its undo and a failed payment; a sync that changes nothing sends nothing', async () => {
    const member = await signedInMember();
    const checkoutId = await pay(member);
    const tab = await joinedLiveSocket(member);
    // The return page's sync after the payment was applied: nothing changed, nothing sent.
    expect((await post('/subscriptions/checkout/confirm', { sessionId: checkoutId }, { token: member.jwt })).status).toBe(200);
    expect((await post('/subscriptions/cancel', { reason: 'Too dear' }, { token: member.jwt })).status).toBe(200);
    await tab.next((f) => f.startsWith('42["billing"'));
    expect((await call('PATCH', '/subscriptions/manage', { action: 'undo' }, { token: member.jwt })).status).toBe(200);
    await tab.next((f) => f.startsWith('42["billing"'));
    expect((await post('/subscriptions/test-mode/subscription/fail-renewal', undefined, { token: member.jwt })).status).toBe(200);
    await tab.next((f) => f.startsWith('42["billing"'));
    expect(billingEvents(tab.frames)).toEqual([
      { premium: true, status: 'active', changes: ['cancel_asked'] },
      { premium: true, status: 'active', changes: ['undone'] },
      { premium: true, status: 'past_due', changes: ['payment_failed'] },
    ]);
  });

  it('tells the member when Premium ends', async () => {
    const member = await signedInMember();
    await pay(member);
    const tab = await joinedLiveSocket(member);
    expect((await post('/subscriptions/test-mode/subscription/end', undefined, { token: member.jwt })).status).toBe(200);
    const frame = await tab.next((f) => f.startsWith('42["billing"'));
    expect(JSON.parse(frame.slice(2))[1]).toEqual({ premium: false, status: 'canceled', changes: ['ended'] });
  });
});

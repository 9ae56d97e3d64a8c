import type { Subscription } from '@api/subscriptions/schemas';
import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { type BillingState, createBillingActions, createBillingLive } from './billing';

const active: Subscription = {
  _id: 'sub_1',
  plan: 'monthly',
  status: 'active',
  premium: true,
  cancelAtPeriodEnd: false,
  cancelReason: null,
  currentPeriodEnd: '2026-12-25T17:00:00.000Z',
  endedAt: null,
  createdAt: '2026-11-25T17:00:00.000Z',
};

function setup(initial: Partial<BillingState> = {}) {
  const { api, session } = sessionStub();
  const store = atom<BillingState>({ subscription: null, busy: null, ...initial });
  const go = vi.fn();
  const notify = vi.fn();
  const actions = createBillingActions({ store, api, go });
  const live = createBillingLive({ store, actions, notify });
  return { session, store, go, notify, actions, live };
}

/** A promise the test settles by hand, to look at the state while a request is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('$billing', () => {
  test('starts from the subscription the page rendered', () => {
    const { store, actions } = setup();
    actions.hydrate(active);
    expect(store.get()).toEqual({ subscription: active, busy: null, shown: true });
  });

  test('choosing a plan starts a checkout and leaves for its address', async () => {
    const { session, store, go, actions } = setup();
    const answer = deferred<unknown>();
    session.mockReturnValueOnce(answer.promise);
    const choosing = actions.checkout('yearly');
    expect(store.get().busy).toBe('checkout-yearly');
    expect(session).toHaveBeenCalledWith('subscriptions/checkout', { method: 'POST', body: { plan: 'yearly' } });
    answer.resolve({ url: 'https://checkout.example/cs_1' });
    expect(await choosing).toEqual({ ok: true });
    expect(go).toHaveBeenCalledWith('https://checkout.example/cs_1');
    expect(store.get()).toEqual({ subscription: null, busy: null });
  });

  test('one change at a time: a second action while one runs is refused without a request', async () => {
    const { session, actions } = setup({ subscription: active });
    const answer = deferred<unknown>();
    session.mockReturnValueOnce(answer.promise);
    const cancelling = actions.cancel('  ');
    expect(await actions.undo()).toEqual({ ok: false, error: 'Please wait for the current change to finish.' });
    expect(session).toHaveBeenCalledTimes(1);
    // A blank reason is sent as none.
    expect(session).toHaveBeenCalledWith('subscriptions/cancel', { method: 'POST', body: { reason: null } });
    answer.resolve({ pending: true, endsAt: active.currentPeriodEnd, subscription: { ...active, cancelAtPeriodEnd: true } });
    expect(await cancelling).toEqual({ ok: true });
  });

  test('cancel keeps the subscription the API answers, with the pending end', async () => {
    const { session, store, actions } = setup({ subscription: active, shown: true });
    session.mockResolvedValueOnce({ pending: true, endsAt: active.currentPeriodEnd, subscription: { ...active, cancelAtPeriodEnd: true, cancelReason: 'Too dear' } });
    expect(await actions.cancel('Too dear')).toEqual({ ok: true });
    expect(store.get()).toEqual({ subscription: { ...active, cancelAtPeriodEnd: true, cancelReason: 'Too dear' }, busy: null, shown: true });
  });

  test('a refusal leaves the subscription as it was and answers the message', async () => {
    const { session, store, actions } = setup({ subscription: active });
    session.mockRejectedValueOnce(new AppError('No cancellation is pending.', 409));
    expect(await actions.undo()).toEqual({ ok: false, error: 'No cancellation is pending.' });
    expect(session).toHaveBeenCalledWith('subscriptions/manage', { method: 'PATCH', body: { action: 'undo' } });
    expect(store.get()).toEqual({ subscription: active, busy: null });
  });

  test('the portal leaves for its address; switching plan keeps the answered subscription', async () => {
    const { session, store, go, actions } = setup({ subscription: active });
    session.mockResolvedValueOnce({ subscription: null, url: 'https://billing.example/p_1' });
    expect(await actions.portal()).toEqual({ ok: true });
    expect(go).toHaveBeenCalledWith('https://billing.example/p_1');
    expect(store.get().subscription).toEqual(active);
    session.mockResolvedValueOnce({ subscription: { ...active, plan: 'yearly' }, url: null });
    expect(await actions.switchPlan('yearly')).toEqual({ ok: true });
    expect(session).toHaveBeenLastCalledWith('subscriptions/manage', { method: 'PATCH', body: { action: 'switch', plan: 'yearly' } });
    expect(store.get().subscription?.plan).toBe('yearly');
  });

  test('the test checkout pays and goes to the return page, or leaves for the cancelled page', async () => {
    const { session, go, actions } = setup();
    session.mockResolvedValue({ _id: 'test_cs_1', plan: 'monthly', status: 'complete', amount: 1500, currency: 'usd' });
    expect(await actions.testCheckout('test_cs_1', 'complete')).toEqual({ ok: true });
    expect(session).toHaveBeenCalledWith('subscriptions/test-mode/checkouts/test_cs_1/complete', { method: 'POST' });
    expect(go).toHaveBeenLastCalledWith('/premium/success?session_id=test_cs_1');
    expect(await actions.testCheckout('test_cs_1', 'abandon')).toEqual({ ok: true });
    expect(go).toHaveBeenLastCalledWith('/premium/cancelled');
  });
});

describe('the live billing event', () => {
  test('reloads a shown billing screen and says that Premium is on', async () => {
    const { session, store, notify, live } = setup({ subscription: null, shown: true });
    session.mockResolvedValueOnce({ pending: false, endsAt: null, subscription: active });
    live.billing!({ premium: true, status: 'active', changes: ['started'] });
    expect(notify).toHaveBeenCalledWith('Premium is on.', { kind: 'success' });
    await vi.waitFor(() => expect(store.get().subscription).toEqual(active));
    expect(session).toHaveBeenCalledWith('subscriptions/cancel-status');
  });

  test('a failed payment is an error toast; a page without a billing screen asks nothing', () => {
    const { session, notify, live } = setup();
    live.billing!({ premium: true, status: 'past_due', changes: ['payment_failed'] });
    expect(notify).toHaveBeenCalledWith('Your Premium payment failed: update your card in billing settings.', { kind: 'error' });
    expect(session).not.toHaveBeenCalled();
  });

  test('a cancellation made in another tab reloads quietly; a failed reload keeps what was shown', async () => {
    const { session, store, notify, live } = setup({ subscription: active, shown: true });
    session.mockRejectedValueOnce(new AppError('Service unavailable', 503));
    live.billing!({ premium: true, status: 'active', changes: ['cancel_asked'] });
    await vi.waitFor(() => expect(session).toHaveBeenCalledTimes(1));
    expect(notify).not.toHaveBeenCalled();
    expect(store.get().subscription).toEqual(active);
  });
});

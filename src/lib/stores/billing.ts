/**
 * `$billing`: the member's Premium subscription on /settings/billing and the checkout
 * pages. Actions go to /subscriptions (the API applies each change by reading the
 * provider's state) and the store takes the subscription the API answers; a refusal
 * leaves it as it was and is answered to the island as its message.
 */
import type { BillingPlan } from '@api/deps';
import type { Subscription } from '@api/subscriptions/schemas';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';

export type BillingState = { subscription: Subscription | null; busy: string | null };

/** How an action ended: done, or refused with the words to show. */
export type BillingOutcome = { ok: true } | { ok: false; error: string };

export const $billing: WritableAtom<BillingState> = atom<BillingState>({ subscription: null, busy: null });

/** The billing actions over a store and a client (tests inject fakes); `go` leaves for another address. */
export function createBillingActions({ store, api, go }: { store: WritableAtom<BillingState>; api: ApiClient; go: (url: string) => void }) {
  /** Runs one action at a time, keeping the subscription it answers (if any). */
  async function run(busy: string, request: () => Promise<Subscription | null | undefined>): Promise<BillingOutcome> {
    if (store.get().busy) return { ok: false, error: 'Please wait for the current change to finish.' };
    store.set({ ...store.get(), busy });
    try {
      const subscription = await request();
      store.set({ subscription: subscription === undefined ? store.get().subscription : subscription, busy: null });
      return { ok: true };
    } catch (error) {
      store.set({ ...store.get(), busy: null });
      return { ok: false, error: toAppError(error).message };
    }
  }

  return {
    hydrate(subscription: Subscription | null) {
      store.set({ subscription, busy: null });
    },
    /** Starts a checkout and leaves for it. */
    checkout: (plan: BillingPlan) =>
      run(`checkout-${plan}`, async () => {
        const { url } = await data(api.subscriptions.checkout.$post({ json: { plan } }));
        go(url);
        return undefined;
      }),
    /** The return page: applies the paid checkout now. */
    confirm: (sessionId: string) => run('confirm', () => data(api.subscriptions.checkout.confirm.$post({ json: { sessionId } }))),
    cancel: (reason: string) => run('cancel', async () => (await data(api.subscriptions.cancel.$post({ json: { reason: reason.trim() || null } }))).subscription),
    undo: () => run('undo', async () => (await data(api.subscriptions.manage.$patch({ json: { action: 'undo' } }))).subscription),
    switchPlan: (plan: BillingPlan) => run('switch', async () => (await data(api.subscriptions.manage.$patch({ json: { action: 'switch', plan } }))).subscription),
    /** Leaves for the billing portal (card and invoices). */
    portal: () =>
      run('portal', async () => {
        const { url } = await data(api.subscriptions.manage.$patch({ json: { action: 'portal' } }));
        if (url) go(url);
        return undefined;
      }),
    /** Test mode: pay or leave a checkout, then go where Stripe would send the member. */
    testCheckout: (checkoutId: string, action: 'complete' | 'abandon') =>
      run(action, async () => {
        await data(api.subscriptions['test-mode'].checkouts[':checkoutId'][':action'].$post({ param: { checkoutId, action } }));
        go(action === 'complete' ? `/premium/success?session_id=${encodeURIComponent(checkoutId)}` : '/premium/cancelled');
        return undefined;
      }),
    /** Test mode: what the provider does on its own (a failed renewal, a renewal, the end). */
    testSubscription: (action: 'fail-renewal' | 'renew' | 'end') => run(action, () => data(api.subscriptions['test-mode'].subscription[':action'].$post({ param: { action } }))),
  };
}

export const billingActions = createBillingActions({ store: $billing, api: sessionApi, go: (url) => window.location.assign(url) });

/**
 * `$billing`: the member's Premium subscription on /settings/billing and the checkout
 * pages. Actions go to /subscriptions (the API applies each change by reading the
 * provider's state) and the store takes the subscription the API answers; a refusal
 * leaves it as it was and is answered to the island as its message. The live `billing`
 * event (another tab bought, cancelled, or a renewal failed) reloads it where a billing
 * screen shows it, and tells the member with a toast.
 */
import type { BillingPlan } from '@api/deps';
import type { Subscription } from '@api/subscriptions/schemas';
import type { LiveEvents } from '@api/live/events';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import type { LiveHandlers } from '../live/handlers';
import { toast, type ToastKind } from '../toast';

/** `shown`: a billing screen hydrated the store, so live changes reload it. */
export type BillingState = { subscription: Subscription | null; busy: string | null; shown?: boolean };

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
      store.set({ ...store.get(), subscription: subscription === undefined ? store.get().subscription : subscription, busy: null });
      return { ok: true };
    } catch (error) {
      store.set({ ...store.get(), busy: null });
      return { ok: false, error: toAppError(error).message };
    }
  }

  return {
    hydrate(subscription: Subscription | null) {
      store.set({ subscription, busy: null, shown: true });
    },
    /** Reads the subscription again (a change made elsewhere); a failed read keeps what was shown. */
    async reload(): Promise<BillingOutcome> {
      try {
        const { subscription } = await data(api.subscriptions['cancel-status'].$get());
        store.set({ ...store.get(), subscription });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: toAppError(error).message };
      }
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

/** What the member is told when a change reaches an open tab (the other changes only reload the screen). */
const LIVE_WORDS: Partial<Record<string, { message: string; kind: ToastKind }>> = {
  started: { message: 'Premium is on.', kind: 'success' },
  payment_failed: { message: 'Your Premium payment failed: update your card in billing settings.', kind: 'error' },
  ended: { message: 'Your Premium membership ended.', kind: 'info' },
};

/** The live `billing` handler over a store: reloads a shown billing screen and tells what matters. */
export function createBillingLive({
  store,
  actions,
  notify,
}: {
  store: WritableAtom<BillingState>;
  actions: Pick<ReturnType<typeof createBillingActions>, 'reload'>;
  notify: (message: string, options: { kind: ToastKind }) => void;
}): LiveHandlers {
  return {
    billing: (event: LiveEvents['billing']) => {
      if (store.get().shown) void actions.reload();
      for (const change of event.changes) {
        const words = LIVE_WORDS[change];
        if (words) notify(words.message, { kind: words.kind });
      }
    },
  };
}

export const billingLive: LiveHandlers = createBillingLive({ store: $billing, actions: billingActions, notify: toast });

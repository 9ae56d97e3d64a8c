/**
 * `$accountDeletion`: the member's account deletion request on /settings/account. The page
 * renders the latest request (GET /auth/profile-delete); `ask(reason)` files one and
 * `withdraw()` takes it back while it is pending. A failure keeps the request as it was and
 * says why; `reload()` reads it again (after a failed first read, or a 409 from another tab).
 */
import type { InferResponseType } from 'hono/client';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, type ApiClient, data } from '../api/client';
import { toAppError } from '../errors';

/** The request as the API answers it (null: the member never asked). */
export type DeletionRequest = InferResponseType<ApiClient['auth']['profile-delete']['$get'], 200>['request'];

export type AccountDeletionState = {
  /** Null once known to be none; undefined while it could not be read. */
  request: DeletionRequest | undefined;
  busy: 'asking' | 'withdrawing' | 'loading' | null;
  error: string | null;
};

export const $accountDeletion: WritableAtom<AccountDeletionState> = atom<AccountDeletionState>({ request: undefined, busy: null, error: null });

/** The longest reason the API takes (account-deletion/schemas.ts REASON_MAX_LENGTH). */
export const REASON_MAX_LENGTH = 1000;

/** The actions over a store and a client (tests pass fakes). */
export function createAccountDeletionActions(store: WritableAtom<AccountDeletionState>, client: ApiClient) {
  const route = () => client.auth['profile-delete'];

  async function run(busy: NonNullable<AccountDeletionState['busy']>, call: () => Promise<{ request: DeletionRequest }>): Promise<boolean> {
    if (store.get().busy) return false;
    store.set({ ...store.get(), busy, error: null });
    try {
      const { request } = await call();
      store.set({ request, busy: null, error: null });
      return true;
    } catch (error) {
      store.set({ ...store.get(), busy: null, error: toAppError(error).message });
      return false;
    }
  }

  return {
    /** Starts from what the page read (undefined: the read failed). */
    hydrate(request: DeletionRequest | undefined, error: string | null = null): void {
      store.set({ request, busy: null, error });
    },
    /** Asks for deletion with an optional reason; true when the request is filed. */
    ask(reason: string): Promise<boolean> {
      const trimmed = reason.trim();
      return run('asking', () => data(route().$post({ json: trimmed ? { reason: trimmed } : {} })));
    },
    /** Withdraws the pending request; true when it is withdrawn. */
    withdraw(): Promise<boolean> {
      return run('withdrawing', () => data(route().$patch({ json: { status: 'withdrawn' } })));
    },
    /** Reads the latest request again. */
    reload(): Promise<boolean> {
      return run('loading', () => data(route().$get()));
    },
  };
}

export const accountDeletionActions = createAccountDeletionActions($accountDeletion, sessionApi);

/** "25 December 2026": the day a deletion will be done by (UTC, as the mails say it). */
export function deletionDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

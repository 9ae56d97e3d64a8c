/**
 * `$notifications` (docs/product.md#notifications): the notifications, the unseen count,
 * and the loading state of the list, shared by the header bell and the notifications page.
 * Marking seen is optimistic and rolled back with a toast when the server refuses (docs/product.md#notifications,
 * docs/product.md#errors). Live events keep it current: a new notification comes first and raises the
 * count (a new message's stored notification included, collapsed per thread), `counts` sets it, and after a reconnect page 1 and the count are fetched again.
 */
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import type { LiveHandlers } from '../live/handlers';
import { emptyNotifications, isLoaded, markSeenIn, restoreSeen, withIncoming, withPage, type InitialNotifications, type NotificationsState } from '../notifications/state';
import { readNotifications } from '../notifications/reads';
import type { LiveEvents } from '../notifications/types';
import { toast, type ToastKind } from '../toast';
import { busySet } from './machinery/busy';
import { latestLoad } from './machinery/latest';
import { applyOptimistic, toastRefusal } from './machinery/optimistic';

export interface NotificationsDeps {
  store: WritableAtom<NotificationsState>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
}

export const $notifications: WritableAtom<NotificationsState> = atom(emptyNotifications());

/** The notifications actions over a store and a client (tests inject fakes). */
export function createNotificationsActions({ store, api, notify }: NotificationsDeps) {
  /** The latest list load; an older answer arriving late is dropped. */
  const listLoads = latestLoad();
  /** Superseded by each change to the count; a count fetched before it is out of date. */
  const countLoads = latestLoad();
  /** Notifications being marked seen. */
  const marking = busySet();
  const refused = toastRefusal(notify);

  const update = (change: (state: NotificationsState) => NotificationsState) => store.set(change(store.get()));
  const setCount = (count: number) => {
    countLoads.supersede();
    update((state) => ({ ...state, unseenCount: Math.max(0, count) }));
  };

  /** Starts from what the page rendered on the server. */
  function hydrate(initial: InitialNotifications): void {
    listLoads.supersede();
    if (initial.page) update((state) => withPage(state, initial.page!));
    else if (!isLoaded(store.get())) update((state) => ({ ...state, status: 'error', error: initial.error }));
  }

  /** The unseen count the server rendered into the page (fresher than what a previous page knew). */
  function hydrateUnseen(count: number): void {
    setCount(count);
  }

  /** Loads page 1, unless it is loaded or loading; `force` loads it again (merged with what is shown). */
  async function load({ force = false } = {}): Promise<void> {
    const state = store.get();
    if (!force && (state.status === 'loading' || isLoaded(state))) return;
    const latest = listLoads.start();
    const reloading = isLoaded(state);
    if (!reloading) update((current) => ({ ...current, status: 'loading', error: null }));
    try {
      const page = await readNotifications(api, 1);
      if (latest()) update((current) => withPage(current, page));
    } catch (cause) {
      if (!latest()) return;
      const error = toAppError(cause);
      if (reloading) console.error('notifications: page 1 could not be reloaded', error);
      else update((current) => ({ ...current, status: 'error', error: error.message }));
    }
  }

  /** Appends the next page; a failure keeps the list and says why. */
  async function loadMore(): Promise<void> {
    const state = store.get();
    if (state.status !== 'ready' || !state.hasMore) return;
    const latest = listLoads.follow();
    update((current) => ({ ...current, status: 'loading-more' }));
    try {
      const page = await readNotifications(api, state.page + 1);
      if (latest()) update((current) => withPage(current, page));
    } catch (cause) {
      update((current) => ({ ...current, status: 'ready' }));
      notify(toAppError(cause).message, 'error');
    }
  }

  /** GET notifications/unseen-count; a failure keeps the figure shown. */
  async function refreshUnseenNotifications(): Promise<void> {
    const latest = countLoads.follow();
    try {
      const answer = await data(api.notifications['unseen-count'].$get());
      if (latest() && typeof answer?.count === 'number') setCount(answer.count);
    } catch (cause) {
      console.error('notifications: the unseen count could not be refreshed', cause);
    }
  }

  /** Marks one notification seen at once; puts it back and says why when the server refuses. */
  async function markSeen(id: string): Promise<boolean> {
    const item = store.get().notifications.find((notification) => notification._id === id);
    if (!item || item.isSeen || marking.has(id)) return true;
    return marking.during(id, () => {
      const [next, before, newlySeen] = markSeenIn(store.get(), [id]);
      return applyOptimistic({
        change: () => {
          countLoads.supersede();
          store.set({ ...next, unseenCount: Math.max(0, next.unseenCount - newlySeen) });
        },
        request: () => data(api.notifications.seen.$patch({ query: { id } })),
        rollback: () => {
          countLoads.supersede();
          update((state) => ({ ...restoreSeen(state, before), unseenCount: state.unseenCount + newlySeen }));
        },
        onRefused: refused,
      });
    });
  }

  /** Marks every notification seen at once; puts them back and says why when the server refuses. */
  async function markAllSeen(): Promise<boolean> {
    const countBefore = store.get().unseenCount;
    if (countBefore === 0 && store.get().notifications.every((item) => item.isSeen)) return true;
    const [next, before] = markSeenIn(store.get(), null);
    return applyOptimistic({
      change: () => {
        countLoads.supersede();
        store.set({ ...next, unseenCount: 0 });
      },
      request: () => data(api.notifications['seen-all'].$patch()),
      rollback: () => {
        countLoads.supersede();
        update((state) => ({ ...restoreSeen(state, before), unseenCount: state.unseenCount + countBefore }));
      },
      onRefused: refused,
    });
  }

  /**
   * A live `notification`: its stored notification comes first and is counted. A new
   * message's is too when the server stored one (GET notifications lists and counts them,
   * collapsed to one unseen per thread), so the bell shows live what a reload would show.
   */
  function receive(event: LiveEvents['notification']): void {
    const stored = event.notification;
    if (!stored || typeof stored._id !== 'string') return;
    countLoads.supersede();
    update((state) => withIncoming(state, stored));
  }

  /** Live `counts` from another tab or device: the figure, and every item seen when none is left. */
  function receiveCounts(event: LiveEvents['counts']): void {
    if (typeof event.unseenNotifications !== 'number') return;
    setCount(event.unseenNotifications);
    if (event.unseenNotifications === 0) update((state) => markSeenIn(state, null)[0]);
  }

  /** After a reconnect: what may have been missed (page 1 when a list was loaded, and the count). */
  function resync(): void {
    if (isLoaded(store.get())) void load({ force: true });
    void refreshUnseenNotifications();
  }

  return { hydrate, hydrateUnseen, load, loadMore, refreshUnseenNotifications, markSeen, markAllSeen, receive, receiveCounts, resync };
}

export type NotificationsActions = ReturnType<typeof createNotificationsActions>;

/** The app's notifications actions, on `$notifications`, over the session proxy. */
export const notificationsActions: NotificationsActions = createNotificationsActions({
  store: $notifications,
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
});

/** How `$notifications` answers the live connection (subscribed by src/lib/live/wiring.ts). */
export const notificationsLive: LiveHandlers = {
  notification: notificationsActions.receive,
  counts: notificationsActions.receiveCounts,
  // Notifications stored between the page's rendering and the first connect reached no socket.
  firstConnect: () => void notificationsActions.refreshUnseenNotifications(),
  reconnect: notificationsActions.resync,
};

/**
 * The state of `$notifications` (docs/product.md#notifications: notifications, unseen
 * count) and its pure changes: pages merged newest first without repeats, items marked
 * seen and put back exactly as they were when the server refuses.
 */
import type { Notification, NotificationPage } from './types';

export type NotificationsStatus = 'idle' | 'loading' | 'ready' | 'loading-more' | 'error';

export interface NotificationsState {
  /** Newest first, each once. */
  notifications: Notification[];
  /** Unseen notifications of the member (all of them, not only the loaded ones). */
  unseenCount: number;
  status: NotificationsStatus;
  /** Why the first page could not be loaded (shown with a retry). */
  error: string | null;
  /** The last page loaded (0: none yet). */
  page: number;
  hasMore: boolean;
}

/** What a server-rendered page hands the store: the first page, or why it failed. */
export interface InitialNotifications {
  page: NotificationPage | null;
  error: string | null;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function emptyNotifications(): NotificationsState {
  return { notifications: [], unseenCount: 0, status: 'idle', error: null, page: 0, hasMore: false };
}

/** Whether a list has been loaded at least once (more may be loading). */
export function isLoaded(state: Pick<NotificationsState, 'status'>): boolean {
  return state.status === 'ready' || state.status === 'loading-more';
}

const newestFirst = (a: Notification, b: Notification) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

/**
 * `incoming` merged into `current`: an item already there is replaced by its newer copy
 * (a collapsed notification comes back updated), the rest is kept, newest first.
 */
function mergeNotifications(current: Notification[], incoming: Notification[]): Notification[] {
  const byId = new Map(current.map((item) => [item._id, item]));
  for (const item of incoming) byId.set(item._id, item);
  return [...byId.values()].sort(newestFirst);
}

/** The state after a page of the server arrived (page 1 reloads merge with what is shown). */
export function withPage(state: NotificationsState, page: NotificationPage): NotificationsState {
  return {
    ...state,
    notifications: mergeNotifications(state.notifications, page.data),
    status: 'ready',
    error: null,
    // Page 1 again (a reconnect, a revisit) keeps the pages loaded after it.
    ...(page.page === 1 && state.page > 1 ? { page: state.page, hasMore: state.hasMore } : { page: page.page, hasMore: page.page < page.pages }),
  };
}

/**
 * A notification pushed live: put first (or replaces its older copy) and counted when it
 * is new and unseen. Answers the state unchanged for a notification already shown as is.
 */
export function withIncoming(state: NotificationsState, item: Notification): NotificationsState {
  const before = state.notifications.find((existing) => existing._id === item._id);
  const delta = (item.isSeen ? 0 : 1) - (before && !before.isSeen ? 1 : 0);
  return {
    ...state,
    notifications: mergeNotifications(state.notifications, [item]),
    unseenCount: Math.max(0, state.unseenCount + delta),
  };
}

/** The `isSeen` flags of the given items, to put back after a refused change. */
export type SeenSnapshot = Record<string, boolean>;

/** Marks the items with `ids` seen (all when `ids` is null); answers the new state and what they were. */
export function markSeenIn(state: NotificationsState, ids: string[] | null): [NotificationsState, SeenSnapshot, number] {
  const wanted = ids ? new Set(ids) : null;
  const before: SeenSnapshot = {};
  let newlySeen = 0;
  const notifications = state.notifications.map((item) => {
    if (wanted && !wanted.has(item._id)) return item;
    before[item._id] = item.isSeen;
    if (item.isSeen) return item;
    newlySeen += 1;
    return { ...item, isSeen: true };
  });
  return [{ ...state, notifications }, before, newlySeen];
}

/** Puts back the flags of `snapshot` (only those still marked seen: a later change stays). */
export function restoreSeen(state: NotificationsState, snapshot: SeenSnapshot): NotificationsState {
  return {
    ...state,
    notifications: state.notifications.map((item) => (item._id in snapshot && item.isSeen && snapshot[item._id] === false ? { ...item, isSeen: false } : item)),
  };
}

import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { AppError } from '../errors';
import { emptyNotifications, type NotificationsState } from '../notifications/state';
import type { MemberCard, Notification, NotificationPage } from '../notifications/types';
import { sessionStub } from '../api/session-stub';
import { createNotificationsActions } from './notifications';

const ada: MemberCard = { _id: 'u-ada', memberType: 'founder', name: 'Ada Lovelace', tagline: null, slug: 'ada', avatar: null, banner: null, profileId: 'p-ada', premium: false };

function note(id: string, minute: number, over: Partial<Notification> = {}): Notification {
  return {
    _id: id,
    isSeen: false,
    title: 'New connection request',
    body: 'Ada Tester wants to connect',
    kind: 'connection.requested',
    link: '/connections',
    userId: 'u-ben',
    userReceiver: 'u-ben',
    userSender: { _id: ada._id, profile: ada },
    createdAt: `2026-03-09T10:${String(minute).padStart(2, '0')}:00Z`,
    ...over,
  };
}

const page = (data: Notification[], pageNo = 1, pages = 1): NotificationPage => ({ data, total: pages * 20, page: pageNo, limit: 20, pages });

function setup(initial?: NotificationPage, unseen = 0) {
  const store = atom<NotificationsState>(emptyNotifications());
  const { api, session } = sessionStub();
  const notify = vi.fn();
  const actions = createNotificationsActions({ store, api, notify });
  if (initial) actions.hydrate({ page: initial, error: null });
  actions.hydrateUnseen(unseen);
  return { store, session, notify, actions };
}

const ids = (state: NotificationsState) => state.notifications.map((item) => item._id);

describe('the notifications store', () => {
  test('loads the first page from the session proxy, newest first', async () => {
    const { store, session, actions } = setup();
    session.mockResolvedValueOnce(page([note('n1', 1), note('n2', 2)], 1, 2));
    const loading = actions.load();
    expect(store.get().status).toBe('loading');
    await loading;
    expect(session).toHaveBeenCalledWith('notifications?page=1&limit=20');
    expect(ids(store.get())).toEqual(['n2', 'n1']);
    expect(store.get()).toMatchObject({ status: 'ready', page: 1, hasMore: true });
  });

  test('a first load that fails shows the error; a later one recovers', async () => {
    const { store, session, actions } = setup();
    session.mockRejectedValueOnce(new AppError('Service unavailable', 503));
    await actions.load();
    expect(store.get()).toMatchObject({ status: 'error', error: 'Service unavailable' });
    session.mockResolvedValueOnce(page([note('n1', 1)]));
    await actions.load();
    expect(store.get()).toMatchObject({ status: 'ready', error: null, hasMore: false });
  });

  test('load more appends the next page without repeating what is shown', async () => {
    const { store, session, actions } = setup(page([note('n3', 3), note('n2', 2)], 1, 2));
    session.mockResolvedValueOnce(page([note('n2', 2), note('n1', 1)], 2, 2));
    await actions.loadMore();
    expect(session).toHaveBeenCalledWith('notifications?page=2&limit=20');
    expect(ids(store.get())).toEqual(['n3', 'n2', 'n1']);
    expect(store.get()).toMatchObject({ page: 2, hasMore: false });
  });

  test('a failed load more keeps the list and says why', async () => {
    const { store, session, notify, actions } = setup(page([note('n2', 2)], 1, 2));
    session.mockRejectedValueOnce(new AppError('Too many requests', 429));
    await actions.loadMore();
    expect(store.get()).toMatchObject({ status: 'ready', hasMore: true });
    expect(notify).toHaveBeenCalledWith('Too many requests', 'error');
  });

  test('marking seen shows at once and settles', async () => {
    const { store, session, actions } = setup(page([note('n1', 1)]), 3);
    let answer!: (value: unknown) => void;
    session.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const marking = actions.markSeen('n1');
    expect(session).toHaveBeenCalledWith('notifications/seen?id=n1', { method: 'PATCH' });
    expect(store.get().notifications[0]!.isSeen).toBe(true);
    expect(store.get().unseenCount).toBe(2);
    answer(note('n1', 1, { isSeen: true }));
    expect(await marking).toBe(true);
    expect(store.get().unseenCount).toBe(2);
  });

  test('marking seen is rolled back with a toast when the server refuses', async () => {
    const { store, session, notify, actions } = setup(page([note('n1', 1), note('n2', 2)]), 2);
    session.mockRejectedValueOnce(new AppError('Notification not found.', 404));
    expect(await actions.markSeen('n1')).toBe(false);
    expect(store.get().notifications.find((item) => item._id === 'n1')!.isSeen).toBe(false);
    expect(store.get().unseenCount).toBe(2);
    expect(notify).toHaveBeenCalledWith('Notification not found.', 'error');
  });

  test('a seen notification is not sent again', async () => {
    const { session, actions } = setup(page([note('n1', 1, { isSeen: true })]));
    expect(await actions.markSeen('n1')).toBe(true);
    expect(session).not.toHaveBeenCalled();
  });

  test('mark all as read empties the count and puts every one back when refused', async () => {
    const { store, session, notify, actions } = setup(page([note('n1', 1), note('n2', 2, { isSeen: true }), note('n3', 3)]), 5);
    session.mockRejectedValueOnce(new AppError('Something went to wrong', 500));
    const marking = actions.markAllSeen();
    expect(store.get().unseenCount).toBe(0);
    expect(store.get().notifications.every((item) => item.isSeen)).toBe(true);
    expect(await marking).toBe(false);
    expect(session).toHaveBeenCalledWith('notifications/seen-all', { method: 'PATCH' });
    expect(store.get().unseenCount).toBe(5);
    expect(store.get().notifications.map((item) => item.isSeen)).toEqual([false, true, false]);
    expect(notify).toHaveBeenCalledWith('Something went to wrong', 'error');
  });

  test('a live notification comes first once and raises the count', () => {
    const { store, actions } = setup(page([note('n1', 1)]), 1);
    const live = note('n9', 9, { title: 'Ada Tester liked your post', kind: 'post.liked' });
    actions.receive({ title: live.title, body: live.body, userSender: ada, notification: live });
    actions.receive({ title: live.title, body: live.body, userSender: ada, notification: live });
    expect(ids(store.get())).toEqual(['n9', 'n1']);
    expect(store.get().unseenCount).toBe(2);
  });

  test("a new message's stored notification is listed as a reload would list it, collapsed into its unseen one", () => {
    const { store, actions } = setup(page([note('n1', 1)]), 1);
    const first = note('m1', 10, { title: 'New Message', body: 'Hello', kind: 'message.received', link: '/inbox?personalInbox=t1' });
    actions.receive({ title: 'New Message', body: {} as never, userSender: ada, notification: first });
    actions.receive({ title: 'New Message', body: {} as never, userSender: ada, notification: { ...first, body: 'Are you there?', createdAt: '2026-03-09T10:11:00Z' } });
    expect(ids(store.get())).toEqual(['m1', 'n1']);
    expect(store.get().notifications[0]!.body).toBe('Are you there?');
    expect(store.get().unseenCount).toBe(2);
    actions.receive({ title: 'New Message', body: {} as never, userSender: ada, notification: null });
    expect(store.get().unseenCount).toBe(2);
  });

  test('counts from another tab set the figure; zero marks what is shown seen', () => {
    const { store, actions } = setup(page([note('n1', 1)]), 1);
    actions.receiveCounts({ unseenNotifications: 4 });
    expect(store.get().unseenCount).toBe(4);
    actions.receiveCounts({ unseenMessages: 7 });
    expect(store.get().unseenCount).toBe(4);
    actions.receiveCounts({ unseenNotifications: 0 });
    expect(store.get().notifications[0]!.isSeen).toBe(true);
  });

  test('refreshes the unseen count, but not over a change made meanwhile', async () => {
    const { store, session, actions } = setup(undefined, 1);
    session.mockResolvedValueOnce({ count: 6 });
    await actions.refreshUnseenNotifications();
    expect(session).toHaveBeenCalledWith('notifications/unseen-count');
    expect(store.get().unseenCount).toBe(6);
    let answer!: (value: unknown) => void;
    session.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const refreshing = actions.refreshUnseenNotifications();
    actions.receiveCounts({ unseenNotifications: 2 });
    answer({ count: 6 });
    await refreshing;
    expect(store.get().unseenCount).toBe(2);
  });

  test('after a reconnect, page 1 is fetched again and merged, and the count with it', async () => {
    const { store, session, actions } = setup(page([note('n2', 2), note('n1', 1)], 1, 3), 0);
    session.mockResolvedValueOnce(page([note('n1', 1)], 2, 3));
    await actions.loadMore();
    session.mockImplementation(async (path: string) => (path.startsWith('notifications?') ? page([note('n5', 5), note('n2', 2, { isSeen: true })], 1, 3) : { count: 1 }));
    actions.resync();
    await vi.waitFor(() => expect(store.get().unseenCount).toBe(1));
    expect(ids(store.get())).toEqual(['n5', 'n2', 'n1']);
    expect(store.get().notifications[1]!.isSeen).toBe(true);
    expect(store.get()).toMatchObject({ page: 2, hasMore: true });
  });
});

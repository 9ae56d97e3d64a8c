import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors';
import { card, message, thread } from '../inbox/fixtures';
import { latestSeenOwnId } from '../inbox/messages';
import { emptyInbox, type InitialInbox } from '../inbox/state';
import type { InboxState, Message, Thread } from '../inbox/types';
import { sessionStub } from '../api/session-stub';
import { createInboxActions } from './inbox';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const C = 'c'.repeat(24);

type Route = (path: string, options?: { method?: string; body?: unknown }) => unknown;

function setup(routes: Record<string, Route | unknown>, { visible = true } = {}) {
  const store = atom<InboxState>(emptyInbox());
  const calls: string[] = [];
  const sounds: number[] = [];
  const toasts: string[] = [];
  const { api, session } = sessionStub();
  session.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    calls.push(`${options?.method ?? 'GET'} ${path}`);
    const key = Object.keys(routes).find((prefix) => `${options?.method ?? 'GET'} ${path}`.startsWith(prefix));
    if (!key) throw new AppError(`no route ${path}`, 404);
    const route = routes[key];
    const value = typeof route === 'function' ? (route as Route)(path, options) : route;
    if (value instanceof Error) throw value;
    return value;
  });
  const actions = createInboxActions({
    store,
    api,
    notify: (text) => void toasts.push(text),
    now: () => '2026-03-03T13:00:00.000Z',
    playSound: () => void sounds.push(1),
    visible: () => visible,
  });
  return { store, actions, calls, sounds, toasts };
}

const page = (data: Thread[], pageNo = 1, pages = 1) => ({ data, total: data.length, page: pageNo, limit: 20, pages });
const withB = (latest: Message | null, extra: Partial<Thread> = {}) => thread('t1', A, B, latest, extra);

function initial(extra: Partial<InitialInbox> = {}): InitialInbox {
  return { viewerId: A, filter: 'all', page: page([]), error: null, open: null, unseen: 0, ...extra };
}

describe('$inbox', () => {
  it('hydrates from the server render, counting the open thread as read', () => {
    const { store, actions } = setup({});
    const unread = withB(message('m1', B, A, 1), { unreadCount: 2 });
    actions.hydrate(
      initial({ page: page([unread]), open: { id: 't1', data: { thread: unread, messages: [message('m1', B, A, 1)], hasMore: false }, error: null }, unseen: 0 }),
      card(A),
    );
    expect(store.get().users[0]!.unreadCount).toBe(0);
    expect(store.get().open?.status).toBe('ready');
  });

  it('loads more threads without repeats, and filters', async () => {
    const t2 = thread('t2', A, C, message('m2', C, A, 2));
    const { store, actions, calls } = setup({
      'GET connections?limit=20&page=2&msgStatus=all': page([withB(message('m1', B, A, 1)), t2], 2, 2),
      'GET connections?limit=20&page=1&msgStatus=unread': page([t2]),
    });
    actions.hydrate(initial({ page: page([withB(message('m1', B, A, 1))], 1, 2) }), card(A));
    await actions.loadMore();
    expect(store.get().users.map((t) => t._id)).toEqual(['t1', 't2']);
    expect(store.get().hasMore).toBe(false);
    await actions.loadThreads('unread');
    expect(store.get()).toMatchObject({ filter: 'unread', status: 'ready' });
    expect(calls).toContain('GET connections?limit=20&page=1&msgStatus=unread');
  });

  it('opening a thread reads it: the entry and the count go down', async () => {
    const unread = withB(message('m1', B, A, 1), { unreadCount: 2 });
    const { store, actions } = setup({ 'GET connections/t1?limit=30': { thread: unread, messages: [message('m0', B, A, 0), message('m1', B, A, 1)], hasMore: true } });
    actions.hydrate(initial({ page: page([unread]), unseen: 5 }), card(A));
    await actions.openThread('t1');
    expect(store.get().unseenMessageCount).toBe(3);
    expect(store.get().users[0]!.unreadCount).toBe(0);
    expect(store.get().open).toMatchObject({ status: 'ready', hasMore: true });
    expect(store.get().open!.messages.every((m) => m.read)).toBe(true);
  });

  it('loads older messages before the oldest shown, and says so when that fails', async () => {
    const t = withB(message('m5', B, A, 5));
    let fail = false;
    const { store, actions, calls } = setup({
      'GET connections/t1?limit=30&before=m4': () =>
        fail ? new AppError('Offline', 0) : { thread: t, messages: [message('m2', B, A, 2), message('m3', A, B, 3)], hasMore: false },
    });
    actions.hydrate(
      initial({ page: page([t]), open: { id: 't1', data: { thread: t, messages: [message('m4', A, B, 4), message('m5', B, A, 5)], hasMore: true }, error: null } }),
      card(A),
    );
    await actions.loadOlder();
    expect(calls).toContain('GET connections/t1?limit=30&before=m4');
    expect(store.get().open!.messages.map((m) => m._id)).toEqual(['m2', 'm3', 'm4', 'm5']);
    expect(store.get().open!.hasMore).toBe(false);
    store.set({ ...store.get(), open: { ...store.get().open!, hasMore: true, messages: store.get().open!.messages.slice(2) } });
    fail = true;
    await actions.loadOlder();
    expect(store.get().open).toMatchObject({ loadingOlder: false, olderError: 'Offline' });
  });

  it('shows an error for a thread that cannot be opened', async () => {
    const { store, actions } = setup({ 'GET connections/zz': new AppError('Conversation not found.', 404) });
    actions.hydrate(initial(), card(A));
    await actions.openThread('zz');
    expect(store.get().open).toMatchObject({ status: 'error', error: 'Conversation not found.' });
  });
});

describe('sending', () => {
  const open = (routes: Record<string, unknown>) => {
    const t = withB(message('m1', B, A, 1, { read: true }));
    const env = setup(routes);
    env.actions.hydrate(
      initial({
        page: page([thread('t2', A, C, message('m2', C, A, 2)), t]),
        open: { id: 't1', data: { thread: t, messages: [message('m1', B, A, 1)], hasMore: false }, error: null },
      }),
      card(A),
    );
    return env;
  };

  it('shows the message at once, then the stored one, and moves the thread up', async () => {
    const stored = message('m9', A, B, 9, { body: 'Hello' });
    let answer!: (value: unknown) => void;
    const { store, actions, calls } = open({ 'POST connections/messages': () => new Promise((resolve) => (answer = resolve)) });
    expect(actions.send({ body: ' Hello ', attachments: [], replyTo: null })).toBe(true);
    expect(store.get().open!.messages.at(-1)).toMatchObject({ pending: 'sending', body: 'Hello' });
    answer({ message: stored, thread: withB(stored) });
    await vi.waitFor(() => expect(store.get().open!.messages.at(-1)!._id).toBe('m9'));
    expect(store.get().open!.messages.some((m) => m.pending)).toBe(false);
    expect(store.get().users[0]!._id).toBe('t1');
    expect(calls).toContain('POST connections/messages');
  });

  it('marks a refused message failed with the reason; Retry sends it again', async () => {
    let fail = true;
    const stored = message('m9', A, B, 9);
    const { store, actions } = open({
      'POST connections/messages': () => (fail ? new AppError('You can only message your connections.', 403) : { message: stored, thread: withB(stored) }),
    });
    actions.send({ body: 'Hi', attachments: [], replyTo: null });
    await vi.waitFor(() => expect(store.get().open!.messages.at(-1)).toMatchObject({ pending: 'failed', error: 'You can only message your connections.' }));
    fail = false;
    actions.retry(store.get().open!.messages.at(-1)!._id);
    await vi.waitFor(() => expect(store.get().open!.messages.at(-1)!._id).toBe('m9'));
  });

  it('sends nothing empty', () => {
    const { actions } = open({});
    expect(actions.send({ body: '  ', attachments: [], replyTo: null })).toBe(false);
  });

  it('deletes optimistically and puts the message back with a toast when refused', async () => {
    const { store, actions, toasts } = open({ 'DELETE connections/deleteMessage/m1': new AppError('You can only delete your own messages.', 403) });
    const deleting = actions.deleteMessage('t1', 'm1');
    expect(store.get().open!.messages[0]).toMatchObject({ deleted: true, body: '' });
    await deleting;
    expect(store.get().open!.messages[0]).toMatchObject({ deleted: false, body: 'text m1' });
    expect(toasts).toEqual(['You can only delete your own messages.']);
  });
});

describe('live', () => {
  it('a new thread goes on top, plays the sound and raises the count', () => {
    const { store, actions, sounds } = setup({});
    actions.hydrate(initial({ page: page([withB(message('m1', B, A, 1, { read: true }))]), unseen: 0 }), card(A));
    actions.receiveMessage(thread('t2', A, C, message('m2', C, A, 2), { unreadCount: 1 }));
    expect(store.get().users.map((t) => t._id)).toEqual(['t2', 't1']);
    expect(store.get().unseenMessageCount).toBe(1);
    expect(sounds).toHaveLength(1);
  });

  it('a thread already unread stays quiet', () => {
    const { store, actions, sounds } = setup({});
    actions.hydrate(initial({ page: page([withB(message('m1', B, A, 1), { unreadCount: 1 })]), unseen: 1 }), card(A));
    actions.receiveMessage(withB(message('m2', B, A, 2), { unreadCount: 2 }));
    expect(store.get().unseenMessageCount).toBe(2);
    expect(sounds).toHaveLength(0);
  });

  it('the open, visible thread gets the message and reads it at once', async () => {
    const t = withB(message('m1', B, A, 1, { read: true }));
    const { store, actions, calls } = setup({ 'GET connections/t1?limit=1': { thread: t, messages: [], hasMore: true } });
    actions.hydrate(
      initial({ page: page([t]), open: { id: 't1', data: { thread: t, messages: [message('m1', B, A, 1, { read: true })], hasMore: false }, error: null }, unseen: 0 }),
      card(A),
    );
    actions.receiveMessage(withB(message('m2', B, A, 2), { unreadCount: 1 }));
    expect(store.get().open!.messages.map((m) => m._id)).toEqual(['m1', 'm2']);
    expect(store.get().unseenMessageCount).toBe(0);
    await vi.waitFor(() => expect(calls).toContain('GET connections/t1?limit=1'));
  });

  it('away from the inbox the count rises by one; the sound plays when nothing was unread', () => {
    const { store, actions, sounds } = setup({});
    actions.receiveMessage(withB(message('m2', B, A, 2), { unreadCount: 1 }));
    actions.receiveMessage(withB(message('m3', B, A, 3), { unreadCount: 2 }));
    expect(store.get().unseenMessageCount).toBe(2);
    expect(sounds).toHaveLength(1);
    expect(store.get().users).toEqual([]);
  });

  it('a deletion shows "deleted" in the open thread; counts set the figure', () => {
    const t = withB(message('m1', B, A, 1));
    const { store, actions } = setup({});
    actions.hydrate(initial({ page: page([t]), open: { id: 't1', data: { thread: t, messages: [message('m1', B, A, 1)], hasMore: false }, error: null } }), card(A));
    actions.receiveThread(withB(message('m1', B, A, 1, { deleted: true, body: '' })), 'm1');
    expect(store.get().open!.messages[0]!.deleted).toBe(true);
    actions.receiveCounts(7);
    expect(store.get().unseenMessageCount).toBe(7);
  });

  it('own messages from another tab join the open thread and move it up', () => {
    const t = withB(message('m1', B, A, 1));
    const { store, actions } = setup({});
    actions.hydrate(
      initial({
        page: page([thread('t2', A, C, message('m2', C, A, 2)), t]),
        open: { id: 't1', data: { thread: t, messages: [message('m1', B, A, 1)], hasMore: false }, error: null },
      }),
      card(A),
    );
    actions.receiveThread(withB(message('m5', A, B, 5)));
    expect(store.get().users[0]!._id).toBe('t1');
    expect(store.get().open!.messages.map((m) => m._id)).toEqual(['m1', 'm5']);
  });

  it('the other member reading the thread marks the own messages to them read, in the list and the open thread', () => {
    const mine = message('m2', A, B, 2);
    const t = withB(mine);
    const { store, actions } = setup({});
    actions.hydrate(
      initial({ page: page([t]), open: { id: 't1', data: { thread: t, messages: [message('m1', B, A, 1, { read: true }), mine], hasMore: false }, error: null } }),
      card(A),
    );
    expect(latestSeenOwnId(store.get().open!.messages, A)).toBeNull();
    actions.receiveRead('t1', B);
    expect(store.get().users[0]!.latestMessage!.read).toBe(true);
    expect(store.get().open!.thread!.latestMessage!.read).toBe(true);
    expect(store.get().open!.messages.map((m) => m.read)).toEqual([true, true]);
    expect(latestSeenOwnId(store.get().open!.messages, A)).toBe('m2');
    expect(store.get().unseenMessageCount).toBe(0);
    // Once the other member answers, their message is the latest: nothing says Seen.
    expect(latestSeenOwnId([...store.get().open!.messages, message('m3', B, A, 3)], A)).toBeNull();
  });

  it('after a reconnect fetches page 1, the count and the open thread', async () => {
    const t = withB(message('m1', B, A, 1));
    const { calls, actions } = setup({
      'GET connections/messages/unseen-count': { count: 0 },
      'GET connections?limit=20&page=1&msgStatus=all': page([t]),
      'GET connections/t1?limit=30': { thread: t, messages: [message('m1', B, A, 1)], hasMore: false },
    });
    actions.hydrate(initial({ page: page([t]), open: { id: 't1', data: { thread: t, messages: [], hasMore: false }, error: null } }), card(A));
    await actions.resync();
    expect(calls.sort()).toEqual(['GET connections/messages/unseen-count', 'GET connections/t1?limit=30', 'GET connections?limit=20&page=1&msgStatus=all']);
  });
});

describe('a send announced live before its answer', () => {
  it('turns the stand-in into the stored message at once; the late answer adds nothing', async () => {
    const t = withB(message('m1', B, A, 1, { read: true }));
    let answer!: (value: unknown) => void;
    const { store, actions } = setup({ 'POST connections/messages': () => new Promise((resolve) => (answer = resolve)) });
    actions.hydrate(initial({ page: page([t]), open: { id: 't1', data: { thread: t, messages: [message('m1', B, A, 1)], hasMore: false }, error: null } }), card(A));
    actions.send({ body: 'Hello', attachments: [], replyTo: null });
    const stored = message('m9', A, B, 9, { body: 'Hello' });
    actions.receiveThread(withB(stored));
    expect(store.get().open!.messages.map((m) => [m._id, m.pending])).toEqual([
      ['m1', undefined],
      ['m9', undefined],
    ]);
    answer({ message: stored, thread: withB(stored) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.get().open!.messages.map((m) => m._id)).toEqual(['m1', 'm9']);
  });
});

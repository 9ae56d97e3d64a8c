import type { MessageRequest, MessageRequestPage } from '@api/message-requests/schemas';
import type { LiveEventName } from '@api/live/events';
import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { card } from '../inbox/fixtures';
import type { LiveSource } from '../live/wiring';
import { wireLiveUpdates } from '../live/wiring';
import { createRequestActions, createRequestSettingActions, createRequestsLive, type RequestsState } from './message-requests';

function request(id: string, from: string): MessageRequest {
  return {
    _id: id,
    sender: { ...card(from), premium: true },
    recipient: card('me'),
    body: `hello from ${from}`,
    status: 'pending',
    createdAt: '2026-03-03T12:00:00.000Z',
    answeredAt: null,
  };
}

const pageOf = (items: MessageRequest[]): MessageRequestPage => ({ data: items, total: items.length, page: 1, limit: 50, pages: items.length ? 1 : 0 });

/** A live `notification` payload of `kind`, as the API sends it. */
function notification(kind: string) {
  return {
    title: 'New message request',
    body: 'Ada: hello',
    userSender: card('ada'),
    notification: {
      _id: 'n1',
      isSeen: false,
      title: 'New message request',
      body: 'Ada: hello',
      kind,
      link: '/inbox?folder=requests',
      userId: 'me',
      userReceiver: 'me',
      userSender: null,
      createdAt: '2026-03-03T12:00:00.000Z',
    },
  };
}

/** Stands in for the live client: keeps the subscriptions and lets the test fire events. */
function fakeSource() {
  const events = new Map<LiveEventName, Set<(payload: unknown) => void>>();
  const reconnects = new Set<() => void>();
  const source: LiveSource = {
    on(event, handler) {
      const set = events.get(event) ?? new Set();
      events.set(event, set);
      set.add(handler as (payload: unknown) => void);
      return () => void set.delete(handler as (payload: unknown) => void);
    },
    onConnect: () => () => undefined,
    onReconnect(handler) {
      reconnects.add(handler);
      return () => void reconnects.delete(handler);
    },
  };
  return {
    source,
    fire: (event: LiveEventName, payload: unknown) => [...(events.get(event) ?? [])].forEach((handler) => handler(payload)),
    reconnect: () => [...reconnects].forEach((handler) => handler()),
  };
}

function setup(followed: RequestsState['followed'] = false) {
  const { api, session } = sessionStub();
  const store = atom<RequestsState>({ items: [], total: 0, busy: null, followed });
  const notify = vi.fn();
  const actions = createRequestActions({ store, api, notify });
  const live = fakeSource();
  wireLiveUpdates(live.source, [createRequestsLive(store, actions)]);
  return { session, store, notify, actions, live };
}

/** Lets the promises the handlers started settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Requests folder, live', () => {
  test('a live message request reloads the folder shown, and its count follows', async () => {
    const { session, store, actions, live } = setup();
    actions.hydrate(pageOf([request('r1', 'bo')]));
    session.mockResolvedValueOnce(pageOf([request('r2', 'ada'), request('r1', 'bo')]));
    live.fire('notification', notification('message.requested'));
    await settle();
    expect(session).toHaveBeenCalledWith('message-requests?page=1&limit=50');
    expect(store.get().items.map((item) => item._id)).toEqual(['r2', 'r1']);
    expect(store.get().total).toBe(2);
  });

  test('on the conversations folder only the tab count is followed, and it rises', async () => {
    const { session, store, actions, live } = setup();
    actions.hydrateCount(0);
    session.mockResolvedValueOnce(pageOf([request('r2', 'ada')]));
    live.fire('notification', notification('message.requested'));
    await settle();
    expect(store.get().total).toBe(1);
  });

  test('other notifications, and pages that show no requests, fetch nothing', async () => {
    const followed = setup(true);
    followed.live.fire('notification', notification('connection.requested'));
    followed.live.fire('notification', { title: 'New Message', body: { _id: 't1' }, userSender: null });
    await settle();
    expect(followed.session).not.toHaveBeenCalled();

    const elsewhere = setup(false);
    elsewhere.live.fire('notification', notification('message.requested'));
    elsewhere.live.reconnect();
    await settle();
    expect(elsewhere.session).not.toHaveBeenCalled();
  });

  test('a reconnect catches up with requests sent while the socket was down', async () => {
    const { session, store, live } = setup(true);
    session.mockResolvedValueOnce(pageOf([request('r3', 'cy')]));
    live.reconnect();
    await settle();
    expect(store.get().items.map((item) => item._id)).toEqual(['r3']);
  });

  test('a failed reload keeps the folder and says why', async () => {
    const { session, store, notify, actions, live } = setup();
    actions.hydrate(pageOf([request('r1', 'bo')]));
    session.mockRejectedValueOnce(new AppError('Too many requests', 429));
    live.fire('notification', notification('message.requested'));
    await settle();
    expect(store.get().items.map((item) => item._id)).toEqual(['r1']);
    expect(notify).toHaveBeenCalledWith('Your requests could not be loaded: Too many requests', 'error');
  });
});

describe('$requestSetting', () => {
  function settingSetup() {
    const { api, session } = sessionStub();
    const store = atom({ accepting: true });
    const notify = vi.fn();
    return { session, store, notify, actions: createRequestSettingActions({ store, api, notify }) };
  }

  test('the switch turns at once and the server confirms it', async () => {
    const { session, store, actions } = settingSetup();
    session.mockResolvedValueOnce({ accepting: false });
    const saving = actions.choose(false);
    expect(store.get().accepting).toBe(false);
    expect(await saving).toBe('saved');
    expect(session).toHaveBeenCalledWith('message-requests/settings', { method: 'PATCH', body: { accepting: false } });
    expect(store.get().accepting).toBe(false);
  });

  test('a refused switch goes back and the toast says why', async () => {
    const { session, store, notify, actions } = settingSetup();
    actions.hydrate(false);
    session.mockRejectedValueOnce(new AppError('Too many requests', 429));
    expect(await actions.choose(true)).toBe('refused');
    expect(store.get().accepting).toBe(false);
    expect(notify).toHaveBeenCalledWith('Your choice was not saved: Too many requests', 'error');
  });
});

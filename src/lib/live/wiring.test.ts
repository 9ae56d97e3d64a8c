import { describe, expect, test, vi } from 'vitest';
import type { LiveEventName } from '@api/live/events';
import type { LiveHandlers } from './handlers';
import { wireLiveUpdates, type LiveSource } from './wiring';

/** Stands in for the live client: keeps the subscriptions, lets the test fire events and connects. */
function fakeSource() {
  const events = new Map<LiveEventName, Set<(payload: unknown) => void>>();
  const connects = new Set<() => void>();
  const reconnects = new Set<() => void>();
  const source: LiveSource = {
    on(event, handler) {
      const set = events.get(event) ?? new Set();
      events.set(event, set);
      const wrapped = handler as (payload: unknown) => void;
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
    onConnect(handler) {
      connects.add(handler);
      return () => void connects.delete(handler);
    },
    onReconnect(handler) {
      reconnects.add(handler);
      return () => void reconnects.delete(handler);
    },
  };
  return {
    source,
    fire: (event: LiveEventName, payload: unknown) => [...(events.get(event) ?? [])].forEach((handler) => handler(payload)),
    connect: () => [...connects].forEach((handler) => handler()),
    reconnect: () => [...reconnects].forEach((handler) => handler()),
    subscriptions: () => [...events.values()].reduce((sum, set) => sum + set.size, 0) + connects.size + reconnects.size,
  };
}

const handlersSpy = () =>
  ({
    notification: vi.fn(),
    thread: vi.fn(),
    read: vi.fn(),
    counts: vi.fn(),
    billing: vi.fn(),
    session: vi.fn(),
    match: vi.fn(),
    firstConnect: vi.fn(),
    reconnect: vi.fn(),
  }) satisfies Required<LiveHandlers>;

describe('wireLiveUpdates', () => {
  test('hands every event to each store that follows it, in the order the stores are given', () => {
    const live = fakeSource();
    const calls: string[] = [];
    const notifications: LiveHandlers = { notification: () => calls.push('notifications'), counts: () => calls.push('notifications counts') };
    const inbox = handlersSpy();
    inbox.notification.mockImplementation(() => calls.push('inbox'));
    wireLiveUpdates(live.source, [notifications, inbox]);
    live.fire('notification', { title: 'New Message' });
    live.fire('thread', { thread: { _id: 't1' } });
    live.fire('read', { connectionId: 't1', readBy: 'b' });
    live.fire('counts', { unseenMessages: 2 });
    live.fire('billing', { premium: true, status: 'active', changes: ['started'] });
    live.fire('session', { booking: { _id: 'b1' } });
    expect(calls).toEqual(['notifications', 'inbox', 'notifications counts']);
    live.fire('session', { booking: { _id: 'b1' } });
    expect(inbox.billing).toHaveBeenCalledWith({ premium: true, status: 'active', changes: ['started'] });
    expect(inbox.session).toHaveBeenCalledWith({ booking: { _id: 'b1' } });
    expect(inbox.thread).toHaveBeenCalledWith({ thread: { _id: 't1' } });
    expect(inbox.read).toHaveBeenCalledWith({ connectionId: 't1', readBy: 'b' });
    expect(inbox.counts).toHaveBeenCalledWith({ unseenMessages: 2 });
    expect(inbox.session).toHaveBeenCalledWith({ booking: { _id: 'b1' } });
  });

  test('runs the first-connect handler once and the reconnect handler after every reconnect', () => {
    const live = fakeSource();
    const store = handlersSpy();
    wireLiveUpdates(live.source, [store]);
    live.connect();
    live.connect();
    live.reconnect();
    live.reconnect();
    expect(store.firstConnect).toHaveBeenCalledTimes(1);
    expect(store.reconnect).toHaveBeenCalledTimes(2);
  });

  test('unsubscribes everything it subscribed', () => {
    const live = fakeSource();
    const stop = wireLiveUpdates(live.source, [handlersSpy(), handlersSpy()]);
    expect(live.subscriptions()).toBe(18);
    stop();
    expect(live.subscriptions()).toBe(0);
  });
});

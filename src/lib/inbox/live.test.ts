import { describe, expect, it, vi } from 'vitest';
import { card, message, thread } from './fixtures';
import { bindInboxLive, isNewMessage, type LiveSource } from './live';

function fakeSource() {
  const handlers = new Map<string, (payload: unknown) => void>();
  let reconnect: () => void = () => {};
  const source = {
    onLive: (event: string, handler: (payload: unknown) => void) => (handlers.set(event, handler), () => handlers.delete(event)),
    onLiveReconnect: (handler: () => void) => ((reconnect = handler), () => {}),
  } as unknown as LiveSource;
  return { source, emit: (event: string, payload: unknown) => handlers.get(event)?.(payload), reconnect: () => reconnect(), handlers };
}

describe('bindInboxLive', () => {
  const t = thread('t1', 'a', 'b', message('m1', 'b', 'a', 1));

  it('routes New Message, thread, read, counts and reconnects to the store; ignores other notifications and broken reads', async () => {
    const target = { receiveMessage: vi.fn(), receiveThread: vi.fn(), receiveRead: vi.fn(), receiveCounts: vi.fn(), resync: vi.fn(async () => {}) };
    const live = fakeSource();
    const stop = bindInboxLive(target, live.source);
    live.emit('notification', { title: 'New Message', body: t, userSender: card('b'), notification: null });
    live.emit('notification', { title: 'Ada liked your post', body: 'Nice', userSender: null, notification: {} });
    live.emit('thread', { thread: t, removedMessageId: 'm1' });
    live.emit('read', { connectionId: 't1', readBy: 'b' });
    live.emit('read', { connectionId: 't1' });
    live.emit('counts', { unseenMessages: 3 });
    live.emit('counts', { unseenNotifications: 2 });
    live.reconnect();
    expect(target.receiveMessage).toHaveBeenCalledTimes(1);
    expect(target.receiveMessage).toHaveBeenCalledWith(t);
    expect(target.receiveThread).toHaveBeenCalledWith(t, 'm1');
    expect(target.receiveRead.mock.calls).toEqual([['t1', 'b']]);
    expect(target.receiveCounts.mock.calls).toEqual([[3], [undefined]]);
    expect(target.resync).toHaveBeenCalledTimes(1);
    stop();
    expect(live.handlers.size).toBe(0);
  });

  it('recognises a New Message only with a thread body', () => {
    expect(isNewMessage({ title: 'New Message', body: 'text' } as never)).toBe(false);
    expect(isNewMessage({ title: 'New Message', body: t, userSender: card('b'), notification: null })).toBe(true);
  });
});

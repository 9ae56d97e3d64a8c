import { describe, expect, it, vi } from 'vitest';
import { card, message, thread } from './fixtures';
import { inboxLiveHandlers, isNewMessage } from './live';

describe('inboxLiveHandlers', () => {
  const t = thread('t1', 'a', 'b', message('m1', 'b', 'a', 1));

  it('routes New Message, thread, read, counts, reconnects and the first connect to the store; ignores other notifications and broken reads', async () => {
    const target = {
      receiveMessage: vi.fn(),
      receiveThread: vi.fn(),
      receiveRead: vi.fn(),
      receiveCounts: vi.fn(),
      resync: vi.fn(async () => {}),
      resyncShown: vi.fn(async () => {}),
    };
    const live = inboxLiveHandlers(target);
    live.notification?.({ title: 'New Message', body: t, userSender: card('b'), notification: null });
    live.notification?.({ title: 'Ada liked your post', body: 'Nice', userSender: null, notification: {} } as never);
    live.thread?.({ thread: t, removedMessageId: 'm1' });
    live.read?.({ connectionId: 't1', readBy: 'b' });
    live.read?.({ connectionId: 't1' } as never);
    live.counts?.({ unseenMessages: 3 });
    live.counts?.({ unseenNotifications: 2 });
    live.reconnect?.();
    live.firstConnect?.();
    expect(target.receiveMessage).toHaveBeenCalledTimes(1);
    expect(target.receiveMessage).toHaveBeenCalledWith(t);
    expect(target.receiveThread).toHaveBeenCalledWith(t, 'm1');
    expect(target.receiveRead.mock.calls).toEqual([['t1', 'b']]);
    expect(target.receiveCounts.mock.calls).toEqual([[3], [undefined]]);
    expect(target.resync).toHaveBeenCalledTimes(1);
    expect(target.resyncShown).toHaveBeenCalledTimes(1);
  });

  it('recognises a New Message only with a thread body', () => {
    expect(isNewMessage({ title: 'New Message', body: 'text' } as never)).toBe(false);
    expect(isNewMessage({ title: 'New Message', body: t, userSender: card('b'), notification: null })).toBe(true);
  });
});

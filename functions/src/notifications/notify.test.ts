import { describe, expect, it } from 'vitest';
import { block, someMembers } from '../../test/connections';
import { fixedClock } from '../clock';
import { recordingEmitter } from '../../test/live';
import { notify, storeNotification, type NotifyInput } from './notify';
import { unseenNotificationCount } from './unseen';
import { notificationDeps, storedRows } from './test-support';

function depsAt(iso: string) {
  const clock = fixedClock(new Date(iso));
  const live = recordingEmitter();
  return { deps: { ...notificationDeps(clock), live: live.emitter }, clock, sent: live.sent };
}

const liked = (userId: string, senderId: string, refId: string, extra: Partial<NotifyInput> = {}): NotifyInput => ({
  userId,
  senderId,
  kind: 'post.liked',
  title: 'Someone liked your post',
  body: 'A post',
  link: '/post/a-post',
  refId,
  ...extra,
});

describe('storeNotification', () => {
  it('stores one row per event id (a second store answers null)', async () => {
    const [receiver, sender] = await someMembers(2);
    const { deps } = depsAt('2026-03-01T10:00:00Z');
    const eventId = crypto.randomUUID();
    const first = await storeNotification(deps, liked(receiver.user.id, sender.user.id, 'p1', { eventId }));
    expect(first).toMatchObject({
      isSeen: false,
      kind: 'post.liked',
      userId: receiver.user.id,
      userReceiver: receiver.user.id,
      userSender: { _id: sender.user.id, profile: { _id: sender.user.id, name: expect.stringContaining('Tester') } },
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(await storeNotification(deps, liked(receiver.user.id, sender.user.id, 'p1', { eventId }))).toBeNull();
    expect(await unseenNotificationCount(deps, receiver.user.id)).toBe(1);
  });

  it('stores an event id once even when the stores race', async () => {
    const [receiver, sender] = await someMembers(2);
    const { deps } = depsAt('2026-03-01T10:00:00Z');
    const eventId = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => storeNotification(deps, liked(receiver.user.id, sender.user.id, 'p1', { eventId }))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await storedRows(receiver.user.id)).filter((row) => row.event_id === eventId)).toHaveLength(1);
  });

  it('collapses into the unseen one about the same thing, and adds a new one once it is seen', async () => {
    const [receiver, a, b] = await someMembers(3);
    const { deps, clock } = depsAt('2026-03-01T10:00:00Z');
    const input = (senderId: string, body: string): NotifyInput => ({
      userId: receiver.user.id,
      senderId,
      kind: 'message.received',
      title: 'New Message',
      body,
      link: '/inbox?personalInbox=t1',
      refId: 't1',
      collapse: true,
    });
    const first = await storeNotification(deps, input(a.user.id, 'hello'));
    clock.set(new Date('2026-03-01T10:05:00Z'));
    const second = await storeNotification(deps, input(b.user.id, 'again'));
    expect(second).toMatchObject({ _id: first!._id, body: 'again', userSender: { _id: b.user.id }, createdAt: '2026-03-01T10:05:00.000Z' });
    expect(await unseenNotificationCount(deps, receiver.user.id)).toBe(1);
    // A collapsing event seen before changes nothing.
    const eventId = crypto.randomUUID();
    expect(await storeNotification(deps, { ...input(a.user.id, 'event'), eventId })).toMatchObject({ _id: first!._id, body: 'event' });
    expect(await storeNotification(deps, { ...input(b.user.id, 'replayed'), eventId })).toBeNull();

    await deps.notifications.of(receiver.user.id).markSeen(first!._id);
    const third = await storeNotification(deps, input(a.user.id, 'third'));
    expect(third!._id).not.toBe(first!._id);
    expect(await unseenNotificationCount(deps, receiver.user.id)).toBe(1);
  });

  it('stores nothing to oneself or between members blocked either way, and the count leaves blocked senders out', async () => {
    const [receiver, sender, other] = await someMembers(3);
    const { deps } = depsAt('2026-03-01T10:00:00Z');
    expect(await storeNotification(deps, liked(receiver.user.id, receiver.user.id, 'p'))).toBeNull();
    await storeNotification(deps, liked(receiver.user.id, other.user.id, 'p'));
    await storeNotification(deps, { ...liked(receiver.user.id, '', 'p2'), senderId: null, kind: 'account.changed' });
    expect(await unseenNotificationCount(deps, receiver.user.id)).toBe(2);
    await block(other, receiver);
    expect(await unseenNotificationCount(deps, receiver.user.id)).toBe(1);
    await block(receiver, sender);
    expect(await storeNotification(deps, liked(receiver.user.id, sender.user.id, 'p3'))).toBeNull();
  });
});

describe('notify', () => {
  it('sends the live notification event with the stored notification, and nothing for a repeated event', async () => {
    const [receiver, sender] = await someMembers(2);
    const { deps, sent } = depsAt('2026-03-01T10:00:00Z');
    const eventId = crypto.randomUUID();
    const stored = await notify(deps, liked(receiver.user.id, sender.user.id, 'p1', { eventId }));
    expect(sent).toEqual([
      {
        userId: receiver.user.id,
        event: 'notification',
        payload: { title: 'Someone liked your post', body: 'A post', userSender: stored!.userSender!.profile, notification: stored },
      },
    ]);
    expect(await notify(deps, liked(receiver.user.id, sender.user.id, 'p1', { eventId }))).toBeNull();
    expect(sent).toHaveLength(1);
  });
});

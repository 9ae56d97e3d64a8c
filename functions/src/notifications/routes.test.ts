import { describe, expect, it } from 'vitest';
import { bodyOf, post } from '../../test/api';
import { someMembers } from '../../test/connections';
import { recordingEmitter } from '../../test/live';
import { markAllSeen, markSeen } from './service';
import { asMember, notificationDeps, pageOf, storedFor, unseenOf } from './test-support';

describe('GET /notifications', () => {
  it('pages the member’s notifications newest first, each with its sender’s profile', async () => {
    const [me, ann, bob] = await someMembers(3);
    await storedFor(me, ann, '2026-03-01T10:00:00Z');
    await storedFor(me, bob, '2026-03-01T12:00:00Z');
    await storedFor(me, null, '2026-03-01T11:00:00Z');
    await storedFor(ann, bob, '2026-03-01T13:00:00Z'); // someone else's

    const first = await pageOf(me, 'limit=2&page=1');
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(first.data.map((n) => n.body)).toEqual(['at 2026-03-01T12:00:00Z', 'at 2026-03-01T11:00:00Z']);
    expect(first.data[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      isSeen: false,
      title: 'Someone liked your post',
      body: 'at 2026-03-01T12:00:00Z',
      kind: 'post.liked',
      link: '/post/a-post',
      userId: me.user.id,
      userReceiver: me.user.id,
      userSender: { _id: bob.user.id, profile: expect.objectContaining({ _id: bob.user.id, memberType: 'founder', name: expect.stringContaining('Tester') }) },
      createdAt: '2026-03-01T12:00:00.000Z',
    });
    expect(first.data[1]!.userSender).toBeNull();
    const second = await pageOf(me, 'limit=2&page=2');
    expect(second.data.map((n) => n.body)).toEqual(['at 2026-03-01T10:00:00Z']);
    expect(await pageOf(me)).toMatchObject({ limit: 20, page: 1 });
  });

  it('leaves out senders blocked either way, in the list and the count', async () => {
    const [me, blockedByMe, blockingMe, friend] = await someMembers(4);
    await storedFor(me, blockedByMe, '2026-03-01T10:00:00Z');
    await storedFor(me, blockingMe, '2026-03-01T10:01:00Z');
    await storedFor(me, friend, '2026-03-01T10:02:00Z');
    expect(await unseenOf(me)).toBe(3);
    await post(`/connection/block/${blockedByMe.user.id}`, undefined, { token: me.jwt });
    await post(`/connection/block/${me.user.id}`, undefined, { token: blockingMe.jwt });
    const page = await pageOf(me);
    expect(page.total).toBe(1);
    expect(page.data.map((n) => n.userSender?._id)).toEqual([friend.user.id]);
    expect(await unseenOf(me)).toBe(1);
  });

  it('refuses a bad page or limit (400 naming it) and the signed out (401)', async () => {
    const [me] = await someMembers(1);
    const bad = await asMember(me, 'GET', '?limit=500');
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data.fields).toHaveProperty('limit');
    expect((await asMember(me, 'GET', '?page=0')).status).toBe(400);
    expect((await asMember(null, 'GET', '')).status).toBe(401);
  });
});

describe('PATCH /notifications/seen', () => {
  it('marks one of mine seen and answers it; the count follows; again changes nothing', async () => {
    const [me, ann] = await someMembers(2);
    const a = await storedFor(me, ann, '2026-03-01T10:00:00Z');
    await storedFor(me, ann, '2026-03-01T10:01:00Z');
    expect(await unseenOf(me)).toBe(2);
    const response = await asMember(me, 'PATCH', `/seen?id=${a._id}`);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ ...a, isSeen: true });
    expect(await unseenOf(me)).toBe(1);
    expect((await asMember(me, 'PATCH', `/seen?id=${a._id}`)).status).toBe(200);
    expect(await unseenOf(me)).toBe(1);
    expect((await pageOf(me)).data.map((n) => n.isSeen)).toEqual([false, true]);
  });

  it('answers 404 for another member’s notification (unchanged) and an unknown id', async () => {
    const [me, other, ann] = await someMembers(3);
    const theirs = await storedFor(other, ann, '2026-03-01T10:00:00Z');
    for (const id of [theirs._id, 'f'.repeat(24)]) {
      const response = await asMember(me, 'PATCH', `/seen?id=${id}`);
      expect(response.status).toBe(404);
      expect(await bodyOf(response)).toEqual({ message: 'Notification not found.', status: 404, data: null });
    }
    expect(await unseenOf(other)).toBe(1);
  });

  it('answers 400 naming id for a missing or malformed id, 401 signed out', async () => {
    const [me] = await someMembers(1);
    for (const query of ['', '?id=', '?id=nope', `?id=${'A'.repeat(24)}`]) {
      const response = await asMember(me, 'PATCH', `/seen${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields)).toEqual(['id']);
    }
    expect((await asMember(null, 'PATCH', `/seen?id=${'f'.repeat(24)}`)).status).toBe(401);
  });

  it('sends counts with the new unseen count to the member’s sockets', async () => {
    const [me, ann] = await someMembers(2);
    const a = await storedFor(me, ann, '2026-03-01T10:00:00Z');
    await storedFor(me, ann, '2026-03-01T10:01:00Z');
    const live = recordingEmitter();
    const deps = { ...notificationDeps(), live: live.emitter };
    await markSeen(deps, me.user.id, a._id);
    expect(live.sent).toEqual([{ userId: me.user.id, event: 'counts', payload: { unseenNotifications: 1 } }]);
    await expect(markSeen(deps, ann.user.id, a._id)).rejects.toMatchObject({ status: 404 });
    expect(live.sent).toHaveLength(1);
    expect(await markAllSeen(deps, me.user.id)).toEqual({ updated: 1 });
    expect(live.sent.at(-1)).toEqual({ userId: me.user.id, event: 'counts', payload: { unseenNotifications: 0 } });
  });
});

describe('PATCH /notifications/seen-all and GET /notifications/unseen-count', () => {
  it('marks every one of mine seen (not others’) and answers how many', async () => {
    const [me, other, ann] = await someMembers(3);
    await storedFor(me, ann, '2026-03-01T10:00:00Z');
    await storedFor(me, null, '2026-03-01T10:01:00Z');
    await storedFor(other, ann, '2026-03-01T10:02:00Z');
    expect(await unseenOf(me)).toBe(2);
    const response = await asMember(me, 'PATCH', '/seen-all');
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ updated: 2 });
    expect(await unseenOf(me)).toBe(0);
    expect(await bodyOf(await asMember(me, 'PATCH', '/seen-all'))).toEqual({ updated: 0 });
    expect(await unseenOf(other)).toBe(1);
  });

  it('refuses the signed out', async () => {
    expect((await asMember(null, 'PATCH', '/seen-all')).status).toBe(401);
    expect((await asMember(null, 'GET', '/unseen-count')).status).toBe(401);
  });
});

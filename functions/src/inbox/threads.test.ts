import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { connectTo, someMembers, UNKNOWN_ID } from '../../test/connections';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import { block, connectedMembers, listOf, openThread, put, sendText, type Member } from './test-inbox';
import { inboxBinding } from './inbox-binding';

/** A member connected to `count` others, each of whom has written once (oldest first). */
async function memberWithThreads(count: number) {
  const me = await signedInMember({ firstName: 'Hub' });
  const others = await someMembers(count);
  for (const other of others) {
    const asked = await bodyOf(await connectTo(other, me));
    await put(`/connection/accepted/${asked.connection._id}`, me.jwt);
  }
  for (const [i, other] of others.entries()) await sendText(other, me as Member, `hello ${i}`);
  return { me: me as Member, others };
}

describe('GET /connections', () => {
  it('lists threads with messages, newest first, with the other member, the latest message and unread counts', async () => {
    const { me, others } = await memberWithThreads(3);
    await sendText(me, others[0]! as Member, 'replying to the first');
    const page = await listOf(me);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20, pages: 1 });
    expect(page.data.map((t: { receiver: { _id: string } }) => t.receiver._id)).toEqual([others[0]!.user.id, others[2]!.user.id, others[1]!.user.id]);
    expect(page.data[0]).toMatchObject({
      status: 'accepted',
      canWrite: true,
      unreadCount: 1,
      message: 'replying to the first',
      latestMessage: { body: 'replying to the first', to: others[0]!.user.id },
    });
    expect(page.data[1]).toMatchObject({ unreadCount: 1, message: 'hello 2', latestMessage: { read: false, authorProfile: { _id: others[2]!.user.id } } });
    expect((await listOf(me, '?msgStatus=unread')).total).toBe(3);
  });

  it('pages with limit and page, and validates them', async () => {
    const { me, others } = await memberWithThreads(3);
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map((page) => listOf(me, `?limit=2&page=${page}`)));
    expect(p1.data.map((t: { receiver: { _id: string } }) => t.receiver._id)).toEqual([others[2]!.user.id, others[1]!.user.id]);
    expect(p2).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(p2.data.map((t: { receiver: { _id: string } }) => t.receiver._id)).toEqual([others[0]!.user.id]);
    expect(p3.data).toEqual([]);
    const bad = await get('/connections?limit=0&page=x&msgStatus=new', { token: me.jwt });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields).sort()).toEqual(['limit', 'msgStatus', 'page']);
    expect((await get('/connections')).status).toBe(401);
  });

  it('leaves out threads without messages and threads with a member blocked either way', async () => {
    const { me, others } = await memberWithThreads(3);
    const [quiet] = await someMembers(1);
    const asked = await bodyOf(await connectTo(quiet!, me));
    await put(`/connection/accepted/${asked.connection._id}`, me.jwt);
    expect((await openThread(me, quiet!.user.id)).status).toBe(200);
    await block(me, others[0]! as Member);
    await block(others[1]! as Member, me);
    const page = await listOf(me);
    expect(page.total).toBe(1);
    expect(page.data.map((t: { receiver: { _id: string } }) => t.receiver._id)).toEqual([others[2]!.user.id]);
  });
});

describe('POST /connections/threads', () => {
  it('opens the same thread for both members of a connection, before any message', async () => {
    const { a, b } = await connectedMembers();
    const opened = await openThread(a, b.user.id);
    expect(opened.status).toBe(200);
    const thread = await bodyOf(opened);
    expect(thread).toMatchObject({ status: 'accepted', canWrite: true, message: '', latestMessage: null, unreadCount: 0, receiver: { _id: b.user.id } });
    const theirs = await bodyOf(await openThread(b, a.user.id));
    expect(theirs._id).toBe(thread._id);
    expect(theirs.receiver._id).toBe(a.user.id);
    // Each mailbox holds that one thread with the other member.
    const mailboxes = inboxBinding(env.INBOX_STORE);
    expect(await mailboxes.of(a.user.id).threadWith(b.user.id)).toMatchObject({ id: thread._id, has_history: 0 });
    expect(await mailboxes.of(b.user.id).threadWith(a.user.id)).toMatchObject({ id: thread._id, has_history: 0 });
    // The first message goes into it.
    expect((await sendText(a, b, 'hi')).thread._id).toBe(thread._id);
  });

  it('is 403 without a connection, 404 for an unknown member or across a block, 400 for yourself', async () => {
    const [x, y] = await someMembers(2);
    const stranger = await openThread(x! as Member, y!.user.id);
    expect(stranger.status).toBe(403);
    expect((await bodyOf(stranger)).message).toBe(M.connectionsOnly);
    expect((await openThread(x! as Member, UNKNOWN_ID)).status).toBe(404);
    const self = await openThread(x! as Member, x!.user.id);
    expect(self.status).toBe(400);
    expect((await bodyOf(self)).data.fields.userId).toBe(M.yourself);
    const bad = await openThread(x! as Member, 'nope');
    expect((await bodyOf(bad)).data.fields.userId).toBeDefined();
    const { a, b } = await connectedMembers();
    await block(b, a);
    const blocked = await openThread(a, b.user.id);
    expect(blocked.status).toBe(404);
    expect((await bodyOf(blocked)).message).toBe(M.memberNotFound);
  });
});

describe('GET /connections/messages/unseen-count', () => {
  it('sums the unread messages over the threads, 0 for a new member, 401 without a session', async () => {
    const { me, others } = await memberWithThreads(2);
    await sendText(others[0]! as Member, me, 'second from the first');
    expect((await bodyOf(await get('/connections/messages/unseen-count', { token: me.jwt }))).count).toBe(3);
    const loner = await signedInMember();
    expect(await bodyOf(await get('/connections/messages/unseen-count', { token: loner.jwt }))).toEqual({ count: 0 });
    expect((await get('/connections/messages/unseen-count')).status).toBe(401);
  });
});

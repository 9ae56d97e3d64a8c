import { describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { someMembers, UNKNOWN_ID } from '../../test/connections';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import { block, connectedMembers, deleteMessage, listOf, openThread, removeConnection, send, sendText, unseen } from './test-inbox';
import { storedRows } from '../notifications/test-support';

const read = (member: { jwt: string }, threadId: string, query = '') => get(`/connections/${threadId}${query}`, { token: member.jwt });

describe('POST /connections/messages', () => {
  it('sends to a connection: the message, and the thread as the sender sees it', async () => {
    const { a, b } = await connectedMembers();
    const response = await send(a, { to: b.user.id, body: '  Hello <b>Ravi</b> & co  ' });
    expect(response.status).toBe(201);
    const { message, thread } = await bodyOf(response);
    expect(message).toMatchObject({ body: 'Hello <b>Ravi</b> & co', to: b.user.id, read: false, deleted: false, replyTo: null, mediaFiles: [], connection: thread._id });
    expect(message.authorProfile).toMatchObject({ _id: a.user.id, name: 'Rita Hopper' });
    expect(thread).toMatchObject({ status: 'accepted', canWrite: true, unreadCount: 0, message: 'Hello <b>Ravi</b> & co', updatedAt: message.createdAt });
    expect(thread.receiver._id).toBe(b.user.id);
    expect(thread.latestMessage._id).toBe(message._id);
    // When the batch storing it returned, for latency measurements (bench:live).
    const stored = Number(/^stored;desc="(\d+)"$/.exec(response.headers.get('Server-Timing') ?? '')?.[1]);
    expect(stored).toBeGreaterThanOrEqual(Date.parse(message.createdAt));
    // The recipient's notification was stored in their object before the answer, stamped with the message's time.
    const received = (await storedRows(b.user.id)).find((row) => row.kind === 'message.received');
    const notice = { body: received?.body, created_at: received?.created_at };
    expect(notice).toEqual({ body: 'Hello <b>Ravi</b> & co', created_at: message.createdAt });
  });

  it('writes into the same thread by connectionId, and keeps the order of quick messages', async () => {
    const { a, b } = await connectedMembers();
    const first = await sendText(a, b, 'one');
    const threadId = first.thread._id;
    await sendText(b, a, 'two', { to: undefined, connectionId: threadId });
    await sendText(a, b, 'three', { connectionId: threadId });
    const page = await bodyOf(await read(a, threadId));
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual(['one', 'two', 'three']);
    expect(page.hasMore).toBe(false);
  });

  it('refuses an empty message, a body over 5000 characters and a missing recipient, naming the field', async () => {
    const { a, b } = await connectedMembers();
    const empty = await send(a, { to: b.user.id, body: '   ' });
    expect(empty.status).toBe(400);
    expect(await bodyOf(empty)).toMatchObject({ message: M.emptyMessage, data: { fields: { body: M.emptyMessage } } });
    const long = await send(a, { to: b.user.id, body: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await bodyOf(long)).data.fields.body).toMatch(/5000/);
    const nobody = await send(a, { body: 'hi' });
    expect((await bodyOf(nobody)).data.fields.to).toBe(M.toOrThread);
    const badId = await send(a, { to: 'not-an-id', body: 'hi' });
    expect((await bodyOf(badId)).data.fields.to).toMatch(/24-character/);
    const self = await send(a, { to: a.user.id, body: 'hi' });
    expect(self.status).toBe(400);
    expect((await bodyOf(self)).data.fields.to).toBe(M.yourself);
  });

  it('refuses a JSON body (415) and a request without a session (401)', async () => {
    const { a, b } = await connectedMembers();
    const { post } = await import('../../test/api');
    expect((await post('/connections/messages', { to: b.user.id, body: 'hi' }, { token: a.jwt })).status).toBe(415);
    expect((await post('/connections/messages', { to: b.user.id, body: 'hi' })).status).toBe(401);
  });

  it('only lets connected members write: strangers and pending requests get 403', async () => {
    const [x, y] = await someMembers(2);
    const response = await send(x!, { to: y!.user.id, body: 'hi' });
    expect(response.status).toBe(403);
    expect((await bodyOf(response)).message).toBe(M.connectionsOnly);
    expect((await send(x!, { to: UNKNOWN_ID, body: 'hi' })).status).toBe(404);
  });

  it('wants `to` to be the other member of the thread, and the thread to be the sender’s', async () => {
    const { a, b } = await connectedMembers();
    const { thread } = await sendText(a, b, 'hi');
    const [stranger] = await someMembers(1);
    const wrongTo = await send(a, { to: stranger!.user.id, connectionId: thread._id, body: 'hi' });
    expect(wrongTo.status).toBe(400);
    expect((await bodyOf(wrongTo)).data.fields.to).toBe(M.notTheOtherMember);
    const intruder = await send(stranger!, { connectionId: thread._id, body: 'hi' });
    expect(intruder.status).toBe(404);
    expect((await bodyOf(intruder)).message).toBe(M.threadNotFound);
  });

  it('quotes a message of the same thread, and refuses one from another thread (400 replyTo)', async () => {
    const { a, b } = await connectedMembers();
    const { a: c, b: d } = await connectedMembers();
    const original = await sendText(a, b, 'Shall we meet on Friday?');
    const reply = await sendText(b, a, 'Friday works.', { replyTo: original.message._id });
    expect(reply.message.replyTo).toEqual({
      _id: original.message._id,
      body: 'Shall we meet on Friday?',
      authorId: a.user.id,
      authorName: 'Rita Hopper',
      deleted: false,
      attachmentCount: 0,
    });
    const elsewhere = await sendText(c, d, 'another thread');
    const refused = await send(b, { to: a.user.id, body: 'x', replyTo: elsewhere.message._id });
    expect(refused.status).toBe(400);
    expect((await bodyOf(refused)).data.fields.replyTo).toBe(M.replyElsewhere);
  });
});

describe('GET /connections/{id}', () => {
  it('pages backwards: newest page first, oldest first within it, hasMore until the start', async () => {
    const { a, b } = await connectedMembers();
    const { thread } = await sendText(a, b, 'm0');
    for (let i = 1; i < 7; i += 1) await sendText(i % 2 ? b : a, i % 2 ? a : b, `m${i}`);
    const newest = await bodyOf(await read(a, thread._id, '?limit=3'));
    expect(newest.messages.map((m: { body: string }) => m.body)).toEqual(['m4', 'm5', 'm6']);
    expect(newest.hasMore).toBe(true);
    const older = await bodyOf(await read(a, thread._id, `?limit=3&before=${newest.messages[0]._id}`));
    expect(older.messages.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3']);
    expect(older.hasMore).toBe(true);
    const oldest = await bodyOf(await read(a, thread._id, `?limit=3&before=${older.messages[0]._id}`));
    expect(oldest.messages.map((m: { body: string }) => m.body)).toEqual(['m0']);
    expect(oldest.hasMore).toBe(false);
  });

  it('refuses a `before` from another thread and a limit out of range, naming the field', async () => {
    const { a, b } = await connectedMembers();
    const { a: c, b: d } = await connectedMembers();
    const { thread } = await sendText(a, b, 'hi');
    const other = await sendText(c, d, 'elsewhere');
    const response = await read(a, thread._id, `?before=${other.message._id}`);
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields.before).toBe(M.beforeElsewhere);
    const limit = await read(a, thread._id, '?limit=500');
    expect(limit.status).toBe(400);
    expect((await bodyOf(limit)).data.fields).toHaveProperty('limit');
    expect((await read(a, 'nope')).status).toBe(400);
  });

  it('is 404 to anyone but the two members', async () => {
    const { a, b } = await connectedMembers();
    const { thread } = await sendText(a, b, 'private');
    const outsider = await signedInMember();
    const response = await read(outsider, thread._id);
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toMatchObject({ message: M.threadNotFound });
    expect((await read(a, UNKNOWN_ID)).status).toBe(404);
  });

  it('marks the reader’s messages read: unread counts follow opening, sending and deleting', async () => {
    const { a, b } = await connectedMembers();
    const first = await sendText(a, b, 'one');
    const second = await sendText(a, b, 'two');
    expect(await unseen(b)).toBe(2);
    expect(await unseen(a)).toBe(0);
    expect((await listOf(b)).data[0]).toMatchObject({ unreadCount: 2, latestMessage: { read: false } });
    expect((await listOf(b, '?msgStatus=unread')).total).toBe(1);

    await deleteMessage(a, second.message._id);
    expect(await unseen(b)).toBe(1);

    const opened = await bodyOf(await read(b, first.thread._id));
    expect(opened.thread.unreadCount).toBe(0);
    expect(opened.messages.map((m: { read: boolean }) => m.read)).toEqual([true, true]);
    expect(await unseen(b)).toBe(0);
    expect((await listOf(b, '?msgStatus=unread')).total).toBe(0);
    expect((await listOf(b, '?msgStatus=read')).total).toBe(1);
    // The sender sees that it was read.
    expect((await bodyOf(await read(a, first.thread._id))).messages[0].read).toBe(true);

    await sendText(a, b, 'three');
    expect(await unseen(b)).toBe(1);
  });
});

describe('DELETE /connections/deleteMessage/{messageId}', () => {
  it('soft-deletes the author’s message: body gone, replies still quote it as deleted, the preview moves back', async () => {
    const { a, b } = await connectedMembers();
    await sendText(a, b, 'kept');
    const doomed = await sendText(a, b, 'oops, wrong chat');
    const reply = await sendText(b, a, 'what?', { replyTo: doomed.message._id });
    const response = await deleteMessage(a, doomed.message._id);
    expect(response.status).toBe(200);
    const answer = await bodyOf(response);
    expect(answer).toMatchObject({ deleted: true, thread: { _id: doomed.thread._id, latestMessage: { _id: reply.message._id } } });

    const page = await bodyOf(await read(b, doomed.thread._id));
    const gone = page.messages.find((m: { _id: string }) => m._id === doomed.message._id);
    expect(gone).toMatchObject({ deleted: true, body: '', mediaFiles: [] });
    expect(page.messages.at(-1).replyTo).toMatchObject({ _id: doomed.message._id, deleted: true, body: '' });

    // Deleting the newest message moves the preview to the one before it.
    const last = await sendText(a, b, 'newest');
    const after = await bodyOf(await deleteMessage(a, last.message._id));
    expect(after.thread.latestMessage._id).toBe(reply.message._id);
    expect(after.thread.message).toBe('what?');
    // Again: the same answer.
    expect((await deleteMessage(a, last.message._id)).status).toBe(200);
  });

  it('is 403 for the other member and 404 for anyone else', async () => {
    const { a, b } = await connectedMembers();
    const { message } = await sendText(a, b, 'mine');
    const theirs = await deleteMessage(b, message._id);
    expect(theirs.status).toBe(403);
    expect((await bodyOf(theirs)).message).toBe(M.ownMessagesOnly);
    const outsider = await signedInMember();
    expect((await deleteMessage(outsider, message._id)).status).toBe(404);
    expect((await deleteMessage(a, UNKNOWN_ID)).status).toBe(404);
    expect((await deleteMessage(a, 'xyz')).status).toBe(400);
  });
});

describe('a removed connection and a block', () => {
  it('keeps the history readable but refuses writing once the connection is removed', async () => {
    const { a, b, connectionId } = await connectedMembers();
    const { thread } = await sendText(a, b, 'before');
    expect((await removeConnection(b, connectionId)).status).toBe(200);
    const refused = await send(a, { connectionId: thread._id, body: 'after' });
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).message).toBe(M.connectionsOnly);
    const history = await bodyOf(await read(a, thread._id));
    expect(history.thread).toMatchObject({ status: 'removed', canWrite: false });
    expect(history.messages.map((m: { body: string }) => m.body)).toEqual(['before']);
    expect((await listOf(b)).data[0]).toMatchObject({ _id: thread._id, status: 'removed', canWrite: false });
    // Opening it again still works, read only.
    expect(await bodyOf(await openThread(a, b.user.id))).toMatchObject({ _id: thread._id, canWrite: false });
  });

  it('hides the thread from both sides after a block: list, count, reads and deletes', async () => {
    const { a, b } = await connectedMembers();
    const { thread, message } = await sendText(a, b, 'hello');
    expect(await unseen(b)).toBe(1);
    expect((await block(b, a)).status).toBe(200);
    for (const member of [a, b]) {
      expect(await listOf(member)).toMatchObject({ data: [], total: 0 });
      expect((await read(member, thread._id)).status).toBe(404);
    }
    expect(await unseen(b)).toBe(0);
    expect((await deleteMessage(a, message._id)).status).toBe(404);
    expect((await send(a, { connectionId: thread._id, body: 'hi' })).status).toBe(403);
    expect((await openThread(a, b.user.id)).status).toBe(404);
  });
});

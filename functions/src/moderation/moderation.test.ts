import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, call, get, mailTo, post, signedInMember } from '../../test/api';
import { commentOn, replyTo } from '../../test/comments';
import { someMembers, UNKNOWN_ID } from '../../test/connections';
import { closeLiveSockets, joinedLiveSocket } from '../../test/live';
import { newPost } from '../../test/posts';
import { listAudit } from '../audit/audit';
import { db } from '../db/client';
import { connectedMembers, deleteMessage, sendText } from '../inbox/test-inbox';
import { CLOSE_CODES } from '../live/live-object';

afterEach(closeLiveSockets);

type Member = Awaited<ReturnType<typeof signedInMember>>;

const admin = () => signedInMember({ userRole: 'admin', firstName: 'Ada', lastName: `Admin${crypto.randomUUID().slice(0, 6)}` });
const as = (member: Pick<Member, 'jwt'>, method: string, path: string, body?: unknown) => call(method, path, body, { token: member.jwt });
const report = (reporter: Member, targetType: string, targetId: string, details = 'Please look at this') =>
  as(reporter, 'POST', '/reports', { targetType, targetId, reason: 'spam', details });
const auditOf = (targetType: 'member' | 'post' | 'comment' | 'message', targetId: string) => listAudit(db(env), { targetType, targetId }, 10);
const unique = (label: string) => `${label}${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** The queue's open items of these things, across pages (other tests add items too). */
async function openItems(viewer: Member, ids: string[], kind?: string) {
  const items = [];
  for (let page = 1; ; page++) {
    const body = await bodyOf(await get(`/admin/moderation?state=open&limit=50&page=${page}${kind ? `&kind=${kind}` : ''}`, { token: viewer.jwt }));
    items.push(...body.data);
    if (page >= body.pages) break;
  }
  return items.filter((item: { targetId: string }) => ids.includes(item.targetId));
}

describe('reporting comments and messages', () => {
  it('takes a report of a comment or a reply, refuses one’s own with the field named', async () => {
    const [author, commenter, reporter] = await someMembers(3);
    const postId = (await newPost(author))._id;
    const comment = await commentOn(postId, commenter, 'Rude words');
    const reply = await replyTo(comment.commentId, commenter, 'More rude words');
    expect((await report(reporter, 'comment', comment.commentId)).status).toBe(201);
    expect((await report(reporter, 'comment', reply.replyId)).status).toBe(201);
    const own = await report(commenter, 'comment', comment.commentId);
    expect(own.status).toBe(400);
    expect((await bodyOf(own)).data.fields).toEqual({ targetId: 'cannot be your own comment' });
    expect(await bodyOf(await report(reporter, 'comment', UNKNOWN_ID))).toMatchObject({ status: 404, message: 'Comment not found.' });
  });

  it('takes a report of a message from its receiver only', async () => {
    const { a: sender, b: receiver } = await connectedMembers();
    const { message } = await sendText(sender, receiver, 'Buy my course');
    const outsider = await signedInMember();
    expect((await report(outsider, 'message', message._id)).status).toBe(404);
    expect((await bodyOf(await report(sender, 'message', message._id))).data.fields).toEqual({ targetId: 'cannot be your own message' });
    expect((await report(receiver, 'message', message._id)).status).toBe(201);
  });

  it('shows a reported message from the receiver’s copy, with its sender, and its snapshot once the sender deleted it', async () => {
    const moderator = await admin();
    const { a: sender, b: receiver } = await connectedMembers();
    const body = unique('Buy my course ');
    const { message } = await sendText(sender, receiver, body);
    const { message: deleted } = await sendText(sender, receiver, 'Another pitch');
    await report(receiver, 'message', message._id);
    await report(receiver, 'message', deleted._id);
    expect((await deleteMessage(sender, deleted._id)).status).toBe(200);
    // Deleted after the report: its report stays with its snapshot, its content is gone, and it can be reported no more.
    expect(await bodyOf(await report(receiver, 'message', deleted._id))).toMatchObject({ status: 404, message: 'Message not found.' });
    const items = await openItems(moderator, [message._id, deleted._id], 'message');
    expect(items).toEqual([
      expect.objectContaining({
        targetId: message._id,
        member: expect.objectContaining({ _id: sender.user.id }),
        content: { kind: 'message', body, createdAt: expect.any(String) },
        evidence: expect.objectContaining({ state: 'unchanged', text: body }),
      }),
      expect.objectContaining({
        targetId: deleted._id,
        member: expect.objectContaining({ _id: sender.user.id }),
        content: null,
        evidence: expect.objectContaining({ state: 'deleted', text: 'Another pitch', author: { _id: sender.user.id, name: `${sender.user.firstName} ${sender.user.lastName}` } }),
      }),
    ]);
    // The sender is behind the item, so a warning from it goes to them, and to no one else.
    const item = { targetType: 'message', targetId: message._id };
    expect((await as(moderator, 'POST', `/admin/moderation/members/${receiver.user.id}/warn`, { reason: 'Spam', item })).status).toBe(400);
    expect((await as(moderator, 'POST', `/admin/moderation/members/${sender.user.id}/warn`, { reason: 'Spam', item })).status).toBe(200);
    expect(await openItems(moderator, [message._id])).toEqual([]);
  });
});

describe('GET /admin/moderation', () => {
  it('groups the reports of one thing into one item, oldest first, with each note and the content', async () => {
    const moderator = await admin();
    const [author, first, second] = await someMembers(3);
    const text = `<script>alert(1)</script> ${unique('spam')}`;
    const older = await newPost(author, { text });
    const newer = await newPost(author, { text: 'Another one' });
    await report(first, 'post', older._id, 'First note');
    await report(first, 'post', newer._id);
    await report(second, 'post', older._id, 'Second note');
    const items = await openItems(moderator, [older._id, newer._id], 'post');
    expect(items.map((item: { targetId: string }) => item.targetId)).toEqual([older._id, newer._id]);
    expect(items[0]).toMatchObject({
      targetType: 'post',
      reportCount: 2,
      member: { _id: author.user.id },
      content: { kind: 'post', text, slug: older.slug },
      suspension: { suspended: false },
      decision: null,
    });
    expect(items[0].reports.map((item: { details: string; reporter: { _id: string } }) => [item.details, item.reporter._id])).toEqual([
      ['First note', first.user.id],
      ['Second note', second.user.id],
    ]);
  });

  it('refuses visitors (401) and members (403) on every moderation route', async () => {
    const member = await signedInMember();
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/moderation'],
      ['POST', `/admin/moderation/items/post/${UNKNOWN_ID}/dismiss`, {}],
      ['POST', `/admin/moderation/items/post/${UNKNOWN_ID}/remove`, { reason: 'x' }],
      ['GET', `/admin/moderation/members/${UNKNOWN_ID}/suspension`],
      ['POST', `/admin/moderation/members/${UNKNOWN_ID}/warn`, { reason: 'x' }],
      ['POST', `/admin/moderation/members/${UNKNOWN_ID}/suspend`, { reason: 'x', until: null }],
      ['POST', `/admin/moderation/members/${UNKNOWN_ID}/unsuspend`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(method, path, body)).status, `${method} ${path} signed out`).toBe(401);
      expect((await as(member, method, path, body)).status, `${method} ${path} as a member`).toBe(403);
    }
  });

  it('refuses bad input naming the field', async () => {
    const moderator = await admin();
    const target = await signedInMember();
    const query = await get('/admin/moderation?state=closed&kind=group', { token: moderator.jwt });
    expect(query.status).toBe(400);
    expect(Object.keys((await bodyOf(query)).data.fields).sort()).toEqual(['kind', 'state']);
    const suspend = await as(moderator, 'POST', `/admin/moderation/members/${target.user.id}/suspend`, { reason: ' ', until: 'tomorrow' });
    expect(Object.keys((await bodyOf(suspend)).data.fields).sort()).toEqual(['reason', 'until']);
    const past = await as(moderator, 'POST', `/admin/moderation/members/${target.user.id}/suspend`, { reason: 'Spam', until: '2020-01-01T00:00:00Z' });
    expect((await bodyOf(past)).data.fields).toEqual({ until: 'must be in the future' });
    const remove = await as(moderator, 'POST', `/admin/moderation/items/member/${target.user.id}/remove`, { reason: 'Spam' });
    expect((await bodyOf(remove)).data.fields).toEqual({ targetType: 'must be post, comment or review' });
    const self = await as(moderator, 'POST', `/admin/moderation/members/${moderator.user.id}/suspend`, { reason: 'Spam', until: null });
    expect((await bodyOf(self)).data.fields).toEqual({ id: 'cannot be yourself' });
    expect((await as(moderator, 'POST', `/admin/moderation/members/${UNKNOWN_ID}/warn`, { reason: 'Spam' })).status).toBe(404);
  });
});

describe('dismissing', () => {
  it('closes every open report of the thing with one audit entry; a second dismiss is a 409 naming the first', async () => {
    const [moderator, other] = await Promise.all([admin(), admin()]);
    const [target, first, second] = await someMembers(3);
    await report(first, 'member', target.user.id);
    await report(second, 'member', target.user.id);
    const dismissed = await as(moderator, 'POST', `/admin/moderation/items/member/${target.user.id}/dismiss`, { note: 'Not spam' });
    expect(await bodyOf(dismissed)).toEqual({ handled: true, reports: 2 });
    expect(await openItems(moderator, [target.user.id])).toEqual([]);
    const again = await as(other, 'POST', `/admin/moderation/items/member/${target.user.id}/dismiss`, {});
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).data.first).toMatchObject({ action: 'dismiss', adminName: `${moderator.user.firstName} ${moderator.user.lastName}`, reason: 'Not spam' });
    expect((await auditOf('member', target.user.id)).map((entry) => [entry.action, entry.adminId, entry.note])).toEqual([['report.dismiss', moderator.user.id, 'Not spam']]);
  });

  it('two admins at once: one wins, the other gets 409, and one decision is recorded', async () => {
    const [one, two] = await Promise.all([admin(), admin()]);
    const [author, reporter] = await someMembers(2);
    const postId = (await newPost(author))._id;
    await report(reporter, 'post', postId);
    const answers = await Promise.all([
      as(one, 'POST', `/admin/moderation/items/post/${postId}/remove`, { reason: 'Spam' }),
      as(two, 'POST', `/admin/moderation/items/post/${postId}/dismiss`, { note: 'Fine' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await auditOf('post', postId)).toHaveLength(1);
  });
});

describe('removing', () => {
  it('removes a reported post from the feed, its page, the sitemap and hashtag search, and tells its author why', async () => {
    const moderator = await admin();
    const [author, reporter, reader] = await someMembers(3);
    const tag = unique('tag');
    const removed = await newPost(author, { text: `Cheap followers #${tag}` });
    await report(reporter, 'post', removed._id);
    const answer = await as(moderator, 'POST', `/admin/moderation/items/post/${removed._id}/remove`, { reason: 'Spam is not allowed' });
    expect(await bodyOf(answer)).toEqual({ handled: true, reports: 1 });

    const feed = await bodyOf(await as(reader, 'GET', `/feed-post?page=1&limit=50&hashtag=${tag}`));
    expect(feed.data).toEqual([]);
    expect((await as(reader, 'GET', '/feed-post?page=1&limit=50')).ok).toBe(true);
    expect((await bodyOf(await as(reader, 'GET', '/feed-post?page=1&limit=50'))).data.map((post: { _id: string }) => post._id)).not.toContain(removed._id);
    expect((await get(`/feed-post/${removed.slug}`)).status).toBe(404);
    expect((await bodyOf(await get('/feed/sitemap'))).data.map((entry: { slug: string }) => entry.slug)).not.toContain(removed.slug);
    const notices = await bodyOf(await as(author, 'GET', '/notifications'));
    expect(JSON.stringify(notices)).toContain('Spam is not allowed');
    expect((await auditOf('post', removed._id)).map((entry) => [entry.action, entry.note])).toEqual([['post.remove', 'Spam is not allowed']]);
    const handled = await bodyOf(await get('/admin/moderation?state=handled&kind=post&limit=50', { token: moderator.jwt }));
    expect(handled.data.find((item: { targetId: string }) => item.targetId === removed._id)).toMatchObject({
      content: null,
      member: { _id: author.user.id },
      decision: { action: 'remove', reason: 'Spam is not allowed', adminName: `${moderator.user.firstName} ${moderator.user.lastName}` },
      reports: [{ reporter: { _id: reporter.user.id } }],
    });
  });

  it('removes a reported comment and its replies, recounting the post', async () => {
    const moderator = await admin();
    const [author, commenter, reporter] = await someMembers(3);
    const { _id: postId, slug } = await newPost(author);
    const comment = await commentOn(postId, commenter, 'Offensive');
    await replyTo(comment.commentId, author, 'Please stop');
    await report(reporter, 'comment', comment.commentId);
    expect((await as(moderator, 'POST', `/admin/moderation/items/comment/${comment.commentId}/remove`, { reason: 'Harassment' })).status).toBe(200);
    const comments = await bodyOf(await as(reporter, 'GET', `/feed/comments/${postId}`));
    expect(JSON.stringify(comments)).not.toContain(comment.commentId);
    expect((await bodyOf(await as(reporter, 'GET', `/feed-post/${slug}`))).commentCount).toBe(0);
    expect((await auditOf('comment', comment.commentId)).map((entry) => entry.action)).toEqual(['comment.remove']);
  });
});

describe('warning', () => {
  it('tells the member, closes the item’s reports and writes member.warn', async () => {
    const moderator = await admin();
    const [target, reporter] = await someMembers(2);
    await report(reporter, 'member', target.user.id);
    const item = { targetType: 'member', targetId: target.user.id };
    expect(await bodyOf(await as(moderator, 'POST', `/admin/moderation/members/${target.user.id}/warn`, { reason: 'Keep it civil', item }))).toEqual({ handled: true });
    expect(JSON.stringify(await bodyOf(await as(target, 'GET', '/notifications')))).toContain('Keep it civil');
    expect(await openItems(moderator, [target.user.id])).toEqual([]);
    expect((await as(moderator, 'POST', `/admin/moderation/members/${target.user.id}/warn`, { reason: 'Again', item })).status).toBe(409);
    expect((await auditOf('member', target.user.id)).map((entry) => [entry.action, entry.note])).toEqual([['member.warn', 'Keep it civil']]);
  });
});

describe('suspending', () => {
  it('refuses sign-in with the reason and the end, closes the open socket and refuses the old token', async () => {
    const moderator = await admin();
    const member = await signedInMember();
    const socket = await joinedLiveSocket(member);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const suspended = await as(moderator, 'POST', `/admin/moderation/members/${member.user.id}/suspend`, { reason: 'Repeated spam', until });
    expect(await bodyOf(suspended)).toMatchObject({ suspended: true, until, reason: 'Repeated spam' });
    expect(await socket.closed).toBe(CLOSE_CODES.sessionEnded);

    const signIn = await post('/auth/user-login', { email: member.user.email, password: member.password });
    expect(signIn.status).toBe(403);
    const refusal = await bodyOf(signIn);
    expect(refusal.message).toBe(`Your account is suspended until ${until.slice(0, 10)} ${until.slice(11, 16)} UTC. Reason: Repeated spam.`);
    expect(refusal.data).toEqual({ reason: 'suspended', until, suspensionReason: 'Repeated spam' });
    // The old token hears why its session ended, and no more: not the date, not the words.
    const oldToken = await get('/auth/me', { token: member.jwt });
    expect(oldToken.status).toBe(401);
    expect((await bodyOf(oldToken)).data).toEqual({ reason: 'suspended' });
    expect((await mailTo(member.user.email)).map((mail) => mail.subject)).toContain('Your FounderMesh account is suspended');
    expect(await bodyOf(await get(`/admin/moderation/members/${member.user.id}/suspension`, { token: moderator.jwt }))).toMatchObject({ suspended: true, until });
    expect((await auditOf('member', member.user.id)).map((entry) => entry.action)).toEqual(['member.suspend']);
  });

  it('for good from a queue item; a second suspend is a 409; unsuspending lets the member in again', async () => {
    const [moderator, other] = await Promise.all([admin(), admin()]);
    const [author, reporter] = await someMembers(2);
    const postId = (await newPost(author))._id;
    await report(reporter, 'post', postId);
    const body = { reason: 'Scam', until: null, item: { targetType: 'post', targetId: postId } };
    const [a, b] = await Promise.all([
      as(moderator, 'POST', `/admin/moderation/members/${author.user.id}/suspend`, body),
      as(other, 'POST', `/admin/moderation/members/${author.user.id}/suspend`, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await post('/auth/user-login', { email: author.user.email, password: author.password })).status).toBe(403);
    expect((await bodyOf(await post('/auth/user-login', { email: author.user.email, password: author.password }))).message).toBe(
      'Your account is suspended permanently. Reason: Scam.',
    );
    expect(await openItems(moderator, [postId])).toEqual([]);

    expect(await bodyOf(await as(moderator, 'POST', `/admin/moderation/members/${author.user.id}/unsuspend`, { note: 'Appeal accepted' }))).toMatchObject({ suspended: false });
    const again = await as(other, 'POST', `/admin/moderation/members/${author.user.id}/unsuspend`, {});
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).data.first).toMatchObject({ action: 'unsuspend' });
    expect((await post('/auth/user-login', { email: author.user.email, password: author.password })).status).toBe(200);
    expect((await auditOf('member', author.user.id)).map((entry) => entry.action)).toEqual(['member.unsuspend', 'member.suspend']);
  });

  it('will not suspend another administrator', async () => {
    const [moderator, other] = await Promise.all([admin(), admin()]);
    const answer = await as(moderator, 'POST', `/admin/moderation/members/${other.user.id}/suspend`, { reason: 'x', until: null });
    expect((await bodyOf(answer)).data.fields).toEqual({ id: 'cannot be an administrator' });
  });
});

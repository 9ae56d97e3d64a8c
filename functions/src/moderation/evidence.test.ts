import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { commentOn } from '../../test/comments';
import { asMember, editPostAs, newPost, pngFile } from '../../test/posts';
import { buildDeps } from '../build-deps';
import { db } from '../db/client';
import { connectedMembers, deleteMessage, fileOf, pdfBytes, sendText } from '../inbox/test-inbox';
import { purgeSnapshots, SNAPSHOT_DAYS_AFTER_RESOLVED } from '../reports/snapshots';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const admin = () => signedInMember({ userRole: 'admin', firstName: 'Ada', lastName: `Admin${crypto.randomUUID().slice(0, 6)}` });
const unique = (label: string) => `${label} ${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
const nameOf = (member: Member) => `${member.user.firstName} ${member.user.lastName}`;
const report = (reporter: Member, targetType: string, targetId: string) =>
  post('/reports', { targetType, targetId, reason: 'harassment', details: 'Please keep this' }, { token: reporter.jwt });

/** The queue's items (open or handled) of these things, across pages (other tests add items too). */
async function itemsOf(moderator: Member, ids: string[], state: 'open' | 'handled' = 'open') {
  const items: Array<{ targetId: string }> = [];
  for (let page = 1; ; page++) {
    const body = await bodyOf(await get(`/admin/moderation?state=${state}&limit=50&page=${page}`, { token: moderator.jwt }));
    items.push(...body.data);
    if (page >= body.pages) break;
  }
  return ids.map((id) => items.find((item) => item.targetId === id));
}

/** A reported post's snapshot rows, straight from D1. */
const snapshotRows = (targetId: string) =>
  db(env).all<{ author_id: string; author_name: string; text: string | null }>(
    sql`SELECT s.author_id, s.author_name, s.text FROM report_snapshots s JOIN reports r ON r.id = s.report_id WHERE r.target_id = ${targetId}`,
  );

describe('the evidence a report keeps', () => {
  it('shows a post, a comment and a message their authors deleted after the report, with author, text, media and time', async () => {
    const moderator = await admin();
    const [author, commenter, reporter] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const { a: sender, b: receiver } = await connectedMembers();
    const postText = unique('Wire me money');
    const reported = await newPost(author, { text: postText, media: await pngFile(4, 4, 'proof.png'), mediaAlt: 'A fake bank statement' });
    const commentText = unique('You will regret this');
    const comment = await commentOn(reported._id, commenter, commentText);
    const messageText = unique('I know where you live');
    const { message } = await sendText(sender, receiver, messageText, { mediaFiles: fileOf(pdfBytes(), 'threat.pdf') });
    expect((await report(reporter, 'post', reported._id)).status).toBe(201);
    expect((await report(reporter, 'comment', comment.commentId)).status).toBe(201);
    expect((await report(receiver, 'message', message._id)).status).toBe(201);

    // Each author erases what they wrote.
    expect((await asMember(commenter, 'DELETE', '/feed/comments', { commentId: comment.commentId })).status).toBe(200);
    expect((await post(`/feed-post/delete/${reported._id}`, undefined, { token: author.jwt })).status).toBe(200);
    expect((await deleteMessage(sender, message._id)).status).toBe(200);

    const [postItem, commentItem, messageItem] = await itemsOf(moderator, [reported._id, comment.commentId, message._id]);
    expect(postItem).toMatchObject({
      content: null,
      member: { _id: author.user.id },
      evidence: {
        state: 'deleted',
        author: { _id: author.user.id, name: nameOf(author) },
        text: postText,
        media: [{ key: expect.stringMatching(/\.png$/), mime: 'image/png', name: null, alt: 'A fake bank statement' }],
        writtenAt: reported.createdAt,
        reportedAt: expect.any(String),
      },
    });
    expect(commentItem).toMatchObject({
      content: null,
      member: { _id: commenter.user.id },
      evidence: { state: 'deleted', author: { _id: commenter.user.id }, text: commentText, media: [] },
    });
    expect(messageItem).toMatchObject({
      content: null,
      member: { _id: sender.user.id },
      evidence: { state: 'deleted', author: { _id: sender.user.id, name: nameOf(sender) }, text: messageText, media: [{ mime: 'application/pdf', name: 'threat.pdf', alt: null }] },
    });

    // The author behind a deleted thing can still be warned from its item, which closes it.
    const item = { targetType: 'post', targetId: reported._id };
    expect((await call('POST', `/admin/moderation/members/${author.user.id}/warn`, { reason: 'Scam', item }, { token: moderator.jwt })).status).toBe(200);
    const [handled] = await itemsOf(moderator, [reported._id], 'handled');
    expect(handled).toMatchObject({ decision: { action: 'warn' }, evidence: { state: 'deleted', text: postText } });
  });

  it('shows the live text of an edited post and the words it was reported for', async () => {
    const moderator = await admin();
    const [author, reporter] = await Promise.all([signedInMember(), signedInMember()]);
    const before = unique('Insulting words');
    const reported = await newPost(author, { text: before });
    await report(reporter, 'post', reported._id);
    const after = unique('Nothing to see here');
    expect((await editPostAs(author, reported._id, { text: after })).status).toBe(200);
    const [item] = await itemsOf(moderator, [reported._id]);
    expect(item).toMatchObject({ content: { kind: 'post', text: after }, evidence: { state: 'edited', text: before } });
  });

  it('keeps a snapshot 90 days after its report is handled, then the hourly purge deletes it', async () => {
    const moderator = await admin();
    const [author, reporter, other] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const [handledPost, openPost] = [await newPost(author, { text: unique('Old') }), await newPost(author, { text: unique('Still open') })];
    await report(reporter, 'post', handledPost._id);
    await report(other, 'post', openPost._id);
    expect((await call('POST', `/admin/moderation/items/post/${handledPost._id}/dismiss`, {}, { token: moderator.jwt })).status).toBe(200);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const resolvedAt = (days: number) => db(env).run(sql`UPDATE reports SET resolved_at = ${daysAgo(days)} WHERE target_id = ${handledPost._id}`);
    // Open reports never lose theirs, however old.
    await db(env).run(sql`UPDATE reports SET created_at = ${daysAgo(400)} WHERE target_id = ${openPost._id}`);

    await resolvedAt(SNAPSHOT_DAYS_AFTER_RESOLVED - 1);
    await purgeSnapshots(buildDeps(env));
    expect(await snapshotRows(handledPost._id)).toHaveLength(1);
    await resolvedAt(SNAPSHOT_DAYS_AFTER_RESOLVED + 1);
    expect(await purgeSnapshots(buildDeps(env))).toBeGreaterThanOrEqual(1);
    expect(await snapshotRows(handledPost._id)).toEqual([]);
    expect(await snapshotRows(openPost._id)).toHaveLength(1);
    // The report itself stays, its decision on record.
    const [handled] = await itemsOf(moderator, [handledPost._id], 'handled');
    expect(handled).toMatchObject({ decision: { action: 'dismiss' }, evidence: null });
  });
});

describe('the evidence and account deletion', () => {
  const deleteAccount = async (member: Member, moderator: Member) => {
    const asked = await bodyOf(await post('/auth/profile-delete', { reason: 'Bye' }, { token: member.jwt }));
    expect((await call('PATCH', '/admin/profile-delete', { id: asked.request._id, action: 'approve' }, { token: moderator.jwt })).status).toBe(200);
  };

  it('keeps the reports about a member who deletes their account, their snapshot naming them, about "Deleted member"', async () => {
    const moderator = await admin();
    const [author, reporter] = await Promise.all([signedInMember(), signedInMember()]);
    const text = unique('Harassing post');
    const reported = await newPost(author, { text });
    await report(reporter, 'post', reported._id);
    await report(reporter, 'member', author.user.id);
    await deleteAccount(author, moderator);

    const [row] = await snapshotRows(reported._id);
    expect(row).toMatchObject({ author_name: nameOf(author), text });
    expect(row!.author_id).not.toBe(author.user.id);
    const standIn = row!.author_id;
    const [postItem, memberItem] = await itemsOf(moderator, [reported._id, standIn]);
    expect(postItem).toMatchObject({ member: { _id: standIn, name: 'Deleted member' }, evidence: { state: 'deleted', text, author: { _id: standIn, name: nameOf(author) } } });
    expect(memberItem).toMatchObject({ targetType: 'member', evidence: { author: { _id: standIn, name: nameOf(author) } } });
    expect(await db(env).all(sql`SELECT id FROM reports WHERE target_id = ${author.user.id}`)).toEqual([]);
  });

  it('takes a reporter’s reports and their snapshots with the reporter’s account', async () => {
    const moderator = await admin();
    const [author, reporter] = await Promise.all([signedInMember(), signedInMember()]);
    const reported = await newPost(author, { text: unique('Reported by someone who leaves') });
    await report(reporter, 'post', reported._id);
    expect(await snapshotRows(reported._id)).toHaveLength(1);
    await deleteAccount(reporter, moderator);
    expect(await snapshotRows(reported._id)).toEqual([]);
    expect(await itemsOf(moderator, [reported._id])).toEqual([undefined]);
  });
});

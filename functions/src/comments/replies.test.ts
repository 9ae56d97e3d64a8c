import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { someMembers, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { feedReplies } from '../db/schema';
import { eventsFor } from '../events/publish';
import { commentCall, commentOn, countersOf, replyTo, storedPost } from '../../test/comments';

const deps = { db: db(env) };
const block = (userId: string, token: string) => post(`/connection/block/${userId}`, undefined, { token });

describe('POST /feed/comments/reply', () => {
  it('stores the reply, counts it on the comment and the post, and tells the comment author', async () => {
    const [author, commenter, replier] = await someMembers(3);
    const postId = await storedPost(author);
    const comment = await commentOn(postId, commenter);
    const response = await commentCall('POST', '/reply', { commentId: comment._id, text: 'Same here' }, replier);
    expect(response.status).toBe(201);
    const reply = await bodyOf(response);
    expect(reply).toMatchObject({
      replyId: reply._id,
      commentId: comment._id,
      postId,
      text: 'Same here',
      author: { _id: replier.user.id },
      canEdit: true,
      canDelete: true,
      editedAt: null,
    });
    expect(await countersOf(postId)).toEqual({ post: 2, comments: { [comment._id]: 1 } });
    expect(await eventsFor(deps, commenter.user.id, 'comment.replied')).toEqual([
      expect.objectContaining({ actorId: replier.user.id, postId, commentId: comment._id, replyId: reply._id }),
    ]);
    await replyTo(comment._id, commenter, 'thanks');
    expect(await eventsFor(deps, commenter.user.id, 'comment.replied')).toHaveLength(1);
    const [listed] = (await bodyOf(await get(`/feed/comments/${postId}`))).data;
    expect(listed.replies.map((r: { text: string }) => r.text)).toEqual(['Same here', 'thanks']);
  });

  it('refuses (403) across a block with the post author or the comment author', async () => {
    const [author, commenter, replier] = await someMembers(3);
    const postId = await storedPost(author);
    const comment = await commentOn(postId, commenter);
    await block(replier.user.id, commenter.jwt);
    const refused = await commentCall('POST', '/reply', { commentId: comment._id, text: 'hi' }, replier);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).message).toBe('You cannot reply to this comment.');

    const [other] = await someMembers(1);
    await block(author.user.id, other.jwt);
    const onPost = await commentCall('POST', '/reply', { commentId: comment._id, text: 'hi' }, other);
    expect(onPost.status).toBe(403);
    expect((await bodyOf(onPost)).message).toBe('You cannot comment on this post.');
    expect(await countersOf(postId)).toEqual({ post: 1, comments: { [comment._id]: 0 } });
  });

  it('names the field at fault, 404 for an unknown comment, 401 signed out', async () => {
    const [member] = await someMembers(1);
    const comment = await commentOn(await storedPost(member), member);
    expect((await bodyOf(await commentCall('POST', '/reply', { text: 'hi' }, member))).data.fields).toEqual({ commentId: 'is required' });
    expect((await bodyOf(await commentCall('POST', '/reply', { commentId: comment._id, text: '' }, member))).data.fields).toEqual({ text: 'must not be empty' });
    expect((await bodyOf(await commentCall('POST', '/reply', { commentId: comment._id, text: 'y'.repeat(1001) }, member))).data.fields).toEqual({
      text: 'must be at most 1000 characters',
    });
    const unknown = await commentCall('POST', '/reply', { commentId: UNKNOWN_ID, text: 'hi' }, member);
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).message).toBe('Comment not found.');
    expect((await commentCall('POST', '/reply', { commentId: comment._id, text: 'hi' })).status).toBe(401);
  });
});

describe('PUT /feed/comments/reply', () => {
  it("lets the author edit; someone else's reply is 403; a reply of another comment is 404", async () => {
    const [author, other] = await someMembers(2);
    const postId = await storedPost(author);
    const comment = await commentOn(postId, author);
    const otherComment = await commentOn(postId, other);
    const reply = await replyTo(comment._id, author, 'before');

    const edited = await commentCall('PUT', '/reply', { commentId: comment._id, replyId: reply._id, text: 'after' }, author);
    expect(edited.status).toBe(200);
    expect(await bodyOf(edited)).toMatchObject({ _id: reply._id, text: 'after', editedAt: expect.any(String) });

    const refused = await commentCall('PUT', '/reply', { commentId: comment._id, replyId: reply._id, text: 'theirs' }, other);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).message).toBe('Only its author can change this reply.');
    const mismatched = await commentCall('PUT', '/reply', { commentId: otherComment._id, replyId: reply._id, text: 'x' }, author);
    expect(mismatched.status).toBe(404);
    expect((await bodyOf(mismatched)).message).toBe('Reply not found.');
  });

  it('names replyId, commentId and text; 401 signed out', async () => {
    const [member] = await someMembers(1);
    const bad = await commentCall('PUT', '/reply', { commentId: 'a', replyId: 'b', text: ' ' }, member);
    expect((await bodyOf(bad)).data.fields).toEqual({ commentId: 'must be a 24-character id', replyId: 'must be a 24-character id', text: 'must not be empty' });
    expect((await commentCall('PUT', '/reply', { commentId: UNKNOWN_ID, replyId: UNKNOWN_ID, text: 'x' })).status).toBe(401);
    expect((await commentCall('PUT', '/reply', { commentId: UNKNOWN_ID, replyId: UNKNOWN_ID, text: 'x' }, member)).status).toBe(404);
  });
});

describe('DELETE /feed/comments/reply', () => {
  it('deletes (author or admin, 403 for others) and recounts the comment and the post', async () => {
    const [author, other] = await someMembers(2);
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Admin' });
    const postId = await storedPost(author);
    const comment = await commentOn(postId, author);
    const first = await replyTo(comment._id, author);
    const second = await replyTo(comment._id, other);

    const refused = await commentCall('DELETE', '/reply', { commentId: comment._id, replyId: first._id }, other);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).message).toBe('Only its author or an administrator can delete this reply.');
    expect(await countersOf(postId)).toEqual({ post: 3, comments: { [comment._id]: 2 } });

    expect(await bodyOf(await commentCall('DELETE', '/reply', { commentId: comment._id, replyId: first._id }, author))).toEqual({ deleted: true });
    expect(await countersOf(postId)).toEqual({ post: 2, comments: { [comment._id]: 1 } });
    expect((await commentCall('DELETE', '/reply', { commentId: comment._id, replyId: second._id }, admin)).status).toBe(200);
    expect(await countersOf(postId)).toEqual({ post: 1, comments: { [comment._id]: 0 } });
    expect((await commentCall('DELETE', '/reply', { commentId: comment._id, replyId: second._id }, admin)).status).toBe(404);
  });

  it('names replyId; 401 signed out', async () => {
    const [member] = await someMembers(1);
    expect((await bodyOf(await commentCall('DELETE', '/reply', { commentId: UNKNOWN_ID }, member))).data.fields).toEqual({ replyId: 'is required' });
    expect((await commentCall('DELETE', '/reply', { commentId: UNKNOWN_ID, replyId: UNKNOWN_ID })).status).toBe(401);
  });
});

describe('GET /feed/comments/replies/{comment_id}', () => {
  /** `count` replies by `replier`, a second apart (written straight to D1: the routes' own limits are tested above). */
  async function manyReplies(postId: string, commentId: string, replier: { user: { id: string } }, count: number): Promise<void> {
    const start = Date.parse('2026-05-01T10:00:00.000Z');
    const rows = Array.from({ length: count }, (_, i) => {
      const at = new Date(start + i * 1000).toISOString();
      return {
        id: `${commentId.slice(0, 16)}${String(i).padStart(8, '0')}`,
        commentId,
        postId,
        authorUserId: replier.user.id,
        text: `Reply ${i + 1}`,
        createdAt: at,
        updatedAt: at,
      };
    });
    for (let i = 0; i < rows.length; i += 10) await deps.db.insert(feedReplies).values(rows.slice(i, i + 10));
  }

  it('pages through every reply past the ones a comment brings, oldest first', async () => {
    const [author, commenter, replier] = await someMembers(3);
    const postId = await storedPost(author);
    const comment = await commentOn(postId, commenter);
    await manyReplies(postId, comment._id, replier, 54);
    await replyTo(comment._id, author, `Thanks @[${replier.user.firstName} ${replier.user.lastName}](${replier.user.id})`);
    const [listed] = (await bodyOf(await get(`/feed/comments/${postId}`))).data;
    expect(listed.replies).toHaveLength(50);

    const rest = await bodyOf(await get(`/feed/comments/replies/${comment._id}?page=2&limit=50`));
    expect(rest).toMatchObject({ total: 55, page: 2, pages: 2 });
    expect(rest.data.map((reply: { text: string }) => reply.text.slice(0, 9))).toEqual(['Reply 51', 'Reply 52', 'Reply 53', 'Reply 54', 'Thanks @[']);
    expect(rest.data[0]).toMatchObject({ commentId: comment._id, postId, author: { _id: replier.user.id }, mentions: [], canEdit: false, canDelete: false });
    expect(rest.data[4].mentions).toEqual([expect.objectContaining({ _id: replier.user.id })]);
    const first = await bodyOf(await get(`/feed/comments/replies/${comment._id}?limit=3`));
    expect(first.data.map((reply: { text: string }) => reply.text)).toEqual(['Reply 1', 'Reply 2', 'Reply 3']);
    const mine = await bodyOf(await get(`/feed/comments/replies/${comment._id}?limit=1`, { token: replier.jwt }));
    expect(mine.data[0]).toMatchObject({ canEdit: true, canDelete: true });
  });

  it('leaves out members blocked either way; 404 for an unknown or hidden comment; names a bad page', async () => {
    const [author, commenter, replier, reader] = await someMembers(4);
    const postId = await storedPost(author);
    const comment = await commentOn(postId, commenter);
    await replyTo(comment._id, replier, 'From the replier');
    await replyTo(comment._id, author, 'From the author');
    await block(replier.user.id, reader.jwt);
    const seen = await bodyOf(await get(`/feed/comments/replies/${comment._id}`, { token: reader.jwt }));
    expect(seen.total).toBe(1);
    expect(seen.data.map((reply: { text: string }) => reply.text)).toEqual(['From the author']);
    expect((await bodyOf(await get(`/feed/comments/replies/${comment._id}`))).total).toBe(2);

    await block(commenter.user.id, reader.jwt);
    const hidden = await get(`/feed/comments/replies/${comment._id}`, { token: reader.jwt });
    expect(hidden.status).toBe(404);
    expect((await bodyOf(hidden)).message).toBe('Comment not found.');
    expect((await get(`/feed/comments/replies/${UNKNOWN_ID}`)).status).toBe(404);
    const bad = await get(`/feed/comments/replies/${comment._id}?page=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields)).toEqual(['page']);
    expect((await get('/feed/comments/replies/not-an-id')).status).toBe(400);
  });
});

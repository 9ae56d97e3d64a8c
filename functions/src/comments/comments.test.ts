import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { someMembers, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';
import { commentCall, commentOn, countersOf, replyTo, storedPost } from '../../test/comments';

const deps = { db: db(env) };
const block = (userId: string, token: string) => post(`/connection/block/${userId}`, undefined, { token });

describe('POST /feed/comments', () => {
  it('stores the comment, counts it on the post and tells the post author', async () => {
    const [author, writer] = await someMembers(2);
    const postId = await storedPost(author);
    const response = await commentCall('POST', '', { postId, text: '  Great point  ' }, writer);
    expect(response.status).toBe(201);
    const comment = await bodyOf(response);
    expect(comment).toMatchObject({
      commentId: comment._id,
      postId,
      text: 'Great point',
      author: { _id: writer.user.id, name: `${writer.user.firstName} ${writer.user.lastName}` },
      editedAt: null,
      replyCount: 0,
      replies: [],
      mentions: [],
      canEdit: true,
      canDelete: true,
    });
    expect(await countersOf(postId)).toEqual({ post: 1, comments: { [comment._id]: 0 } });
    expect(await eventsFor(deps, author.user.id, 'post.commented')).toEqual([
      expect.objectContaining({ actorId: writer.user.id, subjectId: author.user.id, postId, commentId: comment._id }),
    ]);
  });

  it('tells nobody when the author comments on their own post', async () => {
    const [author] = await someMembers(1);
    const postId = await storedPost(author);
    await commentOn(postId, author);
    expect(await eventsFor(deps, author.user.id, 'post.commented')).toEqual([]);
  });

  it('keeps the count exact under concurrent comments', async () => {
    const members = await someMembers(6);
    const postId = await storedPost(members[0]!);
    await Promise.all(members.map((member) => commentOn(postId, member)));
    expect((await countersOf(postId)).post).toBe(6);
  });

  it('names the field at fault', async () => {
    const [member] = await someMembers(1);
    const postId = await storedPost(member);
    const cases: [unknown, Record<string, string>][] = [
      [{ postId }, { text: 'is required' }],
      [{ postId, text: '   ' }, { text: 'must not be empty' }],
      [{ postId, text: 'x'.repeat(1001) }, { text: 'must be at most 1000 characters' }],
      [{ postId, text: 42 }, { text: 'must be text' }],
      [{ text: 'hi' }, { postId: 'is required' }],
      [{ postId: 'nope', text: 'hi' }, { postId: 'must be a 24-character id' }],
    ];
    for (const [body, fields] of cases) {
      const response = await commentCall('POST', '', body, member);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await bodyOf(response)).data.fields).toEqual(fields);
    }
    expect((await commentCall('POST', '', { postId, text: 'x'.repeat(1000) }, member)).status).toBe(201);
  });

  it('answers 404 for an unknown post and 401 when signed out', async () => {
    const [member] = await someMembers(1);
    const unknown = await commentCall('POST', '', { postId: UNKNOWN_ID, text: 'hi' }, member);
    expect(unknown.status).toBe(404);
    expect(await bodyOf(unknown)).toEqual({ message: 'Post not found.', status: 404, data: null });
    expect((await commentCall('POST', '', { postId: await storedPost(member), text: 'hi' })).status).toBe(401);
  });

  it('refuses (403) a comment across a block, whichever member blocked', async () => {
    for (const authorBlocks of [true, false]) {
      const [author, writer] = await someMembers(2);
      const postId = await storedPost(author);
      if (authorBlocks) await block(writer.user.id, author.jwt);
      else await block(author.user.id, writer.jwt);
      const response = await commentCall('POST', '', { postId, text: 'hi' }, writer);
      expect(response.status).toBe(403);
      expect((await bodyOf(response)).message).toBe('You cannot comment on this post.');
      expect((await countersOf(postId)).post).toBe(0);
    }
  });
});

describe('PUT /feed/comments', () => {
  it('lets the author change the text and marks it edited', async () => {
    const [author] = await someMembers(1);
    const comment = await commentOn(await storedPost(author), author, 'first');
    const response = await commentCall('PUT', '', { commentId: comment._id, text: 'second' }, author);
    expect(response.status).toBe(200);
    const edited = await bodyOf(response);
    expect(edited).toMatchObject({ _id: comment._id, text: 'second', editedAt: expect.any(String), createdAt: comment.createdAt });
  });

  it("refuses (403) someone else's comment, an admin's edit included", async () => {
    const [author, other] = await someMembers(2);
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Admin' });
    const comment = await commentOn(await storedPost(author), author, 'mine');
    for (const member of [other, admin]) {
      const response = await commentCall('PUT', '', { commentId: comment._id, text: 'theirs' }, member);
      expect(response.status).toBe(403);
      expect((await bodyOf(response)).message).toBe('Only its author can change this comment.');
    }
    const [stored] = (await bodyOf(await get(`/feed/comments/${comment.postId}`))).data;
    expect(stored.text).toBe('mine');
  });

  it('answers 400 naming commentId or text, 404 for an unknown comment, 401 signed out', async () => {
    const [member] = await someMembers(1);
    const bad = await commentCall('PUT', '', { commentId: 'x', text: '' }, member);
    expect((await bodyOf(bad)).data.fields).toEqual({ commentId: 'must be a 24-character id', text: 'must not be empty' });
    const unknown = await commentCall('PUT', '', { commentId: UNKNOWN_ID, text: 'hi' }, member);
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).message).toBe('Comment not found.');
    expect((await commentCall('PUT', '', { commentId: UNKNOWN_ID, text: 'hi' })).status).toBe(401);
  });
});

describe('DELETE /feed/comments', () => {
  it('deletes a comment with its replies and takes them all off the post count', async () => {
    const [author, a, b] = await someMembers(3);
    const postId = await storedPost(author);
    const kept = await commentOn(postId, a);
    const doomed = await commentOn(postId, b);
    await replyTo(doomed._id, a);
    await replyTo(doomed._id, author);
    await replyTo(kept._id, b);
    expect(await countersOf(postId)).toEqual({ post: 5, comments: { [kept._id]: 1, [doomed._id]: 2 } });

    const response = await commentCall('DELETE', '', { commentId: doomed._id }, b);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ deleted: true });
    expect(await countersOf(postId)).toEqual({ post: 2, comments: { [kept._id]: 1 } });
    expect((await bodyOf(await get(`/feed/comments/${postId}`))).data.map((c: { _id: string }) => c._id)).toEqual([kept._id]);
  });

  it("refuses (403) someone else's comment, but an admin deletes any", async () => {
    const [author, other] = await someMembers(2);
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Admin' });
    const postId = await storedPost(author);
    const comment = await commentOn(postId, author);
    const refused = await commentCall('DELETE', '', { commentId: comment._id }, other);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).message).toBe('Only its author or an administrator can delete this comment.');
    expect((await countersOf(postId)).post).toBe(1);
    expect((await commentCall('DELETE', '', { commentId: comment._id }, admin)).status).toBe(200);
    expect((await countersOf(postId)).post).toBe(0);
    expect((await commentCall('DELETE', '', { commentId: comment._id }, admin)).status).toBe(404);
  });

  it('answers 400 naming commentId, 401 signed out', async () => {
    const [member] = await someMembers(1);
    expect((await bodyOf(await commentCall('DELETE', '', {}, member))).data.fields).toEqual({ commentId: 'is required' });
    expect((await commentCall('DELETE', '', { commentId: UNKNOWN_ID })).status).toBe(401);
  });
});

describe('GET /feed/comments/{post_id}', () => {
  it('is public: oldest first, paged, replies nested oldest first, nothing editable for a visitor', async () => {
    const [author, a] = await someMembers(2);
    const postId = await storedPost(author);
    const first = await commentOn(postId, a, 'one');
    await commentOn(postId, author, 'two');
    await commentOn(postId, a, 'three');
    await replyTo(first._id, author, 'r1');
    await replyTo(first._id, a, 'r2');

    const page = await bodyOf(await get(`/feed/comments/${postId}?page=1&limit=2`));
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(page.data.map((c: { text: string }) => c.text)).toEqual(['one', 'two']);
    expect(page.data[0]).toMatchObject({ replyCount: 2, canEdit: false, canDelete: false });
    expect(page.data[0].replies.map((r: { text: string; canEdit: boolean }) => [r.text, r.canEdit])).toEqual([
      ['r1', false],
      ['r2', false],
    ]);
    const second = await bodyOf(await get(`/feed/comments/${postId}?page=2&limit=2`));
    expect(second.data.map((c: { text: string }) => c.text)).toEqual(['three']);
    // The post page names the post by its slug, to read the post and its comments at once.
    const [{ slug }] = await env.DB.prepare('SELECT slug FROM feed_posts WHERE id = ?')
      .bind(postId)
      .all<{ slug: string }>()
      .then((r) => r.results);
    expect(await bodyOf(await get(`/feed/comments/${slug}?page=1&limit=2`))).toEqual(page);

    const asAuthor = await bodyOf(await get(`/feed/comments/${postId}`, { token: author.jwt }));
    expect(asAuthor.data.map((c: { canEdit: boolean }) => c.canEdit)).toEqual([false, true, false]);
    const admin = await signedInMember({ userRole: 'admin', firstName: 'Admin' });
    const asAdmin = await bodyOf(await get(`/feed/comments/${postId}`, { token: admin.jwt }));
    expect(asAdmin.data.every((c: { canDelete: boolean; canEdit: boolean }) => c.canDelete && !c.canEdit)).toBe(true);
  });

  it('leaves out the comments and replies of members with a block between them and the viewer', async () => {
    const [author, viewer, blocked] = await someMembers(3);
    const postId = await storedPost(author);
    const open = await commentOn(postId, author, 'open');
    await commentOn(postId, blocked, 'hidden');
    await replyTo(open._id, blocked, 'hidden reply');
    await block(viewer.user.id, blocked.jwt);
    const page = await bodyOf(await get(`/feed/comments/${postId}`, { token: viewer.jwt }));
    expect(page.total).toBe(1);
    expect(page.data[0].replies).toEqual([]);
    expect((await bodyOf(await get(`/feed/comments/${postId}`))).total).toBe(2);
  });

  it('answers 404 for an unknown post or slug and 400 naming post_id or the paging', async () => {
    const unknown = await get(`/feed/comments/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect((await get('/feed/comments/no-such-post-1a2b3c')).status).toBe(404);
    expect((await bodyOf(await get('/feed/comments/Not%20a%20slug!'))).data.fields).toEqual({ post_id: 'must be a post id or slug' });
    expect((await bodyOf(await get(`/feed/comments/${UNKNOWN_ID}?limit=500`))).data.fields).toEqual({ limit: 'must be at most 50' });
  });
});

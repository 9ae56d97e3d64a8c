import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { someMembers, UNKNOWN_ID } from '../../test/connections';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';
import { commentCall, commentOn, mentionRows, replyTo, storedPost } from '../../test/comments';

const deps = { db: db(env) };
const tag = (member: { user: { id: string; firstName: string } }) => `@[${member.user.firstName}](${member.user.id})`;

describe('mentions in comments and replies', () => {
  it('stores tags of existing, unblocked members with the comment id, lists them and tells them once', async () => {
    const [author, tagged, blocker, later] = await someMembers(4);
    await post(`/connection/block/${author.user.id}`, undefined, { token: blocker.jwt });
    const postId = await storedPost(author);
    const comment = await commentOn(postId, author, `Thanks ${tag(tagged)} ${tag(blocker)} @[Ghost](${UNKNOWN_ID}) ${tag(author)}`);
    expect(comment.mentions.map((m: { _id: string }) => m._id).sort()).toEqual([author.user.id, tagged.user.id].sort());
    expect(comment.mentions.find((m: { _id: string }) => m._id === tagged.user.id)).toEqual({
      _id: tagged.user.id,
      name: `${tagged.user.firstName} ${tagged.user.lastName}`,
      slug: expect.any(String),
      memberType: 'founder',
    });
    expect(await mentionRows(postId)).toEqual([`${author.user.id}@${comment._id}`, `${tagged.user.id}@${comment._id}`].sort());
    expect(await eventsFor(deps, tagged.user.id, 'comment.mentioned')).toEqual([expect.objectContaining({ postId, commentId: comment._id, replyId: null })]);
    expect(await eventsFor(deps, author.user.id, 'comment.mentioned')).toEqual([]);
    expect(await eventsFor(deps, blocker.user.id, 'comment.mentioned')).toEqual([]);

    // An edit tells only the newly tagged; the list follows the text.
    await commentCall('PUT', '', { commentId: comment._id, text: `Thanks ${tag(tagged)} and ${tag(later)}` }, author);
    expect(await eventsFor(deps, tagged.user.id, 'comment.mentioned')).toHaveLength(1);
    expect(await eventsFor(deps, later.user.id, 'comment.mentioned')).toHaveLength(1);
    expect(await mentionRows(postId)).toEqual([`${later.user.id}@${comment._id}`, `${tagged.user.id}@${comment._id}`].sort());
    const [listed] = (await bodyOf(await get(`/feed/comments/${postId}`))).data;
    expect(listed.mentions.map((m: { _id: string }) => m._id).sort()).toEqual([later.user.id, tagged.user.id].sort());
  });

  it("keeps a reply's tags under the reply id, and a deleted comment takes its replies' tags with it", async () => {
    const [author, tagged] = await someMembers(2);
    const postId = await storedPost(author);
    const comment = await commentOn(postId, author, 'plain');
    const reply = await replyTo(comment._id, author, `cc ${tag(tagged)}`);
    expect(reply.mentions).toEqual([expect.objectContaining({ _id: tagged.user.id })]);
    expect(await mentionRows(postId)).toEqual([`${tagged.user.id}@${reply._id}`]);
    expect(await eventsFor(deps, tagged.user.id, 'comment.mentioned')).toEqual([expect.objectContaining({ commentId: comment._id, replyId: reply._id })]);
    await commentCall('DELETE', '', { commentId: comment._id }, author);
    expect(await mentionRows(postId)).toEqual([]);
  });

  it('forgets the tags of a deleted reply', async () => {
    const [author, tagged] = await someMembers(2);
    const postId = await storedPost(author);
    const comment = await commentOn(postId, author, `hi ${tag(tagged)}`);
    const reply = await replyTo(comment._id, author, `cc ${tag(tagged)}`);
    await commentCall('DELETE', '/reply', { commentId: comment._id, replyId: reply._id }, author);
    expect(await mentionRows(postId)).toEqual([`${tagged.user.id}@${comment._id}`]);
  });
});

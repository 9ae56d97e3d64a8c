import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, signedInMember } from '../../test/api';
import { asMember, editPostAs, newPost } from '../../test/posts';

/** The stored counts next to the posts counted anew, in all ('') and per group. */
async function countsAndTruth() {
  const stored = await env.DB.prepare('SELECT group_key, posts FROM feed_post_counts WHERE posts <> 0 ORDER BY group_key').all<{ group_key: string; posts: number }>();
  const truth = await env.DB.prepare(
    "SELECT '' AS group_key, count(*) AS posts FROM feed_posts UNION ALL SELECT group_name, count(*) FROM feed_posts WHERE group_name IS NOT NULL GROUP BY group_name ORDER BY group_key",
  ).all<{ group_key: string; posts: number }>();
  return { stored: stored.results, truth: truth.results.filter((row) => row.posts !== 0) };
}

describe('feed_post_counts', () => {
  it('follows every post written, moved to another group and deleted, and gives the feed its total', async () => {
    const author = await signedInMember();
    const admin = await signedInMember({ userRole: 'admin' });
    const hiring = await newPost(author, { text: 'We are hiring', group: 'hiring' });
    const loose = await newPost(author, { text: 'No group' });
    expect((await editPostAs(author, hiring._id, { text: 'Still hiring', group: 'fundraising' })).status).toBe(200);
    expect((await asMember(author, 'POST', `/feed-post/delete/${loose._id}`)).status).toBe(200);
    let { stored, truth } = await countsAndTruth();
    expect(stored).toEqual(truth);

    expect((await asMember(admin, 'POST', `/feed-post/delete/${hiring._id}`)).status).toBe(200);
    ({ stored, truth } = await countsAndTruth());
    expect(stored).toEqual(truth);

    await newPost(author, { text: 'One that stays' });
    ({ stored, truth } = await countsAndTruth());
    expect(stored).toEqual(truth);
    const all = await bodyOf(await asMember(author, 'GET', '/feed-post?page=1&limit=1'));
    expect(all.total).toBe(truth.find((row) => row.group_key === '')!.posts);
  });
});

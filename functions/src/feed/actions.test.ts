import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';
import { systemClock } from '../clock';
import { db } from '../db/client';
import { eventsFor } from '../events/publish';
import { asMember, newPost } from '../../test/posts';

const deps = { db: db(env), clock: systemClock };
const like = (member: Awaited<ReturnType<typeof signedInMember>>, postId: string, likedByUser: boolean) =>
  asMember(member, 'POST', `/feed-post/like-by-user/${postId}`, { likedByUser });

describe('POST /feed-post/like-by-user/{post_id}', () => {
  it('is idempotent and tells the author once', async () => {
    const author = await signedInMember();
    const fan = await signedInMember();
    const post = await newPost(author);
    expect(await bodyOf(await like(fan, post._id, true))).toEqual({ likedByUser: true, likeCount: 1 });
    expect(await bodyOf(await like(fan, post._id, true))).toEqual({ likedByUser: true, likeCount: 1 });
    expect(await eventsFor(deps, author.user.id, 'post.liked')).toEqual([expect.objectContaining({ actorId: fan.user.id, postId: post._id })]);
    expect(await bodyOf(await like(fan, post._id, false))).toEqual({ likedByUser: false, likeCount: 0 });
    expect(await bodyOf(await like(fan, post._id, false))).toEqual({ likedByUser: false, likeCount: 0 });
    await like(author, post._id, true);
    expect(await eventsFor(deps, author.user.id, 'post.liked')).toHaveLength(1);
  });

  it('never drifts under concurrent clicks', async () => {
    const author = await signedInMember();
    const fans = await Promise.all([1, 2, 3].map(() => signedInMember()));
    const post = await newPost(author);
    await Promise.all(Array.from({ length: 10 }, () => like(fans[0]!, post._id, true)));
    expect((await bodyOf(await get(`/feed-post/${post.slug}`))).likeCount).toBe(1);
    await Promise.all(fans.flatMap((fan, i) => Array.from({ length: 6 }, (_, n) => like(fan, post._id, (n + i) % 2 === 0))));
    const [row] = await deps.db.all<{ stored: number; rows: number }>(
      sql`SELECT like_count AS stored, (SELECT count(*) FROM feed_likes WHERE post_id = ${post._id}) AS rows FROM feed_posts WHERE id = ${post._id}`,
    );
    expect(row!.stored).toBe(row!.rows);
  });

  it('answers 404 for an unknown post and 401 signed out', async () => {
    const fan = await signedInMember();
    expect((await like(fan, '0'.repeat(24), true)).status).toBe(404);
    const post = await newPost(fan);
    expect((await asMember({ ...fan, jwt: '' }, 'POST', `/feed-post/like-by-user/${post._id}`, { likedByUser: true })).status).toBe(401);
  });
});

describe('POST /feed-post/{optionId}/vote', () => {
  it('counts one vote per member and poll', async () => {
    const author = await signedInMember();
    const voters = await Promise.all([1, 2].map(() => signedInMember()));
    const post = await newPost(author, { text: 'Pick', poll: JSON.stringify({ options: ['Red', 'Blue', 'Green'] }) });
    const [red, blue] = post.poll.options;
    const path = (option: { _id: string }) => `/feed-post/${option._id}/vote?pollId=${post.poll._id}`;
    const first = await bodyOf(await asMember(voters[0]!, 'POST', path(red)));
    expect(first).toMatchObject({ totalVotes: 1, votedOptionId: red._id });
    const second = await bodyOf(await asMember(voters[1]!, 'POST', path(blue)));
    expect(second.options.map((option: { votes: number; share: number }) => [option.votes, option.share])).toEqual([
      [1, 0.5],
      [1, 0.5],
      [0, 0],
    ]);
    const again = await asMember(voters[0]!, 'POST', path(blue));
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe('You have already voted in this poll.');
    const racing = await signedInMember();
    const results = await Promise.all(Array.from({ length: 5 }, () => asMember(racing, 'POST', path(red))));
    expect(results.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const seen = await bodyOf(await get(`/feed-post/${post.slug}`, { token: racing.jwt }));
    expect(seen.poll).toMatchObject({ totalVotes: 3, votedOptionId: red._id });
  });

  it('refuses a closed poll (409) and an option of another poll (404)', async () => {
    const author = await signedInMember();
    const voter = await signedInMember();
    const post = await newPost(author, { text: 'Soon closed', poll: JSON.stringify({ options: ['a', 'b'], closesAt: new Date(Date.now() + 3_600_000).toISOString() }) });
    const other = await newPost(author, { text: 'Other', poll: JSON.stringify({ options: ['c', 'd'] }) });
    expect((await asMember(voter, 'POST', `/feed-post/${other.poll.options[0]._id}/vote?pollId=${post.poll._id}`)).status).toBe(404);
    await deps.db.run(sql`UPDATE feed_polls SET closes_at = '2001-01-01T00:00:00.000Z' WHERE id = ${post.poll._id}`);
    const closed = await asMember(voter, 'POST', `/feed-post/${post.poll.options[0]._id}/vote?pollId=${post.poll._id}`);
    expect(closed.status).toBe(409);
    expect((await bodyOf(closed)).message).toBe('This poll is closed.');
    expect((await bodyOf(await get(`/feed-post/${post.slug}`))).poll.closed).toBe(true);
  });

  it('keeps the GET of docs/product.md#polls for scripts, but refuses it to a followed link or a picture (nothing is stored)', async () => {
    const author = await signedInMember();
    const voter = await signedInMember();
    const post = await newPost(author, { text: 'Link bait', poll: JSON.stringify({ options: ['Yes', 'No'] }) });
    const path = `/feed-post/${post.poll.options[0]._id}/vote?pollId=${post.poll._id}`;
    const loads: Record<string, string>[] = [
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' },
      { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
      { 'Sec-Fetch-Mode': 'nested-navigate' },
    ];
    for (const headers of loads) {
      const refused = await call('GET', path, undefined, { token: voter.jwt, headers });
      expect(refused.status).toBe(403);
      expect((await bodyOf(refused)).message).toBe('Votes are sent with POST; a link or page load cannot vote.');
    }
    expect((await bodyOf(await get(`/feed-post/${post.slug}`, { token: voter.jwt }))).poll).toMatchObject({ totalVotes: 0, votedOptionId: null });
    const scripted = await call('GET', path, undefined, { token: voter.jwt, headers: { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' } });
    expect(await bodyOf(scripted)).toMatchObject({ totalVotes: 1, votedOptionId: post.poll.options[0]._id });
  });
});

describe('PATCH /feed-post/{post_id}/pin', () => {
  it('lets only admins pin, and lists pinned posts newest pin first', async () => {
    const author = await signedInMember();
    const admin = await signedInMember({ userRole: 'admin' });
    const group = `pin-${crypto.randomUUID().slice(0, 8)}`;
    await asMember(admin, 'POST', '/admin/feed-groups', { key: group, name: 'Pins' });
    const first = await newPost(author, { text: 'First', group });
    const second = await newPost(author, { text: 'Second', group });
    expect((await asMember(author, 'PATCH', `/feed-post/${first._id}/pin`, { isPinned: true })).status).toBe(403);
    expect(await bodyOf(await asMember(admin, 'PATCH', `/feed-post/${second._id}/pin`, { isPinned: true }))).toMatchObject({ isPinned: true, canDelete: true, canEdit: false });
    await asMember(admin, 'PATCH', `/feed-post/${first._id}/pin`, { isPinned: true });
    const pinned = await bodyOf(await asMember(author, 'GET', `/feed-post?_start=0&_limit=5&isPinned=true&group=${group}`));
    expect(pinned.data.map((post: { _id: string }) => post._id)).toEqual([first._id, second._id]);
    await asMember(admin, 'PATCH', `/feed-post/${first._id}/pin`, { isPinned: false });
    const after = await bodyOf(await asMember(author, 'GET', `/feed-post?_start=0&_limit=5&isPinned=true&group=${group}`));
    expect(after).toMatchObject({ total: 1, data: [expect.objectContaining({ _id: second._id })] });
  });
});

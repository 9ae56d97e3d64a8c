import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { db } from '../db/client';
import { DEMO_PASSWORD } from './demo-data';

async function demoToken(): Promise<string> {
  await post('/dev/seed');
  return (await bodyOf(await post('/auth/user-login', { email: 'demo@foundermesh.dev', password: DEMO_PASSWORD }))).jwt;
}

describe('the demo feed', () => {
  it('has a pinned post in every group, a poll with votes, a mention, likes, comments and replies', async () => {
    const token = await demoToken();
    const { data: groups } = await bodyOf(await get('/feed/groups', { token }));
    for (const group of groups.filter((candidate: { key: string }) => !candidate.key.startsWith('g-') && !candidate.key.startsWith('pin-'))) {
      const pinned = await bodyOf(await get(`/feed-post?_start=0&_limit=5&isPinned=true&group=${group.key}`, { token }));
      expect(pinned.total, group.key).toBeGreaterThanOrEqual(1);
    }
    const feed = await bodyOf(await get('/feed-post?page=1&limit=50', { token }));
    const poll = feed.data.find((candidate: { poll: unknown }) => candidate.poll);
    expect(poll.poll.totalVotes).toBeGreaterThanOrEqual(5);
    expect(poll.poll.votedOptionId).toEqual(poll.poll.options[0]._id);
    expect(feed.data.some((candidate: { mentions: unknown[] }) => candidate.mentions.length > 0)).toBe(true);
    expect(feed.data.some((candidate: { likedByUser: boolean }) => candidate.likedByUser)).toBe(true);
    expect(feed.data.some((candidate: { hashtags: string[] }) => candidate.hashtags.includes('fundraising'))).toBe(true);
    expect(feed.data.some((candidate: { commentCount: number }) => candidate.commentCount >= 3)).toBe(true);
  });

  it('keeps every counter equal to its rows, and is seeded once', async () => {
    await demoToken();
    await post('/dev/seed');
    const [drift] = await db(env).all<{ n: number }>(sql`
      SELECT count(*) AS n FROM feed_posts p
      WHERE p.like_count <> (SELECT count(*) FROM feed_likes l WHERE l.post_id = p.id)
         OR p.comment_count <> (SELECT count(*) FROM feed_comments c WHERE c.post_id = p.id) + (SELECT count(*) FROM feed_replies r WHERE r.post_id = p.id)`);
    expect(drift!.n).toBe(0);
    const [polls] = await db(env).all<{ n: number }>(sql`
      SELECT count(*) AS n FROM feed_polls pl JOIN feed_posts p ON p.id = pl.post_id JOIN users u ON u.id = p.author_user_id
      WHERE u.email = 'sofia.alvarez@foundermesh.dev'`);
    expect(polls!.n).toBe(1);
  });
});

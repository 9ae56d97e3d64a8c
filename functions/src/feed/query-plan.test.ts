import { env } from 'cloudflare:workers';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { feedStatements, type FeedQuery } from './list';

const database = db(env);

async function plan(statement: SQL): Promise<string> {
  const rows = await database.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`);
  return rows.map((row) => row.detail).join('\n');
}

const query = (extra: Partial<FeedQuery> = {}): FeedQuery => ({ page: 3, limit: 20, order: 'desc', ...extra });

describe('the feed queries', () => {
  it.each<[string, Partial<FeedQuery>, string | undefined, RegExp]>([
    ['the whole feed', {}, undefined, /feed_posts_created/],
    ['a group', { group: 'hiring' }, undefined, /feed_posts_group_created/],
    ['the pinned posts of a group', { group: 'hiring', isPinned: true }, undefined, /feed_posts_pinned/],
    ['a hashtag', {}, 'climate', /SEARCH h USING (COVERING )?INDEX sqlite_autoindex_feed_hashtags_1|SEARCH h USING PRIMARY KEY/],
  ])('read %s in order from an index, without sorting', async (_, extra, tag, index) => {
    const lines = await plan(feedStatements('a'.repeat(24), query(extra), tag).page);
    expect(lines).toMatch(index);
    expect(lines).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    expect(lines).not.toMatch(/^SCAN p$/m);
  });

  it('count without a table scan of posts for a hashtag', async () => {
    const lines = await plan(feedStatements('a'.repeat(24), query(), 'climate').total);
    expect(lines).not.toMatch(/^SCAN p$/m);
  });
});

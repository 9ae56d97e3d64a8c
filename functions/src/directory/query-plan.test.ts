import { env } from 'cloudflare:workers';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { countStatement, pageStatement, planSearch, SEARCH_BOUNDS, type SearchCriteria } from '../search/search-sql';
import { directoryTags } from './directory';
import { PUBLIC_AUTHOR, topicStatements } from './topics';

const database = db(env);

/** SQLite's EXPLAIN QUERY PLAN lines of a statement. */
async function plan(statement: SQL): Promise<string> {
  const rows = await database.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`);
  return rows.map((row) => row.detail).join('\n');
}

/** A table read whole, row by row, without an index. */
const fullScan = /^SCAN (users|u|founders|f|advisors|a|p|h|connections|search_counts|profile_tags)\b(?!.*USING)/m;

describe('the visitor queries', () => {
  it('leave out the members who opted out inside the FTS5 MATCH, never reading a list of them', async () => {
    const criteria: SearchCriteria = { memberType: 'founder', tags: directoryTags('founder', { city: '2332459', skill: 'engineering' }), order: 'pictures-first' };
    const search = planSearch(criteria);
    for (const statement of [pageStatement(search, null, { page: 2, limit: 24 }), countStatement(search, criteria, null, SEARCH_BOUNDS.countCap)]) {
      const lines = await plan(statement);
      expect(lines).not.toMatch(fullScan);
      expect(lines).toMatch(/SCAN profile_search VIRTUAL TABLE/);
      expect(lines).not.toMatch(/users_search_opted_out/);
    }
  });

  it('read a topic from the hashtag key, newest first, without sorting', async () => {
    const { page, total } = topicStatements('climate', { page: 3, limit: 20 });
    for (const statement of [page, total]) {
      const lines = await plan(statement);
      expect(lines).not.toMatch(fullScan);
      expect(lines).toMatch(/SEARCH h USING PRIMARY KEY \(tag=\?\)/);
      expect(lines).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });

  it('read the newest public posts backwards along feed_posts_created', async () => {
    const lines = await plan(sql`SELECT p.id FROM feed_posts p WHERE ${PUBLIC_AUTHOR} ORDER BY p.created_at DESC, p.id DESC LIMIT 4`);
    expect(lines).toMatch(/SCAN p USING INDEX feed_posts_created/);
    expect(lines).not.toMatch(/TEMP B-TREE/);
  });

  it('count this month’s introductions on the accepted connections’ index', async () => {
    const lines = await plan(sql`SELECT count(*) FROM connections INDEXED BY connections_accepted_responded WHERE status = 'accepted' AND responded_at >= '2026-11-01'`);
    expect(lines).toMatch(/SEARCH connections USING COVERING INDEX connections_accepted_responded \(responded_at>\?\)/);
  });
});

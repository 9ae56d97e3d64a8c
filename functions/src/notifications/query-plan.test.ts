import { sql, type SQL } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { unseenOf } from './notify';
import { notificationPageQuery, notificationTotalQuery } from './service';

const database = db(env);
const member = 'a'.repeat(24);

/** The query plan's lines (SQLite's EXPLAIN QUERY PLAN `detail` column). */
async function plan(statement: SQL): Promise<string> {
  const rows = await database.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`);
  return rows.map((row) => row.detail).join('\n');
}

const fullScan = /^SCAN (notifications|n|blocks|users|u)\b(?!.*USING)/m;

describe('the notification queries', () => {
  it('page a member’s notifications newest first through notifications_user_created, without sorting', async () => {
    const lines = await plan(notificationPageQuery(member, { page: 5, limit: 20 }));
    expect(lines).toMatch(/notifications_user_created/);
    expect(lines).not.toMatch(fullScan);
    expect(lines).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    expect(lines).toMatch(/SEARCH u USING INTEGER PRIMARY KEY|SEARCH u USING INDEX/);
  });

  it('count the list and the unseen ones through the member’s indexes', async () => {
    expect(await plan(notificationTotalQuery(member))).toMatch(/notifications_user_created/);
    const unseen = await plan(sql`SELECT count(*) FROM notifications n WHERE ${unseenOf(member)}`);
    expect(unseen).toMatch(/notifications_unseen/);
    expect(unseen).not.toMatch(fullScan);
  });
});

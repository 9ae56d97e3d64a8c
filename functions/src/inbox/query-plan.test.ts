import { env } from 'cloudflare:workers';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { bothSides, messagesStatement, threadPageStatements, threadStatement, unseenCountStatement, type MessageFilter } from './queries';

const database = db(env);
const viewer = 'a'.repeat(24);
const thread = 'b'.repeat(24);

/** The query plan's rows (SQLite's EXPLAIN QUERY PLAN: `parent` 0 is the outermost query). */
async function plan(statement: SQL): Promise<{ parent: number; detail: string }[]> {
  return database.all<{ parent: number; detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`);
}

const text = (rows: { detail: string }[]) => rows.map((row) => row.detail).join('\n');
// A full pass over a table (a SCAN without an index); `SCAN tm`/`SCAN att` walk the page's own few rows.
const tableScan = /^SCAN (thread_members|threads|messages|attachments|connections|blocks|users|founders|advisors|t|m|q|u|f|a|c)\b(?!.*USING)/m;

describe('the inbox queries', () => {
  it('read a page of the thread list in order from thread_members_list and join only that page', async () => {
    const rows = await plan(threadPageStatements(viewer, { page: 10, limit: 20, filter: 'all' }).page);
    const lines = text(rows);
    expect(lines).toMatch(/SEARCH thread_members USING INDEX thread_members_list \(user_id=\? AND last_message_at>\?\)/);
    expect(lines).not.toMatch(/TEMP B-TREE/);
    expect(lines).not.toMatch(tableScan);
    // The joins run on the page (the co-routine `tm`), each by its key.
    for (const join of ['t USING INDEX sqlite_autoindex_threads_1', 'u USING INDEX sqlite_autoindex_users_1', 'm USING INDEX sqlite_autoindex_messages_1']) {
      expect(lines).toContain(`SEARCH ${join}`);
    }
    expect(lines).toMatch(/SEARCH c USING INDEX connections_open_pair \(pair_key=\?\)/);
    expect(lines).toMatch(/SEARCH attachments USING INDEX attachments_message \(message_id=\?\)/);
  });

  it.each<MessageFilter>(['all', 'read', 'unread'])('count the %s threads through an index, never a table scan', async (filter) => {
    const lines = text(await plan(threadPageStatements(viewer, { page: 1, limit: 20, filter }).total));
    expect(lines).toMatch(filter === 'unread' ? /thread_members_unread/ : /thread_members_list/);
    if (filter === 'all') expect(lines).toMatch(/USING COVERING INDEX thread_members_list/);
    expect(lines).not.toMatch(tableScan);
  });

  it('read the unread filter from thread_members_unread (only the unread threads are sorted)', async () => {
    const lines = text(await plan(threadPageStatements(viewer, { page: 1, limit: 20, filter: 'unread' }).page));
    expect(lines).toMatch(/SEARCH thread_members USING INDEX thread_members_unread/);
    expect(lines).not.toMatch(tableScan);
  });

  it('find one thread by the member’s primary key', async () => {
    const lines = text(await plan(threadStatement(viewer, thread)));
    expect(lines).toMatch(/SEARCH thread_members USING INDEX sqlite_autoindex_thread_members_1 \(user_id=\? AND thread_id=\?\)/);
    expect(lines).not.toMatch(tableScan);
  });

  it('page a thread’s messages backwards along messages_thread_created, without sorting', async () => {
    for (const before of [undefined, 'c'.repeat(24)]) {
      const lines = text(await plan(messagesStatement(thread, before, 31)));
      expect(lines).toMatch(
        before ? /SEARCH m USING INDEX messages_thread_created \(thread_id=\? AND created_at<\?\)/ : /SEARCH m USING INDEX messages_thread_created \(thread_id=\?\)/,
      );
      expect(lines).not.toMatch(/TEMP B-TREE/);
      expect(lines).not.toMatch(tableScan);
    }
  });

  it('update both sides of a thread after a message by their primary keys, never a pass over thread_members', async () => {
    const other = 'c'.repeat(24);
    const lines = text(await plan(sql`UPDATE thread_members SET last_message_at = ${'2026-11-26T00:00:00.000Z'} WHERE ${bothSides(thread, [viewer, other])}`));
    expect(lines).toMatch(/SEARCH thread_members USING INDEX sqlite_autoindex_thread_members_1 \(user_id=\? AND thread_id=\?\)/);
    expect(lines).not.toMatch(tableScan);
  });

  it('count the unread messages from thread_members_unread', async () => {
    const lines = text(await plan(unseenCountStatement(viewer)));
    expect(lines).toMatch(/SEARCH thread_members USING INDEX thread_members_unread \(user_id=\? AND unread_count>\?\)/);
  });
});

import { env } from 'cloudflare:workers';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { hiddenStatement, matchesStatement, postsStatement, requestsStatement, sessionsStatement } from './statements';

const database = db(env);
const VIEWER = '65f1c2a9e4b0a1d2c3e4f5a6';
const NOW = Date.parse('2026-11-28T12:00:00Z');

/** SQLite's EXPLAIN QUERY PLAN lines of a statement. */
async function plan(statement: SQL): Promise<string> {
  const rows = await database.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`);
  return rows.map((row) => row.detail).join('\n');
}

/** A table read whole, row by row, without an index. */
const fullScan = /^\s*SCAN (users|u|founders|f|advisors|a|p|feed_posts|connections|bookings|blocks|deletion_requests|matches)\b(?!.*USING)/m;

describe('the dashboard queries', () => {
  it('read the requests received on the receiver index', async () => {
    const lines = await plan(requestsStatement(VIEWER));
    expect(lines).not.toMatch(fullScan);
    expect(lines).toMatch(/SEARCH connections USING (COVERING )?INDEX connections_receiver_status \(receiver_id=\? AND status=\?\)/);
  });

  it('read upcoming sessions on the host and the guest index', async () => {
    const lines = await plan(sessionsStatement(VIEWER, NOW));
    expect(lines).not.toMatch(fullScan);
    expect(lines).toMatch(/SEARCH bookings USING INDEX bookings_host_busy \(host_id=\? AND busy_from>\?\)/);
    expect(lines).toMatch(/SEARCH bookings USING INDEX bookings_guest_start \(guest_id=\? AND starts_at>\?\)/);
  });

  it("read connections' recent posts author by author, never the whole feed", async () => {
    const lines = await plan(postsStatement(VIEWER, NOW));
    expect(lines).not.toMatch(fullScan);
    expect(lines).toMatch(/SEARCH p USING INDEX feed_posts_author \(author_user_id=\? AND created_at>\?\)/);
    expect(lines).toMatch(/SEARCH connections USING (COVERING )?INDEX connections_requester_status/);
    expect(lines).toMatch(/SEARCH connections USING (COVERING )?INDEX connections_receiver_status/);
  });

  it('read matches on both sides through their own index', async () => {
    const lines = await plan(matchesStatement(VIEWER));
    expect(lines).not.toMatch(fullScan);
    expect(lines).toMatch(/SEARCH matches USING INDEX matches_first \(first_id=\?\)/);
    expect(lines).toMatch(/SEARCH matches USING INDEX matches_second \(second_id=\?\)/);
  });

  it('read the members to leave out through their small indexes', async () => {
    const lines = await plan(hiddenStatement(VIEWER));
    expect(lines).not.toMatch(fullScan);
    expect(lines).toMatch(/users_suspended/);
  });
});

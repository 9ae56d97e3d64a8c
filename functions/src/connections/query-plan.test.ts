import { sql, type SQL } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { countsStatement, listStatement } from './lists';
import type { ListKind } from './schemas';

const database = db(env);
const viewer = 'a'.repeat(24);

/** The query plan's lines (SQLite's EXPLAIN QUERY PLAN `detail` column). */
async function plan(statement: SQL): Promise<string[]> {
  const rows = await database.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`);
  return rows.map((row) => row.detail);
}

const fullScan = /^SCAN (connections|c|blocks|b|users|u)\b(?!.*USING)/;

describe('the list and count queries', () => {
  it('count through the indexes, never scanning a table', async () => {
    const lines = await plan(countsStatement(viewer));
    expect(lines.filter((line) => fullScan.test(line))).toEqual([]);
    expect(lines.join('\n')).toMatch(/USING COVERING INDEX connections_receiver_status/);
    expect(lines.join('\n')).toMatch(/USING COVERING INDEX connections_requester_status/);
  });

  it.each<ListKind>(['received', 'sent', 'accepted', 'pending', 'ignored', 'withdrawn'])('page %s through the side indexes', async (kind) => {
    const lines = await plan(listStatement(viewer, kind, { page: 50, limit: 10 }));
    expect(
      lines.filter((line) => fullScan.test(line)),
      lines.join('\n'),
    ).toEqual([]);
    expect(lines.join('\n')).toMatch(/connections_(receiver|requester)_status/);
  });

  it('merge the two sides of the connections in index order: only the page’s rows are sorted', async () => {
    const rows = await database.all<{ parent: number; detail: string }>(sql`EXPLAIN QUERY PLAN ${listStatement(viewer, 'accepted', { page: 50, limit: 10 })}`);
    const lines = rows.map((row) => row.detail).join('\n');
    expect(lines).toMatch(/MERGE \(UNION ALL\)/);
    // A sort at the top sorts the ≤ limit rows of the page; none may happen inside it.
    expect(
      rows.filter((row) => /TEMP B-TREE/.test(row.detail) && row.parent !== 0),
      lines,
    ).toEqual([]);
  });
});

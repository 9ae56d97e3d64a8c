import { sql, type SQL } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { countsStatement, listStatements } from './lists';
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
    const statements = listStatements(viewer, kind, { page: 50, limit: 10 });
    for (const statement of [statements.page, statements.total]) {
      const lines = await plan(statement);
      expect(lines.filter((line) => fullScan.test(line)), lines.join('\n')).toEqual([]);
      expect(lines.join('\n')).toMatch(/connections_(receiver|requester)_status/);
    }
  });

  it('merge the two sides of the connections in index order, with no sort of all rows', async () => {
    const lines = await plan(listStatements(viewer, 'accepted', { page: 50, limit: 10 }).page);
    expect(lines.join('\n')).toMatch(/MERGE \(UNION ALL\)/);
    expect(lines.filter((line) => /TEMP B-TREE/.test(line)), lines.join('\n')).toEqual([]);
  });
});

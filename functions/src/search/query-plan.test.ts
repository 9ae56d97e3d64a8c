import { sql, type SQL } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { pageStatement, planSearch, walkCountStatement, type SearchCriteria } from './search-sql';

const database = db(env);
type PlanRow = { id: number; parent: number; detail: string };

/** SQLite's EXPLAIN QUERY PLAN rows. */
function explain(statement: SQL): Promise<PlanRow[]> {
  return database.all<PlanRow>(sql`EXPLAIN QUERY PLAN ${statement}`);
}

const page = { page: 3, limit: 20 };
const viewer = 'b'.repeat(24);
const fullScan = /^SCAN (users|u|founders|f|advisors|a|p|profile_tags|x)\b(?!.*USING)/;

/** The plan's lines, after checking what every search must avoid. */
async function checkedPlan(statement: SQL): Promise<string> {
  const rows = await explain(statement);
  const lines = rows.map((row) => row.detail).join('\n');
  expect(
    rows.filter((row) => fullScan.test(row.detail)),
    lines,
  ).toEqual([]);
  // Lists are only ever a filter's few values, the viewer's blocks or the members suspended
  // now (through the users_suspended index of the few ever suspended), never rows of profile_tags.
  const inList = new Set(rows.filter((row) => row.detail.startsWith('LIST SUBQUERY')).map((row) => row.id));
  for (const row of rows) if (inList.has(row.parent)) inList.add(row.id);
  expect(
    rows.filter((row) => inList.has(row.id) && /profile_tags|users|founders|advisors/.test(row.detail) && row.detail !== 'SCAN sx USING INDEX users_suspended'),
    lines,
  ).toEqual([]);
  return lines;
}

const founders: SearchCriteria = { memberType: 'founder', tags: {}, order: 'relevance' };

describe('the search queries', () => {
  it('read a page of one type along its listing index, with no sort and the count from its counter', async () => {
    const plan = planSearch(founders);
    expect(plan.strategy).toBe('walk');
    const lines = await checkedPlan(pageStatement(plan, founders, viewer, page));
    expect(lines).toMatch(/SCAN p USING COVERING INDEX founders_listing/);
    expect(lines).not.toMatch(/TEMP B-TREE/);
    expect(await checkedPlan(walkCountStatement(plan as Extract<typeof plan, { strategy: 'walk' }>, founders, viewer))).toMatch(
      /SEARCH search_counts USING PRIMARY KEY \(member_type=\? AND kind=\? AND value=\?\)/,
    );
  });

  it('merge the founders and advisors listings for broad filters, probing each filter by its key', async () => {
    const criteria: SearchCriteria = { tags: { remote: ['1'], industry: ['fintech', 'climate', 'ai', 'edtech', 'media'] }, order: 'pictures-first' };
    const plan = planSearch(criteria);
    expect(plan.strategy).toBe('walk');
    const lines = await checkedPlan(pageStatement(plan, criteria, viewer, page));
    expect(lines).toMatch(/MERGE \(UNION ALL\)/);
    expect(lines).toMatch(/founders_listing[\s\S]*advisors_listing/);
    expect(lines).toMatch(/SEARCH x EXISTS USING (COVERING INDEX profile_tags_user|PRIMARY KEY)/);
    expect(lines).not.toMatch(/TEMP B-TREE/);
    await checkedPlan(walkCountStatement(plan as Extract<typeof plan, { strategy: 'walk' }>, criteria, viewer));
  });

  it('drive narrow filters from the narrowest one and sort only its matches', async () => {
    const criteria: SearchCriteria = { memberType: 'founder', tags: { skill: ['engineering', 'design'], city: ['2332459'], remote: ['1'] }, order: 'relevance' };
    const plan = planSearch(criteria);
    expect(plan).toMatchObject({ strategy: 'collect', driver: { kind: 'city' } });
    const rows = await explain(pageStatement(plan, criteria, viewer, page));
    await checkedPlan(pageStatement(plan, criteria, viewer, page));
    const firstAccess = rows.find((row) => /^(SCAN|SEARCH) (?!json_each)/.test(row.detail));
    expect(firstAccess?.detail).toBe('SEARCH profile_tags USING PRIMARY KEY (kind=? AND value=?)');
  });

  it('count one facet from its counters, less the excluded members probed one by one', async () => {
    const criteria: SearchCriteria = { memberType: 'founder', tags: { industry: ['fintech'] }, order: 'pictures-first' };
    const plan = planSearch(criteria, page);
    expect(plan.strategy).toBe('walk');
    const lines = await checkedPlan(walkCountStatement(plan as Extract<typeof plan, { strategy: 'walk' }>, criteria, viewer));
    expect(lines).toMatch(/SEARCH search_counts USING PRIMARY KEY \(member_type=\? AND kind=\? AND value=\?\)/);
    // The facet's own rows are only ever probed by member, never read as a range.
    expect(lines).not.toMatch(/SEARCH profile_tags USING PRIMARY KEY \(kind=\? AND value=\?\)/);
    expect(lines).toMatch(/SEARCH e USING COVERING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
  });

  it('walk the listing for narrow filters when the page is near its start, and collect for pages far down', () => {
    const criteria: SearchCriteria = { memberType: 'founder', tags: { city: ['2332459'] }, order: 'pictures-first' };
    expect(planSearch(criteria, { page: 1, limit: 20 }).strategy).toBe('walk');
    expect(planSearch(criteria, { page: 10, limit: 20 })).toMatchObject({ strategy: 'collect', driver: { kind: 'city' } });
    expect(planSearch(criteria).strategy).toBe('collect');
  });

  it('drive a text search from its full-text hits', async () => {
    const criteria: SearchCriteria = { memberType: 'advisor', q: 'ada', tags: { industry: ['fintech'], help: ['mentoring'] }, order: 'relevance' };
    const plan = planSearch(criteria);
    expect(plan.strategy).toBe('text');
    const rows = await explain(pageStatement(plan, criteria, viewer, page));
    await checkedPlan(pageStatement(plan, criteria, viewer, page));
    expect(rows.find((row) => /^(SCAN|SEARCH) (?!json_each)/.test(row.detail))?.detail).toMatch(/^SCAN profile_search VIRTUAL TABLE/);
  });
});

import { sql, type SQL } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { memberTypeToken, tagToken } from '../profiles/search-keys';
import {
  countedByCounters,
  countStatement,
  pageStatement,
  pageWithTotalStatement,
  planSearch,
  rankedPageStatement,
  SEARCH_BOUNDS,
  type SearchCriteria,
  wordsCountStatement,
} from './search-sql';

const database = db(env);
type PlanRow = { id: number; parent: number; detail: string };

/** SQLite's EXPLAIN QUERY PLAN rows. */
function explain(statement: SQL): Promise<PlanRow[]> {
  return database.all<PlanRow>(sql`EXPLAIN QUERY PLAN ${statement}`);
}

const page = { page: 3, limit: 20 };
const cap = SEARCH_BOUNDS.countCap;
const viewer = 'b'.repeat(24);
const fullScan = /^SCAN (users|u|founders|f|advisors|a|p|profile_tags|x)\b(?!.*USING)/;

const PAUSED_OR_SUSPENDED = new Set(['SCAN sx USING INDEX users_suspended', 'SCAN px USING INDEX users_paused']);

/** The plan's lines, after checking what every search must avoid. */
async function checkedPlan(statement: SQL): Promise<string> {
  const rows = await explain(statement);
  const lines = rows.map((row) => row.detail).join('\n');
  expect(
    rows.filter((row) => fullScan.test(row.detail)),
    lines,
  ).toEqual([]);
  // Lists are only ever a filter's few values, the viewer's blocks, the members suspended
  // now (through the users_suspended index of the few ever suspended) or paused (users_paused),
  // never rows of profile_tags.
  const inList = new Set(rows.filter((row) => row.detail.startsWith('LIST SUBQUERY')).map((row) => row.id));
  for (const row of rows) if (inList.has(row.parent)) inList.add(row.id);
  expect(
    rows.filter((row) => inList.has(row.id) && /profile_tags|users|founders|advisors/.test(row.detail) && !PAUSED_OR_SUSPENDED.has(row.detail)),
    lines,
  ).toEqual([]);
  return lines;
}

const founders: SearchCriteria = { memberType: 'founder', tags: {}, order: 'relevance' };
const token = (kind: Parameters<typeof tagToken>[0], value: string) => tagToken(kind, value);

describe('the search plans', () => {
  it('match words in the text columns, each facet in the tags column, and the type only when no filter implies it', () => {
    expect(planSearch(founders)).toMatchObject({ match: `tags : ${memberTypeToken('founder')}`, ranked: false, types: ['founder'] });
    expect(planSearch({ tags: {}, order: 'pictures-first' }).match).toBe(`tags : (${memberTypeToken('founder')} OR ${memberTypeToken('advisor')})`);
    const criteria: SearchCriteria = { memberType: 'founder', q: 'Ada "x" OR', tags: { skill: ['engineering', 'design'], city: ['2332459'] }, order: 'relevance' };
    expect(planSearch(criteria)).toMatchObject({
      words: `{name headline body} : ("Ada" "x" "OR")`,
      // The narrowest facet first (a city before skills).
      match: `{name headline body} : ("Ada" "x" "OR") AND tags : ${token('city', '2332459')} AND tags : (${token('skill', 'engineering')} OR ${token('skill', 'design')})`,
      ranked: true,
      types: ['founder'],
    });
    // An industry does not imply a type: the founder search adds its own.
    expect(planSearch({ memberType: 'founder', tags: { industry: ['fintech'] }, order: 'pictures-first' }).match).toBe(
      `tags : ${token('industry', 'fintech')} AND tags : ${memberTypeToken('founder')}`,
    );
    expect(planSearch({ memberType: 'founder', tags: { expertise: ['finance'] }, order: 'relevance' }).types).toEqual([]);
    expect(planSearch({ q: 'ada', tags: {}, order: 'relevance' }).ranked).toBe(true);
    expect(planSearch({ q: 'ada', tags: {}, order: 'pictures-first' }).ranked).toBe(false);
    // Beginnings of words when asked (search.ts asks when no member has the words whole).
    expect(planSearch({ q: 'ada lo', tags: {}, order: 'relevance' }, 'prefix').words).toBe('{name headline body} : ("ada"* "lo"*)');
  });
});

describe('the search queries', () => {
  it('read a page in key order from the full-text index, sorting nothing, and a type total from its counter', async () => {
    const plan = planSearch(founders);
    const lines = await checkedPlan(pageStatement(plan, viewer, page));
    expect(lines).toMatch(/SCAN profile_search VIRTUAL TABLE INDEX/);
    expect(lines).not.toMatch(/TEMP B-TREE/);
    expect(countedByCounters(plan)).toBe(true);
    expect(await checkedPlan(countStatement(plan, founders, viewer, cap))).toMatch(/SEARCH search_counts USING PRIMARY KEY \(member_type=\? AND kind=\? AND value=\?\)/);
    // Read together, in one statement, the page and the total keep their own plans.
    const together = await checkedPlan(pageWithTotalStatement(plan, founders, viewer, page, cap));
    expect(together).toMatch(/SCAN profile_search VIRTUAL TABLE INDEX/);
    expect(together).toMatch(/SEARCH search_counts USING PRIMARY KEY/);
  });

  it('answer any filters and words from the full-text index alone, page and total', async () => {
    const criteria: SearchCriteria = { q: 'payroll', tags: { remote: ['1'], industry: ['fintech', 'climate', 'ai', 'edtech', 'media', 'health'] }, order: 'pictures-first' };
    const plan = planSearch(criteria);
    for (const statement of [pageStatement(plan, viewer, page), countStatement(plan, criteria, viewer, cap)]) {
      const lines = await checkedPlan(statement);
      expect(lines).toMatch(/SCAN profile_search VIRTUAL TABLE INDEX/);
      expect(lines).not.toMatch(/profile_tags|founders_listing|advisors_listing|TEMP B-TREE/);
    }
    expect(countedByCounters(plan)).toBe(false);
  });

  it('rank by the words when asked, scoring the members the words match and probing their filters', async () => {
    const criteria: SearchCriteria = { memberType: 'advisor', q: 'ada', tags: { industry: ['fintech'], help: ['mentoring'] }, order: 'relevance' };
    const plan = planSearch(criteria);
    const words = plan.words!;
    const lines = await checkedPlan(rankedPageStatement({ ...plan, words }, viewer, page));
    expect(lines).toMatch(/SCAN profile_search VIRTUAL TABLE INDEX/);
    expect(lines).toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    // Each filter is a probe of the member's own tag rows, never a range of a facet's.
    expect(lines).toMatch(/SEARCH x USING PRIMARY KEY \(kind=\? AND value=\? AND user_id=\?\)/);
    // Whether to rank at all: the words' matches, counted with the total, each no further than its bound.
    const counted = await checkedPlan(wordsCountStatement({ ...plan, words }, viewer, SEARCH_BOUNDS));
    expect(counted.match(/SCAN profile_search VIRTUAL TABLE INDEX/g)).toHaveLength(2);
    expect(counted).not.toMatch(/profile_tags|TEMP B-TREE/);
  });

  it('count one facet or two from their counters, less the excluded members probed one by one', async () => {
    const criteria: SearchCriteria = { memberType: 'founder', tags: { industry: ['fintech'] }, order: 'pictures-first' };
    const plan = planSearch(criteria);
    expect(countedByCounters(plan)).toBe(true);
    const lines = await checkedPlan(countStatement(plan, criteria, viewer, cap));
    expect(lines).toMatch(/SEARCH search_counts USING PRIMARY KEY \(member_type=\? AND kind=\? AND value=\?\)/);
    // The facet's own rows are only ever probed by member, never read as a range.
    expect(lines).not.toMatch(/SEARCH profile_tags USING PRIMARY KEY \(kind=\? AND value=\?\)/);
    expect(lines).toMatch(/SEARCH e USING COVERING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
    // Three facets, words, or a facet of several values a member can hold together are counted by FTS5.
    expect(countedByCounters(planSearch({ ...criteria, tags: { industry: ['fintech', 'climate'] } }))).toBe(false);
    expect(countedByCounters(planSearch({ ...criteria, tags: { city: ['1', '2'] } }))).toBe(true);
    expect(countedByCounters(planSearch({ ...criteria, tags: { city: ['1', '2'], remote: ['1'] } }))).toBe(true);
    // Remote and looking are the counters' flags (0032): they never count as one of the two.
    expect(countedByCounters(planSearch({ ...criteria, tags: { city: ['1'], remote: ['1'], stage: ['idea'] } }))).toBe(true);
    expect(countedByCounters(planSearch({ ...criteria, tags: { city: ['1'], technical: ['1'], stage: ['idea'] } }))).toBe(false);
    expect(countedByCounters(planSearch({ ...criteria, q: 'ada', tags: { city: ['1'] } }))).toBe(false);
    const pair: SearchCriteria = { ...criteria, tags: { technical: ['0'], commitment: ['full-time'] } };
    expect(await checkedPlan(countStatement(planSearch(pair), pair, viewer, cap))).toMatch(
      /SEARCH search_pair_counts USING PRIMARY KEY \(member_type=\? AND kind_a=\? AND value_a=\? AND kind_b=\? AND value_b=\?\)/,
    );
  });

  it('count two facets with remote and looking from the pair counters under their flags', async () => {
    const criteria: SearchCriteria = { memberType: 'founder', tags: { skill: ['engineering'], industry: ['fintech'], remote: ['1'], looking: ['1'] }, order: 'pictures-first' };
    const plan = planSearch(criteria);
    expect(countedByCounters(plan)).toBe(true);
    const lines = await checkedPlan(countStatement(plan, criteria, viewer, cap));
    expect(lines).toMatch(/SEARCH search_pair_counts USING PRIMARY KEY \(member_type=\? AND kind_a=\? AND value_a=\? AND kind_b=\? AND value_b=\? AND flags=\?\)/);
    expect(lines).not.toMatch(/SCAN profile_search/);
    const remoteOnly: SearchCriteria = { ...criteria, tags: { remote: ['1'] } };
    expect(await checkedPlan(countStatement(planSearch(remoteOnly), remoteOnly, viewer, cap))).toMatch(
      /SEARCH search_counts USING PRIMARY KEY \(member_type=\? AND kind=\? AND value=\? AND flags=\?\)/,
    );
  });
});

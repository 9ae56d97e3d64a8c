/**
 * The SQL of member search. profile_search (migration 0028) holds each onboarded member's
 * words and, in its `tags` column, a token per facet value and one for the member type; its
 * rowid is the member's search key, their place in the list (picture first, then newest:
 * profiles/search-keys.ts). So one FTS5 MATCH carries the words, every filter and the type:
 *
 * - a page is `ORDER BY rowid DESC LIMIT …`: FTS5 walks the intersection of the doclists
 *   backwards and stops when the page is full, whatever the membership;
 * - a q's words match whole words, or, when no member has them all whole, as the beginnings
 *   of words (a whole word reads one doclist; a long prefix merges many: fts.ts);
 * - relevance (a q, on the founder and advisor searches) ranks by bm25 the members the words
 *   match, when they are at most SEARCH_BOUNDS.rankedMatches: the filters are then probed on
 *   those few, so bm25 weighs the words' doclists only. Words that match more are answered in
 *   key order (ranking them would score every match, and FTS5's bm25 walks every phrase's
 *   doclist, filters included: about 90 ms at a million members);
 * - the total counts the same MATCH up to SEARCH_BOUNDS.countCap (no profile is read; more
 *   is "1,000+"), or reads search_counts or search_pair_counts (0026, 0029, 0032), exact,
 *   when there is no q and at most two facets whose counters are exact, besides remote and
 *   looking, which the counters keep as flags;
 * - the viewer, their blocks and the unlisted members (members/listed.ts) are left out by
 *   key, from lists read once; a visitor's search (no viewer) leaves out those who opted out
 *   of search engines in the MATCH itself (`… NOT tags : <hidden token>`, migration 0044), and
 *   its counted total takes off their count from the same MATCH: no list of them is read.
 */
import { sql, type SQL } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '../db/paging';
import type { profileTagKinds } from '../db/schema';
import { COUNTER_FLAG_BITS } from '../profiles/index-rows';
import { hiddenFromVisitorsToken, memberTypeToken, tagToken, VERIFIED_TOKEN } from '../profiles/search-keys';
import type { MemberType } from '../users/schemas';
import { ftsQuery, type WordForm } from './fts';
import { summaryColumns } from './summaries';
import { blockedWith } from '../members/blocks';
import { SUSPENDED_IDS, suspendedNow, UNLISTED_IDS } from '../members/listed';
import { PAUSED_IDS } from '../members/paused';

export type TagKind = (typeof profileTagKinds)[number];

/** Facet kind → the values any of which a member must have. Empty lists filter nothing. */
export type TagFilters = Partial<Record<TagKind, readonly string[]>>;

/**
 * `pictures-first`: docs/product.md#search order. `relevance`: the best text match first when there is a q
 * whose words match few members (SEARCH_BOUNDS), then as pictures-first.
 */
export type SearchOrder = 'pictures-first' | 'relevance';

/** `verified`: only members with a verified badge (verification/). */
export type SearchCriteria = { memberType?: MemberType; q?: string; tags: TagFilters; verified?: boolean; order: SearchOrder };

export type Facet = { kind: TagKind; values: readonly string[] };

/**
 * A search as profile_search answers it: the FTS5 MATCH, the words' part of it alone,
 * whether to rank by the words, the member types it can find (none when its filters
 * contradict its type) and its facets.
 */
export type SearchPlan = { match: string; words: string | null; ranked: boolean; types: MemberType[]; facets: Facet[]; facetTerms: string[]; verified: boolean };

/**
 * How much work one search may do, whatever the membership: a total is counted up to
 * `countCap` matches (past it the answer says `capped`, and pages stop there, as on large
 * networks' searches), and words are ranked by relevance when they match at most
 * `rankedMatches` members (else the list keeps its key order).
 */
export type SearchBounds = { countCap: number; rankedMatches: number };

export const SEARCH_BOUNDS: SearchBounds = { countCap: 1000, rankedMatches: 1000 };

/** The facets a search filters by (kinds with at least one value). */
export function facetsOf(criteria: SearchCriteria): Facet[] {
  return (Object.entries(criteria.tags) as [TagKind, readonly string[]][]).filter(([, values]) => values.length > 0).map(([kind, values]) => ({ kind, values }));
}

const anyOf = (tokens: readonly string[]) => (tokens.length === 1 ? tokens[0]! : `(${tokens.join(' OR ')})`);

/**
 * How broad each facet usually is, narrowest first: a city holds a few members in a
 * thousand, a yes-or-no facet about half. FTS5 advances an AND's doclists in the order
 * written, and the narrowest first walks less (four facets at a million members: 8.9 ms
 * against 10.3 for the broadest first).
 */
const BREADTH: Record<TagKind, number> = {
  city: 0,
  industry: 1,
  skill: 2,
  expertise: 3,
  help: 4,
  stage: 5,
  commitment: 6,
  technical: 7,
  looking: 8,
  remote: 9,
  takes: 2,
  fulltime: 6,
  engage: 4,
};

/**
 * How profile_search answers `criteria`, its words matched `form` (fts.ts). The words match
 * the text columns only and the filters the tags column only (tokens are letters and
 * digits, quoted words cannot break out: fts.ts), so neither can pose as the other. The
 * type's token is added only when the filters do not already imply it, and both types'
 * tokens when nothing else is asked.
 */
export function planSearch(criteria: SearchCriteria, form: WordForm = 'whole'): SearchPlan {
  const facets = facetsOf(criteria);
  const types = searchedTypes(criteria, facets);
  const query = criteria.q ? ftsQuery(criteria.q, undefined, form) : null;
  const words = query ? `{name headline body} : (${query})` : null;
  const narrowFirst = [...facets].sort((a, b) => BREADTH[a.kind] - BREADTH[b.kind]);
  const facetTerms = narrowFirst.map((facet) => `tags : ${anyOf([...new Set(facet.values)].map((value) => tagToken(facet.kind, value)))}`);
  // Verified members are few: their short doclist goes first.
  if (criteria.verified) facetTerms.unshift(`tags : ${VERIFIED_TOKEN}`);
  const terms = [...(words ? [words] : []), ...facetTerms];
  const implied = searchedTypes({ ...criteria, memberType: undefined }, facets);
  if (types.length < implied.length || terms.length === 0) terms.push(`tags : ${anyOf(types.map(memberTypeToken))}`);
  return { match: terms.join(' AND '), words, ranked: words !== null && criteria.order === 'relevance', types, facets, facetTerms, verified: Boolean(criteria.verified) };
}

// Facets only one member type has: using one limits the search to that type.
const FOUNDER_ONLY = new Set<TagKind>(['skill', 'commitment', 'technical', 'stage', 'looking', 'takes', 'fulltime']);
const ADVISOR_ONLY = new Set<TagKind>(['expertise', 'help', 'engage']);

/** The member types a search can find: its type, narrowed by one-type facets (none when they disagree). */
export function searchedTypes(criteria: SearchCriteria, facets: readonly Facet[]): MemberType[] {
  const kinds = facets.map((facet) => facet.kind);
  return (['founder', 'advisor'] as const).filter(
    (type) => (!criteria.memberType || criteria.memberType === type) && !kinds.some((kind) => (type === 'founder' ? ADVISOR_ONLY : FOUNDER_ONLY).has(kind)),
  );
}

// A filter's values travel as bound parameters, one each, up to this many (D1 allows 100
// per statement); a longer list travels as one JSON parameter, a little slower to probe.
const INLINE_VALUES = 5;

const json = (values: readonly string[]) => JSON.stringify(values);

function valueIn(column: SQL, values: readonly string[]): SQL {
  if (values.length === 1) return sql`${column} = ${values[0]}`;
  if (values.length <= INLINE_VALUES)
    return sql`${column} IN (${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )})`;
  return sql`${column} IN (SELECT value FROM json_each(${json(values)}))`;
}

/** The member `id` has one of the facet's values (a primary-key probe per value). */
export function probe({ kind, values }: Facet, id: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM profile_tags x WHERE x.kind = ${kind} AND ${valueIn(sql`x.value`, values)} AND x.user_id = ${id})`;
}

function conditions(parts: SQL[]): SQL {
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`1`;
}

/**
 * What a viewer's search matches: the plan's MATCH, less, for a visitor (null), the members
 * who opted out of search engines (their token: profiles/search-keys.ts).
 */
export const visibleTo = (match: string, viewerId: string | null): string =>
  viewerId === null ? `(${match}) NOT tags : ${anyOf((['founder', 'advisor'] as const).map(hiddenFromVisitorsToken))}` : match;

/**
 * The members a plan without words matches who are hidden from visitors, as a MATCH: their
 * short doclist (of the plan's types) first, then the facets, so FTS5 walks little.
 */
const hiddenMatches = (plan: SearchPlan): string => [`tags : ${anyOf(plan.types.map(hiddenFromVisitorsToken))}`, ...plan.facetTerms].join(' AND ');

/** The user ids a member's search leaves out: the viewer and anyone on either side of a block (a visitor's: none). */
const unseenBy = (viewerId: string): SQL => sql`(SELECT ${viewerId} UNION ALL SELECT blocked_id FROM ${blockedWith(viewerId)})`;

/**
 * The search keys of the members the viewer may not find: the viewer, blocked either way,
 * deletion pending, suspended now, paused ("not looking now", members/paused.ts). Each list
 * is read once, through its own index.
 */
export const excludedKeys = (viewerId: string | null) =>
  viewerId === null
    ? sql`(SELECT k.key FROM search_keys k WHERE k.user_id IN ${UNLISTED_IDS} OR k.user_id IN ${SUSPENDED_IDS} OR k.user_id IN ${PAUSED_IDS})`
    : sql`(SELECT k.key FROM search_keys k WHERE k.user_id IN ${unseenBy(viewerId)} OR k.user_id IN ${UNLISTED_IDS} OR k.user_id IN ${SUSPENDED_IDS} OR k.user_id IN ${PAUSED_IDS})`;

/**
 * How many profile_search rows meet `where`, counted no further than `cap` + 1 (a scalar
 * subquery): one more than the cap tells "more than the cap" without walking the rest.
 */
export const rowsUpTo = (where: SQL, cap: number): SQL => sql`(SELECT count(*) FROM (SELECT 1 FROM profile_search WHERE ${where} LIMIT ${cap + 1}))`;

/** The matches of a plan the viewer may find, as profile_search rows. */
const matches = (plan: SearchPlan, viewerId: string | null) =>
  sql`profile_search MATCH ${visibleTo(plan.match, viewerId)} AND profile_search.rowid NOT IN ${excludedKeys(viewerId)}`;

/** The profile table of each member type. */
const PROFILE_TABLES = { founder: sql.raw('founders'), advisor: sql.raw('advisors') };

/** The hits' members as summaries the viewer reads (their `saved` among them), in `order`. */
const summariesOf = (hits: SQL, order: SQL, viewerId: string | null) => sql`
    WITH hits AS (${hits})
    SELECT ${summaryColumns(viewerId)}, hits.key AS s_key
    FROM hits JOIN users u ON u.id = hits.member_id LEFT JOIN founders f ON f.user_id = u.id LEFT JOIN advisors a ON a.user_id = u.id
    ORDER BY ${order}`;

/**
 * One page of members as summaries, in key order: FTS5 reads the matches by key from the
 * largest down and stops after the page.
 */
export function pageStatement(plan: SearchPlan, viewerId: string | null, page: PageRequest): SQL {
  return summariesOf(
    sql`SELECT profile_search.rowid AS key, profile_search.user_id AS member_id FROM profile_search
      WHERE ${matches(plan, viewerId)} ORDER BY profile_search.rowid DESC LIMIT ${page.limit} OFFSET ${offsetOf(page)}`,
    sql`hits.key DESC`,
    viewerId,
  );
}

/**
 * A page in key order and the search's total (column `total`) in one statement, for a
 * search without words: the total's one row, joined to the page's rows (none when the page
 * is empty, the summary columns then null). One D1 statement fewer than reading them apart.
 */
export function pageWithTotalStatement(plan: SearchPlan, criteria: SearchCriteria, viewerId: string | null, page: PageRequest, cap: number): SQL {
  return sql`SELECT counted.total AS total, listed.* FROM (${countStatement(plan, criteria, viewerId, cap)}) counted
    LEFT JOIN (${pageStatement(plan, viewerId, page)}) listed ON 1
    ORDER BY listed.s_key DESC`;
}

/**
 * A search with words, counted in one statement: `total`, its matches the viewer may find
 * up to `countCap` + 1 (as countStatement), and `matches`, the members its words alone
 * match up to `rankedMatches` + 1, which decide whole words or beginnings, and ranking.
 */
export function wordsCountStatement(plan: SearchPlan & { words: string }, viewerId: string | null, bounds: SearchBounds): SQL {
  // The total is only counted when the words match someone (a CASE branch not taken is never run).
  return sql`SELECT w.matches AS matches,
    CASE WHEN w.matches = 0 THEN 0 ELSE ${rowsUpTo(matches(plan, viewerId), bounds.countCap)} END AS total
    FROM (SELECT ${rowsUpTo(sql`profile_search MATCH ${plan.words}`, bounds.rankedMatches)} AS matches) w`;
}

/**
 * One page of members as summaries, the best match of the words first (bm25: name 10,
 * headline 4, body 1), the key breaking ties. The MATCH holds the words only, so bm25's
 * document counts walk their doclists and no filter's; each member the words match is
 * then probed for the filters and the type. Meant for words that match few members
 * (SEARCH_BOUNDS.rankedMatches): every one of them is scored.
 */
export function rankedPageStatement(plan: SearchPlan & { words: string }, viewerId: string | null, page: PageRequest): SQL {
  const member = sql`profile_search.user_id`;
  const typed = plan.types.length === 1 ? [sql`EXISTS (SELECT 1 FROM ${PROFILE_TABLES[plan.types[0]!]} t WHERE t.user_id = ${member})`] : [];
  if (plan.verified) typed.push(sql`EXISTS (SELECT 1 FROM member_verifications v WHERE v.user_id = ${member} AND v.withdrawn_at IS NULL)`);
  return summariesOf(
    sql`SELECT profile_search.rowid AS key, ${member} AS member_id, bm25(profile_search, 0, 10, 4, 1, 0) AS score FROM profile_search
      WHERE profile_search MATCH ${visibleTo(plan.words, viewerId)} AND profile_search.rowid NOT IN ${excludedKeys(viewerId)}
        AND ${conditions([...plan.facets.map((facet) => probe(facet, member)), ...typed])}
      ORDER BY score, profile_search.rowid DESC LIMIT ${page.limit} OFFSET ${offsetOf(page)}`,
    sql`hits.score, hits.key DESC`,
    viewerId,
  );
}

// Facets a member holds one value of at most (index-rows.ts `when`): their counters add up
// over several values without counting anyone twice.
const ONE_VALUE_EACH = new Set<TagKind>(['commitment', 'stage', 'technical', 'remote', 'city', 'looking', 'fulltime']);

/** search_counts (0026, kept by triggers) holds the exact count of a facet with these values. */
const counted = ({ kind, values }: Facet) => values.length === 1 || ONE_VALUE_EACH.has(kind);

const typesIn = (types: readonly MemberType[]) =>
  sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );

/**
 * The members a counted total counts, before its exclusions, as a condition on the users
 * row `e`: onboarded and of a searched type with no filter; else the facet (profile_tags
 * holds onboarded members only) and, when the facet does not imply it, the type.
 */
function matchedBy(plan: SearchPlan, criteria: SearchCriteria): SQL {
  // The unary + keeps these terms off users_onboarded_type_created: each count is driven by its small set.
  if (plan.facets.length === 0) return sql`+e.onboarded = 1 AND +e.member_type IN (${typesIn(plan.types)})`;
  const where = plan.facets.map((facet) => probe(facet, sql`e.id`));
  const impliedTypes = searchedTypes({ ...criteria, memberType: undefined }, plan.facets);
  if (criteria.memberType && impliedTypes.length > 1) where.push(sql`EXISTS (SELECT 1 FROM ${PROFILE_TABLES[criteria.memberType]} t WHERE t.user_id = e.id)`);
  return conditions(where);
}

// The yes-or-no facets the counters keep as bits of their `flags` column (COUNTER_FLAG_BITS):
// every member holds one flags value, so these add to any counted total exactly.
const ALL_FLAGS = [0, 1, 2, 3];

const isFlag = ({ kind, values }: Facet) => COUNTER_FLAG_BITS[kind] !== undefined && values.length === 1 && values[0] === '1';

/**
 * The counters hold a plan's matches when it has no words and, besides the flags, at most
 * two facets, each counted (search_pair_counts for two).
 */
export function countedByCounters(plan: SearchPlan): boolean {
  const others = plan.facets.filter((facet) => !isFlag(facet));
  // The counters know nothing of badges: a verified-only total is counted in the MATCH.
  return plan.words === null && !plan.verified && others.length <= 2 && others.every(counted);
}

/** The counter rows whose flags hold every flag the plan asks for (every row when it asks none). */
function flagsOf(plan: SearchPlan): SQL {
  const wanted = plan.facets.filter(isFlag).reduce((bits, facet) => bits | COUNTER_FLAG_BITS[facet.kind]!, 0);
  if (wanted === 0) return sql`1`;
  return sql.raw(`flags IN (${ALL_FLAGS.filter((flags) => (flags & wanted) === wanted).join(', ')})`);
}

/** The counters' sum of a counted plan's matches: per type, per value, or per pair of values (kind_a < kind_b), under its flags. */
function countersOf(plan: SearchPlan): SQL {
  const types = sql`member_type IN (${typesIn(plan.types)})`;
  const flags = flagsOf(plan);
  const [first, second] = plan.facets.filter((facet) => !isFlag(facet)).sort((a, b) => (a.kind < b.kind ? -1 : 1));
  if (!first) return sql`(SELECT coalesce(sum(members), 0) FROM search_counts WHERE ${types} AND kind = '' AND value = '' AND ${flags})`;
  if (!second) return sql`(SELECT coalesce(sum(members), 0) FROM search_counts WHERE ${types} AND kind = ${first.kind} AND ${valueIn(sql`value`, first.values)} AND ${flags})`;
  return sql`(SELECT coalesce(sum(members), 0) FROM search_pair_counts
    WHERE ${types} AND kind_a = ${first.kind} AND ${valueIn(sql`value_a`, first.values)} AND kind_b = ${second.kind} AND ${valueIn(sql`value_b`, second.values)} AND ${flags})`;
}

/**
 * The total of a search (column `total`): FTS5 counts the MATCH less the excluded keys up
 * to `cap` + 1, reading doclists only (past `cap` the total is capped). When the counters
 * hold the matches, they are read there, exact, less
 * the viewer and the members blocked either way with them, then the unlisted ones (deletion
 * pending, then suspended, then paused) not already taken off, each of those few probed against the filter.
 * A visitor's total takes off the members who opted out as FTS5 counts them (the MATCH with
 * their token), then the unlisted ones who did not opt out.
 */
export function countStatement(plan: SearchPlan, criteria: SearchCriteria, viewerId: string | null, cap: number): SQL {
  if (!countedByCounters(plan)) return sql`SELECT ${rowsUpTo(matches(plan, viewerId), cap)} AS total`;
  const counters = countersOf(plan);
  const matched = matchedBy(plan, criteria);
  if (viewerId === null) {
    return sql`SELECT ${counters}
    - (SELECT count(*) FROM profile_search WHERE profile_search MATCH ${hiddenMatches(plan)})
    - (SELECT count(*) FROM users e WHERE e.id IN ${UNLISTED_IDS} AND +e.search_indexing <> 0 AND ${matched})
    - (SELECT count(*) FROM users e WHERE ${suspendedNow('e')} AND +e.search_indexing <> 0 AND e.id NOT IN ${UNLISTED_IDS} AND ${matched})
    - (SELECT count(*) FROM users e WHERE e.id IN ${PAUSED_IDS} AND +e.search_indexing <> 0 AND e.id NOT IN ${UNLISTED_IDS} AND NOT ${suspendedNow('e')} AND ${matched}) AS total`;
  }
  const unseen = unseenBy(viewerId);
  return sql`SELECT ${counters}
    - (SELECT count(*) FROM users e WHERE e.id IN ${unseen} AND ${matched})
    - (SELECT count(*) FROM users e WHERE e.id IN ${UNLISTED_IDS} AND e.id NOT IN ${unseen} AND ${matched})
    - (SELECT count(*) FROM users e WHERE ${suspendedNow('e')} AND e.id NOT IN ${unseen} AND e.id NOT IN ${UNLISTED_IDS} AND ${matched})
    - (SELECT count(*) FROM users e WHERE e.id IN ${PAUSED_IDS} AND e.id NOT IN ${unseen} AND e.id NOT IN ${UNLISTED_IDS} AND NOT ${suspendedNow('e')} AND ${matched}) AS total`;
}

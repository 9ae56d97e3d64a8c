/**
 * The SQL of member search, chosen per query so that a page over 10,000 members costs
 * about as much as the page and its total need, not a sort of every member:
 *
 * - `text` (a q): the full-text hits drive the query; filters are probed per hit.
 * - `collect` (filters that keep few members): the rows of the most selective filter
 *   drive; the other filters are probed; the few matches are sorted.
 * - `walk` (no filter, or filters that keep many): the profiles are read in display order
 *   from the founders_listing / advisors_listing indexes (picture first, then newest),
 *   each checked against the filters, until the page is full; the total is counted apart.
 *
 * Filters are probes of profile_tags' primary key (kind, value, user_id), never lists
 * built per query: a facet half the members share would cost thousands of inserts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { offsetOf, type PageRequest } from '../db/paging';
import type { profileTagKinds } from '../db/schema';
import type { MemberType } from '../users/schemas';
import { ftsQuery } from './fts';
import { SUMMARY_COLUMNS } from './summaries';
import { blockedWith } from '../members/blocks';
import { isListedByLists, suspendedNow, UNLISTED_IDS } from '../members/listed';

export type TagKind = (typeof profileTagKinds)[number];

/** Facet kind → the values any of which a member must have. Empty lists filter nothing. */
export type TagFilters = Partial<Record<TagKind, readonly string[]>>;

/** `pictures-first`: SPEC.md's order. `relevance`: the best text match first when there is a q, then as pictures-first. */
export type SearchOrder = 'pictures-first' | 'relevance';

export type SearchCriteria = { memberType?: MemberType; q?: string; tags: TagFilters; order: SearchOrder };

export type Facet = { kind: TagKind; values: readonly string[] };

export type SearchPlan = { strategy: 'text'; fts: string; facets: Facet[] } | { strategy: 'collect'; driver: Facet; facets: Facet[] } | { strategy: 'walk'; facets: Facet[] };

/**
 * About how many members share one value of each facet (a city holds a few percent, an
 * industry a tenth, remote or full time half): enough to tell a narrow filter from a broad one.
 */
const SHARE: Record<TagKind, number> = { city: 0.03, industry: 0.1, expertise: 0.2, skill: 0.2, stage: 0.2, help: 0.4, commitment: 0.5, technical: 0.5, remote: 0.6, looking: 0.6 };

/** Below this estimated share of members, collecting and sorting the matches beats walking the listing. */
const COLLECT_BELOW = 0.05;

/**
 * ...unless the page is found within this many listing entries (its end over the estimated
 * share): a walk reads about as many entries whatever the membership, where collecting reads
 * every match (at 100,000 members a facet held by a tenth of them read 87,000 rows).
 */
const WALK_ENTRIES = 4000;

const shareOf = (facet: Facet) => Math.min(1, SHARE[facet.kind] * facet.values.length);

/** How a search is run: by its text, by its narrowest filter, or along the listing order (for the page asked, when given). */
export function planSearch(criteria: SearchCriteria, page?: PageRequest): SearchPlan {
  const facets = (Object.entries(criteria.tags) as [TagKind, readonly string[]][])
    .filter(([, values]) => values.length > 0)
    .map(([kind, values]) => ({ kind, values }))
    .sort((a, b) => shareOf(a) - shareOf(b));
  const fts = criteria.q ? ftsQuery(criteria.q) : null;
  if (fts) return { strategy: 'text', fts, facets };
  const estimate = facets.reduce((share, facet) => share * shareOf(facet), 1);
  const [driver, ...rest] = facets;
  const walkEntries = page ? (offsetOf(page) + page.limit) / estimate : Number.POSITIVE_INFINITY;
  if (driver && estimate < COLLECT_BELOW && walkEntries > WALK_ENTRIES) return { strategy: 'collect', driver, facets: rest };
  return { strategy: 'walk', facets };
}

const json = (values: readonly string[]) => JSON.stringify(values);

// Facets only one member type has: using one limits the search to that type.
const FOUNDER_ONLY = new Set<TagKind>(['skill', 'commitment', 'technical', 'stage', 'looking']);
const ADVISOR_ONLY = new Set<TagKind>(['expertise', 'help']);

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

/** The user ids having one of the facet's values (each once). */
function facetIds({ kind, values }: Facet): SQL {
  const distinct = values.length > 1 ? sql`DISTINCT ` : sql``;
  return sql`SELECT ${distinct}user_id FROM profile_tags WHERE kind = ${kind} AND ${valueIn(sql`value`, values)}`;
}

function conditions(parts: SQL[]): SQL {
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`1`;
}

/**
 * Not blocked either way with the viewer, and listed (no deletion pending, not suspended:
 * members/listed.ts), checked against lists read once rather than each member's users row.
 */
const notExcluded = (id: SQL, viewerId: string) => sql`${id} NOT IN ${blockedWith(viewerId)} AND ${isListedByLists(id)}`;

const PROFILE_TABLES = { founder: sql.raw('founders'), advisor: sql.raw('advisors') };

/**
 * The matches of a `text` or `collect` plan, sorted, one page of them, each row with the
 * total of matches (a window count). Columns: member_id, joined, picture, score, total.
 * profile_search and profile_tags hold onboarded members only (the profiles module writes
 * them so), so the profile rows alone say the type, the picture and the join date.
 */
function sortedHits(plan: Exclude<SearchPlan, { strategy: 'walk' }>, types: MemberType[], viewerId: string, order: SearchOrder, page: PageRequest): SQL {
  const source =
    plan.strategy === 'text'
      ? sql`(SELECT user_id, bm25(profile_search, 0, 10, 4, 1) AS score FROM profile_search WHERE profile_search MATCH ${plan.fts}) s`
      : sql`(SELECT user_id, 0 AS score FROM (${facetIds(plan.driver)})) s`;
  // The hits drive (CROSS JOIN keeps them the outer loop); filters are probed before any profile is read.
  const where = [...plan.facets.map((facet) => probe(facet, sql`s.user_id`)), notExcluded(sql`s.user_id`, viewerId)];
  const profile =
    types.length === 1
      ? { join: sql`CROSS JOIN ${PROFILE_TABLES[types[0]!]} p ON p.user_id = s.user_id`, picture: sql`p.profile_picture_url`, joined: sql`p.created_at` }
      : {
          join: sql`LEFT JOIN founders f ON f.user_id = s.user_id LEFT JOIN advisors a ON a.user_id = s.user_id`,
          picture: sql`coalesce(f.profile_picture_url, a.profile_picture_url)`,
          joined: sql`coalesce(f.created_at, a.created_at)`,
        };
  if (types.length > 1) where.push(sql`coalesce(f.user_id, a.user_id) IS NOT NULL`);
  const byScore = plan.strategy === 'text' && order === 'relevance' ? sql`score, ` : sql``;
  return sql`
    SELECT s.user_id AS member_id, ${profile.joined} AS joined, ${profile.picture} IS NOT NULL AS picture, s.score AS score, count(*) OVER () AS total
    FROM ${source} ${profile.join}
    WHERE ${conditions(where)}
    ORDER BY ${byScore}picture DESC, joined DESC, member_id DESC LIMIT ${page.limit} OFFSET ${offsetOf(page)}`;
}

/** One type's profiles in listing order that pass the filters. Columns: member_id, picture, joined. */
function listingArm(memberType: MemberType, facets: Facet[], viewerId: string): SQL {
  const where = [...facets.map((facet) => probe(facet, sql`p.user_id`)), notExcluded(sql`p.user_id`, viewerId), sql`u.onboarded = 1`];
  return sql`
    SELECT p.user_id AS member_id, (p.profile_picture_url IS NOT NULL) AS picture, p.created_at AS joined, 0 AS score, NULL AS total
    FROM ${PROFILE_TABLES[memberType]} p INDEXED BY ${sql.raw(`${memberType}s_listing`)} JOIN users u ON u.id = p.user_id
    WHERE ${conditions(where)}`;
}

/**
 * One page of a `walk` plan: the listing of one type, or both merged (each arm is read
 * in index order and stops once the page is full). A profile's created_at is its user's.
 */
function walkedHits(plan: Extract<SearchPlan, { strategy: 'walk' }>, types: MemberType[], viewerId: string, page: PageRequest): SQL {
  const arms = sql.join(
    types.map((type) => listingArm(type, plan.facets, viewerId)),
    sql` UNION ALL `,
  );
  return sql`${arms} ORDER BY picture DESC, joined DESC, member_id DESC LIMIT ${page.limit} OFFSET ${offsetOf(page)}`;
}

/** Every facet of a plan, its driver included. */
export function planFacets(plan: SearchPlan): Facet[] {
  return plan.strategy === 'collect' ? [plan.driver, ...plan.facets] : plan.facets;
}

/** One page of members as summaries (column `total` on each row, null for a walk). */
export function pageStatement(plan: SearchPlan, criteria: SearchCriteria, viewerId: string, page: PageRequest): SQL {
  const types = searchedTypes(criteria, planFacets(plan));
  const hits = plan.strategy === 'walk' ? walkedHits(plan, types, viewerId, page) : sortedHits(plan, types, viewerId, criteria.order, page);
  const byScore = plan.strategy === 'text' && criteria.order === 'relevance' ? sql`hits.score, ` : sql``;
  return sql`
    WITH hits AS (${hits})
    SELECT hits.total AS total, ${SUMMARY_COLUMNS}
    FROM hits JOIN users u ON u.id = hits.member_id LEFT JOIN founders f ON f.user_id = u.id LEFT JOIN advisors a ON a.user_id = u.id
    ORDER BY ${byScore}hits.picture DESC, hits.joined DESC, hits.member_id DESC`;
}

// Facets a member holds one value of at most (index-rows.ts `when`): their counters add up
// over several values without counting anyone twice.
const ONE_VALUE_EACH = new Set<TagKind>(['commitment', 'stage', 'technical', 'remote', 'city', 'looking']);

/** search_counts (0026, kept by triggers) holds the exact count of a facet with these values. */
const counted = ({ kind, values }: Facet) => values.length === 1 || ONE_VALUE_EACH.has(kind);

const typesIn = (types: readonly MemberType[]) =>
  sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );

/**
 * The members a walk's total counts, before its exclusions, as a condition on the users row
 * `e`: onboarded and of a searched type with no filter; else every facet (profile_tags holds
 * onboarded members only) and, when the facets do not imply it, the type.
 */
function matchedBy(facets: readonly Facet[], types: readonly MemberType[], criteria: SearchCriteria): SQL {
  // The unary + keeps these terms off users_onboarded_type_created: each count is driven by its small set.
  if (facets.length === 0) return sql`+e.onboarded = 1 AND +e.member_type IN (${typesIn(types)})`;
  const where = facets.map((facet) => probe(facet, sql`e.id`));
  const impliedTypes = searchedTypes({ ...criteria, memberType: undefined }, facets);
  if (criteria.memberType && impliedTypes.length > 1) where.push(sql`EXISTS (SELECT 1 FROM ${PROFILE_TABLES[criteria.memberType]} t WHERE t.user_id = e.id)`);
  return conditions(where);
}

/**
 * The total of a `walk` plan (the others carry it on their rows): the members matching the
 * filters, less those blocked either way with the viewer, then the unlisted ones (deletion
 * pending, then suspended) not blocked. The matches are read from search_counts with no
 * filter or one counted facet (a row per type and value), else counted from the driving
 * facet's rows with the other facets probed; the exclusions read only the viewer's blocks
 * and the unlisted members, each probed against the filters.
 */
export function walkCountStatement(plan: Extract<SearchPlan, { strategy: 'walk' }>, criteria: SearchCriteria, viewerId: string): SQL {
  const types = searchedTypes(criteria, plan.facets);
  const [driver, ...rest] = plan.facets;
  let matches: SQL;
  if (!driver) {
    matches = sql`(SELECT coalesce(sum(members), 0) FROM search_counts WHERE member_type IN (${typesIn(types)}) AND kind = '' AND value = '')`;
  } else if (rest.length === 0 && counted(driver)) {
    matches = sql`(SELECT coalesce(sum(members), 0) FROM search_counts
      WHERE member_type IN (${typesIn(types)}) AND kind = ${driver.kind} AND ${valueIn(sql`value`, driver.values)})`;
  } else {
    const where = rest.map((facet) => probe(facet, sql`s.user_id`));
    const impliedTypes = searchedTypes({ ...criteria, memberType: undefined }, plan.facets);
    if (criteria.memberType && impliedTypes.length > 1) where.push(sql`EXISTS (SELECT 1 FROM ${PROFILE_TABLES[criteria.memberType]} t WHERE t.user_id = s.user_id)`);
    matches = sql`(SELECT count(*) FROM (${facetIds(driver)}) s WHERE ${conditions(where)})`;
  }
  const matched = matchedBy(plan.facets, types, criteria);
  const blocked = blockedWith(viewerId);
  return sql`SELECT ${matches}
    - (SELECT count(*) FROM users e WHERE e.id IN ${blocked} AND ${matched})
    - (SELECT count(*) FROM users e WHERE e.id IN ${UNLISTED_IDS} AND e.id NOT IN ${blocked} AND ${matched})
    - (SELECT count(*) FROM users e WHERE ${suspendedNow('e')} AND e.id NOT IN ${blocked} AND e.id NOT IN ${UNLISTED_IDS} AND ${matched}) AS total`;
}

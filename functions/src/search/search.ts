/**
 * Member search: onboarded founders and advisors matched by facet tags (profile_tags,
 * any value within a facet, every facet required) and full text (profile_search, FTS5),
 * never anyone on the other side of a block, with pictures first and then the newest,
 * paged with the total (counted up to a cap). The SQL is in search-sql.ts.
 */
import { type CappedPage, cappedPageOf, type PageRequest } from '../db/paging';
import type { Deps } from '../deps';
import type { ProfileSummary } from '../profiles/schemas';
import {
  countedByCounters,
  countStatement,
  pageStatement,
  planSearch,
  rankedPageStatement,
  SEARCH_BOUNDS,
  type SearchBounds,
  type SearchCriteria,
  type SearchPlan,
  wordMatchesStatement,
} from './search-sql';
import { type SummaryRow, toProfileSummary } from './summaries';

export type { SearchCriteria, SearchOrder, TagFilters, TagKind } from './search-sql';

/** A search's plan, and whether its page is ranked by relevance. */
type Planned = { plan: SearchPlan; ranked: boolean };

/**
 * How to answer `criteria`, or null when nobody can match. Words are matched whole, or as
 * the beginnings of words when no member has them all whole ("payr" finds payroll); they
 * are ranked when asked and they match at most `bounds.rankedMatches` members.
 */
async function planned(deps: Pick<Deps, 'db'>, criteria: SearchCriteria, bounds: SearchBounds): Promise<Planned | null> {
  const whole = planSearch(criteria, 'whole');
  if (whole.types.length === 0) return null;
  if (whole.words === null) return { plan: whole, ranked: false };
  const matchesOf = async (words: string) => {
    const [row] = await deps.db.all<{ matches: number }>(wordMatchesStatement(words, bounds.rankedMatches));
    return Number(row?.matches ?? 0);
  };
  let plan = whole;
  let matched = await matchesOf(whole.words);
  if (matched === 0) {
    plan = planSearch(criteria, 'prefix');
    matched = await matchesOf(plan.words!);
  }
  if (matched === 0) return null;
  return { plan, ranked: plan.ranked && matched <= bounds.rankedMatches };
}

/**
 * One page of the members matching `criteria`, as the viewer may see them: members the
 * viewer blocked or who blocked the viewer are left out, as if they did not exist. The
 * total is exact up to `bounds.countCap` (and from the counters); past it, `capped`.
 */
export async function searchMembers(
  deps: Pick<Deps, 'db'>,
  viewerId: string,
  criteria: SearchCriteria,
  page: PageRequest,
  bounds: SearchBounds = SEARCH_BOUNDS,
): Promise<CappedPage<ProfileSummary>> {
  const search = await planned(deps, criteria, bounds);
  if (!search) return cappedPageOf([], 0, null, page);
  const { plan, ranked } = search;
  const [rows, [count]] = await Promise.all([
    deps.db.all<SummaryRow>(ranked && plan.words ? rankedPageStatement({ ...plan, words: plan.words }, viewerId, page) : pageStatement(plan, viewerId, page)),
    deps.db.all<{ total: number }>(countStatement(plan, criteria, viewerId, bounds.countCap)),
  ]);
  return cappedPageOf(rows.map(toProfileSummary), Number(count?.total ?? 0), countedByCounters(plan) ? null : bounds.countCap, page);
}

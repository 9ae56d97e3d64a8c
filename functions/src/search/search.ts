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
  wordMatchesStatement,
} from './search-sql';
import { type SummaryRow, toProfileSummary } from './summaries';

export type { SearchCriteria, SearchOrder, TagFilters, TagKind } from './search-sql';

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
  const plan = planSearch(criteria);
  if (plan.types.length === 0) return cappedPageOf([], 0, null, page);
  const words = plan.ranked ? plan.words : null;
  // Relevance when the words match few members; the words' count decides before the page is read.
  const pageRows = async () => {
    if (words === null) return deps.db.all<SummaryRow>(pageStatement(plan, viewerId, page));
    const [matched] = await deps.db.all<{ matches: number }>(wordMatchesStatement({ ...plan, words }, bounds.rankedMatches));
    const ranked = Number(matched?.matches ?? 0) <= bounds.rankedMatches;
    return deps.db.all<SummaryRow>(ranked ? rankedPageStatement({ ...plan, words }, viewerId, page) : pageStatement(plan, viewerId, page));
  };
  const [rows, [count]] = await Promise.all([pageRows(), deps.db.all<{ total: number }>(countStatement(plan, criteria, viewerId, bounds.countCap))]);
  const counted = Number(count?.total ?? 0);
  return cappedPageOf(rows.map(toProfileSummary), counted, countedByCounters(plan) ? null : bounds.countCap, page);
}

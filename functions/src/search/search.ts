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

/**
 * One page of the members matching `criteria`, as the viewer may see them: members the
 * viewer blocked or who blocked the viewer are left out, as if they did not exist. The
 * total is exact up to `bounds.countCap` (and from the counters); past it, `capped`.
 *
 * Words are matched whole, or as the beginnings of words when no member has them all whole
 * ("payr" finds payroll), and ranked when asked and they match at most
 * `bounds.rankedMatches` members. Their count is read with the page in key order and the
 * total, so a search whose words match many (or none whole) costs one round of D1 more
 * only when it is ranked (or begun).
 */
export async function searchMembers(
  deps: Pick<Deps, 'db'>,
  viewerId: string,
  criteria: SearchCriteria,
  page: PageRequest,
  bounds: SearchBounds = SEARCH_BOUNDS,
): Promise<CappedPage<ProfileSummary>> {
  const keyOrder = (plan: SearchPlan) => deps.db.all<SummaryRow>(pageStatement(plan, viewerId, page));
  const ranked = (plan: SearchPlan, words: string) => deps.db.all<SummaryRow>(rankedPageStatement({ ...plan, words }, viewerId, page));
  const totalOf = async (plan: SearchPlan) => {
    const [row] = await deps.db.all<{ total: number }>(countStatement(plan, criteria, viewerId, bounds.countCap));
    return Number(row?.total ?? 0);
  };
  const matchesOf = async (words: string) => {
    const [row] = await deps.db.all<{ matches: number }>(wordMatchesStatement(words, bounds.rankedMatches));
    return Number(row?.matches ?? 0);
  };
  const answer = (plan: SearchPlan, rows: SummaryRow[], total: number) => cappedPageOf(rows.map(toProfileSummary), total, countedByCounters(plan) ? null : bounds.countCap, page);
  const rankable = (plan: SearchPlan, matched: number) => plan.ranked && matched <= bounds.rankedMatches;

  const whole = planSearch(criteria, 'whole');
  if (whole.types.length === 0) return cappedPageOf([], 0, null, page);
  if (whole.words === null) {
    const [rows, total] = await Promise.all([keyOrder(whole), totalOf(whole)]);
    return answer(whole, rows, total);
  }
  const [matched, rows, total] = await Promise.all([matchesOf(whole.words), keyOrder(whole), totalOf(whole)]);
  if (matched > 0) return answer(whole, rankable(whole, matched) ? await ranked(whole, whole.words) : rows, total);
  const begun = planSearch(criteria, 'prefix');
  const begunMatches = await matchesOf(begun.words!);
  if (begunMatches === 0) return cappedPageOf([], 0, null, page);
  const [begunRows, begunTotal] = await Promise.all([rankable(begun, begunMatches) ? ranked(begun, begun.words!) : keyOrder(begun), totalOf(begun)]);
  return answer(begun, begunRows, begunTotal);
}

/**
 * Member search: onboarded founders and advisors matched by facet values (any value within
 * a facet, every facet required) and words, both in profile_search (FTS5),
 * never the searching member nor anyone on the other side of a block, with pictures first and then the newest,
 * paged with the total (counted up to a cap). The SQL is in search-sql.ts.
 */
import { type CappedPage, cappedPageOf, type PageRequest, startsPastCap } from '../db/paging';
import type { Deps } from '../deps';
import type { ProfileSummary } from '../profiles/schemas';
import {
  countedByCounters,
  countStatement,
  pageStatement,
  pageWithTotalStatement,
  planSearch,
  rankedPageStatement,
  SEARCH_BOUNDS,
  type SearchBounds,
  type SearchCriteria,
  type SearchPlan,
  wordsCountStatement,
} from './search-sql';
import { type SummaryRow, toProfileSummary } from './summaries';

export type { SearchCriteria, SearchOrder, TagFilters, TagKind } from './search-sql';

/**
 * One page of the members matching `criteria`, as the viewer may see them: the viewer, and
 * members the viewer blocked or who blocked the viewer, are left out, as if they did not
 * exist (in the total too); with no viewer (a visitor), the members who opted out of
 * search engines are left out the same way. The
 * total is exact up to `bounds.countCap` (and from the counters); past it, `capped`.
 *
 * Words are matched whole, or as the beginnings of words when the search finds nobody with
 * them all whole ("payr" finds payroll), and ranked when asked and they match at most
 * `bounds.rankedMatches` members. Their count comes with the total: beside the page where
 * the order is the list's, before it where relevance may rank (two rounds of D1); words
 * read as beginnings cost one or two more.
 * Pages past the cap are not read (pages stop there).
 */
export async function searchMembers(
  deps: Pick<Deps, 'db'>,
  viewerId: string | null,
  criteria: SearchCriteria,
  page: PageRequest,
  bounds: SearchBounds = SEARCH_BOUNDS,
): Promise<CappedPage<ProfileSummary>> {
  // A page past the cap of a counted total is not read: the pages stop at the cap.
  const pastCap = (plan: SearchPlan) => !countedByCounters(plan) && startsPastCap(page, bounds.countCap);
  const keyOrder = async (plan: SearchPlan) => (pastCap(plan) ? [] : deps.db.all<SummaryRow>(pageStatement(plan, viewerId, page)));
  const ranked = async (plan: SearchPlan, words: string) => (pastCap(plan) ? [] : deps.db.all<SummaryRow>(rankedPageStatement({ ...plan, words }, viewerId, page)));
  const counts = async (plan: SearchPlan, words: string) => {
    const [row] = await deps.db.all<{ total: number; matches: number }>(wordsCountStatement({ ...plan, words }, viewerId, bounds));
    return { total: Number(row?.total ?? 0), matches: Number(row?.matches ?? 0) };
  };
  const answer = (plan: SearchPlan, rows: SummaryRow[], total: number) => cappedPageOf(rows.map(toProfileSummary), total, countedByCounters(plan) ? null : bounds.countCap, page);
  const rankable = (plan: SearchPlan, matches: number) => plan.ranked && matches <= bounds.rankedMatches;

  const whole = planSearch(criteria, 'whole');
  if (whole.types.length === 0) return cappedPageOf([], 0, null, page);
  if (whole.words === null) {
    if (pastCap(whole)) {
      const [count] = await deps.db.all<{ total: number }>(countStatement(whole, criteria, viewerId, bounds.countCap));
      return answer(whole, [], Number(count?.total ?? 0));
    }
    const rows = await deps.db.all<SummaryRow & { total: number }>(pageWithTotalStatement(whole, criteria, viewerId, page, bounds.countCap));
    return answer(
      whole,
      rows.filter((row) => row.m_id !== null),
      Number(rows[0]?.total ?? 0),
    );
  }
  // A search that ranks waits for the words' count to choose its page; the others read it beside.
  const [counted, keyRows] = await Promise.all([counts(whole, whole.words), whole.ranked ? null : keyOrder(whole)]);
  if (counted.total > 0) {
    const rows = rankable(whole, counted.matches) ? await ranked(whole, whole.words) : (keyRows ?? (await keyOrder(whole)));
    return answer(whole, rows, counted.total);
  }
  const begun = planSearch(criteria, 'prefix');
  const begunCounts = await counts(begun, begun.words!);
  if (begunCounts.total === 0) return cappedPageOf([], 0, null, page);
  return answer(begun, await (rankable(begun, begunCounts.matches) ? ranked(begun, begun.words!) : keyOrder(begun)), begunCounts.total);
}

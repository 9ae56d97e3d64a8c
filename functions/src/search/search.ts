/**
 * Member search: onboarded founders and advisors matched by facet tags (profile_tags,
 * any value within a facet, every facet required) and full text (profile_search, FTS5),
 * never anyone on the other side of a block, with pictures first and then the newest,
 * paged with the total. The SQL, chosen per query, is in search-sql.ts.
 */
import { type Paged, pageOf, type PageRequest } from '../db/paging';
import type { Deps } from '../deps';
import type { ProfileSummary } from '../profiles/schemas';
import { pageStatement, planFacets, planSearch, searchedTypes, walkCountStatement, type SearchCriteria } from './search-sql';
import { type SummaryRow, toProfileSummary } from './summaries';

export type { SearchCriteria, SearchOrder, TagFilters, TagKind } from './search-sql';

type Row = SummaryRow & { total: number | null };

/**
 * One page of the members matching `criteria`, as the viewer may see them: members the
 * viewer blocked or who blocked the viewer are left out, as if they did not exist.
 */
export async function searchMembers(deps: Pick<Deps, 'db'>, viewerId: string, criteria: SearchCriteria, page: PageRequest): Promise<Paged<ProfileSummary>> {
  const plan = planSearch(criteria, page);
  if (searchedTypes(criteria, planFacets(plan)).length === 0) return pageOf([], 0, page);
  if (plan.strategy === 'walk') {
    const [rows, [count]] = await Promise.all([
      deps.db.all<Row>(pageStatement(plan, criteria, viewerId, page)),
      deps.db.all<{ total: number }>(walkCountStatement(plan, criteria, viewerId)),
    ]);
    return pageOf(rows.map(toProfileSummary), Number(count?.total ?? 0), page);
  }
  const rows = await deps.db.all<Row>(pageStatement(plan, criteria, viewerId, page));
  let total = rows[0]?.total ?? 0;
  // A page past the last one has no row to carry the total: ask the first page for it.
  if (rows.length === 0 && page.page > 1) {
    const [first] = await deps.db.all<Row>(pageStatement(plan, criteria, viewerId, { page: 1, limit: 1 }));
    total = first?.total ?? 0;
  }
  return pageOf(rows.map(toProfileSummary), Number(total), page);
}

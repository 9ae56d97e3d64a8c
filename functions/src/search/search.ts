/**
 * Member search: onboarded founders and advisors matched by facet tags (profile_tags,
 * any value within a facet, every facet required) and full text (profile_search, FTS5),
 * never anyone on the other side of a block, with pictures first and then the newest,
 * paged with the total. The SQL is in search-sql.ts.
 */
import { type Paged, pageOf, type PageRequest } from '../db/paging';
import type { Deps } from '../deps';
import type { ProfileSummary } from '../profiles/schemas';
import { countStatement, pageStatement, planSearch, type SearchCriteria } from './search-sql';
import { type SummaryRow, toProfileSummary } from './summaries';

export type { SearchCriteria, SearchOrder, TagFilters, TagKind } from './search-sql';

/**
 * One page of the members matching `criteria`, as the viewer may see them: members the
 * viewer blocked or who blocked the viewer are left out, as if they did not exist.
 */
export async function searchMembers(deps: Pick<Deps, 'db'>, viewerId: string, criteria: SearchCriteria, page: PageRequest): Promise<Paged<ProfileSummary>> {
  const plan = planSearch(criteria);
  if (plan.types.length === 0) return pageOf([], 0, page);
  const [rows, [count]] = await Promise.all([
    deps.db.all<SummaryRow>(pageStatement(plan, viewerId, page)),
    deps.db.all<{ total: number }>(countStatement(plan, criteria, viewerId)),
  ]);
  return pageOf(rows.map(toProfileSummary), Number(count?.total ?? 0), page);
}

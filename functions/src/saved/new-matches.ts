/**
 * The daily run of saved searches (docs/product.md "Saved people and searches"): each saved
 * search whose last run is a day old is asked for the members who joined since that run and
 * match it; when there are some, its owner gets one `search.new_matches` notification (in the
 * app, pushed or left for the digest by their `savedSearches` preference). The notice's
 * outbox row and the new last-run time go in one D1 batch, so a run cut short neither loses
 * nor repeats a notice.
 *
 * Cost (docs/scale.md "Saved searches"): a search key orders members by join time
 * (profiles/search-keys.ts), so "joined since" is two rowid ranges of profile_search (with and
 * without a picture) that FTS5 seeks to: each search reads the doclists of its words and
 * filters from the last run's key on, not the whole membership.
 */
import { type SQL, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Deps } from '../deps';
import { deliverBatched, noticeInBatch, type BatchedDeliveryDeps } from '../notifications/deliver';
import { PICTURE_KEY, SAME_MILLISECOND } from '../profiles/search-keys';
import { excludedKeys, planSearch } from '../search/search-sql';
import type { SearchCriteria } from '../search/search';
import { SAVED_MESSAGES as M } from '../shared/saved-messages';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Saved searches one run takes (the rest wait for the next hour's run). */
export const SEARCHES_PER_RUN = 500;
/** New members one notice counts at most (its link opens the search, which shows them all). */
const MATCHES_COUNTED = 50;

type SearchRow = { id: string; user_id: string; name: string; member_type: 'founder' | 'advisor'; query: string; last_run_at: string };

/** The address a saved search's notice opens: the search screen with its filters. */
export const savedSearchPath = (memberType: 'founder' | 'advisor', query: string) => `/${memberType === 'founder' ? 'founders' : 'advisors'}${query ? `?${query}` : ''}`;

/** The statement of `newMatchesOf` (null: the search's filters contradict its type, nobody can match). */
export function newMatchesStatement(search: Pick<SearchRow, 'user_id'> & { criteria: SearchCriteria }, since: string, until: string, cap = MATCHES_COUNTED): SQL | null {
  const plan = planSearch(search.criteria, 'whole');
  if (plan.types.length === 0) return null;
  const from = Date.parse(since) * SAME_MILLISECOND;
  const to = Date.parse(until) * SAME_MILLISECOND;
  const inRange = (low: number, high: number) => sql`
    SELECT user_id FROM profile_search WHERE profile_search MATCH ${plan.match} AND rowid >= ${low} AND rowid < ${high}
      AND rowid NOT IN ${excludedKeys(search.user_id)}`;
  return sql`${inRange(PICTURE_KEY + from, PICTURE_KEY + to)} UNION ALL ${inRange(from, to)} LIMIT ${cap}`;
}

/** The user ids of members who joined in [since, until) and match the saved search, as its owner may see them, at most `cap`. */
export async function newMatchesOf(
  deps: Pick<Deps, 'db'>,
  search: Pick<SearchRow, 'user_id'> & { criteria: SearchCriteria },
  since: string,
  until: string,
  cap = MATCHES_COUNTED,
): Promise<string[]> {
  const statement = newMatchesStatement(search, since, until, cap);
  if (!statement) return [];
  return (await deps.db.all<{ user_id: string }>(statement)).map((row) => row.user_id);
}

/** A stored search's criteria (saved/schemas.ts `savedCriteria`, handed in by the worker's entry); throws for a query no longer valid. */
export type CriteriaOf = (search: { member_type: 'founder' | 'advisor'; query: string }) => SearchCriteria;

/**
 * Runs the saved searches due at `now` (last run at least a day ago, less an hour of slack so
 * a daily run keeps its hour), oldest first, at most `limit`, each read by `criteriaOf`. Answers how many were run and
 * how many notices went out.
 */
export async function runSavedSearches(
  deps: Pick<Deps, 'db' | 'clock'> & BatchedDeliveryDeps,
  criteriaOf: CriteriaOf,
  limit = SEARCHES_PER_RUN,
): Promise<{ searches: number; notices: number }> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const dueBefore = new Date(now.getTime() - DAY_MS + HOUR_MS).toISOString();
  const due = await deps.db.all<SearchRow>(sql`
    SELECT id, user_id, name, member_type, query, last_run_at FROM saved_searches INDEXED BY saved_searches_last_run
    WHERE last_run_at <= ${dueBefore} ORDER BY last_run_at LIMIT ${limit}`);
  let notices = 0;
  for (const search of due) {
    const advance = sql`UPDATE saved_searches SET last_run_at = ${at} WHERE id = ${search.id} AND last_run_at = ${search.last_run_at}`;
    let found: string[];
    try {
      found = await newMatchesOf(deps, { user_id: search.user_id, criteria: criteriaOf(search) }, search.last_run_at, at);
    } catch (error) {
      // A query the vocabulary no longer allows finds nobody; the search waits for its owner to remove it.
      console.error(`saved search ${search.id}: not run`, error);
      found = [];
    }
    if (found.length === 0) {
      await deps.db.run(advance);
      continue;
    }
    const notice = noticeInBatch(
      {
        userId: search.user_id,
        senderId: null,
        kind: 'search.new_matches',
        title: M.newMatchesTitle,
        body: M.newMatchesBody(found.length, search.name),
        link: savedSearchPath(search.member_type, search.query),
        refId: search.id,
        eventId: `saved-search:${search.id}:${at}`,
      },
      at,
    );
    await runBatch(deps.db, [advance, notice.statement]);
    await deliverBatched(deps, notice);
    notices += 1;
  }
  return { searches: due.length, notices };
}

/**
 * Saved searches (docs/product.md "Saved people and searches"): a founder or advisor search
 * kept under a name, at most SAVED_SEARCHES_FREE (Premium: SAVED_SEARCHES_PREMIUM) per
 * member, the limit checked inside the insert. Its query is the search route's query string,
 * checked by that route's own schema; new members who match it are announced daily
 * (new-matches.ts).
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { ApiError, invalidFields } from '../errors';
import { accountIsPremium } from '../premium/entitlements';
import { AdvisorSearchQuerySchema, FounderSearchQuerySchema, tagFilters } from '../search/schemas';
import type { SearchCriteria } from '../search/search';
import { SAVED_MESSAGES as M } from '../shared/saved-messages';
import type { Account } from '../users/wire';
import type { SaveSearchBody, SavedSearch, SavedSearchList } from './schemas';

const QUERY_SCHEMAS = {
  founder: FounderSearchQuerySchema.omit({ limit: true, page: true }),
  advisor: AdvisorSearchQuerySchema.omit({ limit: true, page: true }),
} as const;

type MemberType = keyof typeof QUERY_SCHEMAS;

/** The saved searches a member may keep. */
export function savedSearchLimit(config: Pick<Config, 'savedSearchesFree' | 'savedSearchesPremium'>, premium: boolean): number {
  return premium ? config.savedSearchesPremium : config.savedSearchesFree;
}

/**
 * A saved query as search criteria, and its query string in a stable form (page and limit
 * dropped). A value the search route would refuse is a 400 naming `query.<filter>`.
 */
export function savedCriteria(memberType: MemberType, query: string): { criteria: SearchCriteria; query: string } {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('limit');
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? values[0]! : values;
  }
  const parsed = QUERY_SCHEMAS[memberType].strict().safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [`query.${String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : ''))}`, issue.message]),
    );
    throw invalidFields(fields);
  }
  const { q, ...filters } = parsed.data;
  params.sort();
  return { criteria: { memberType, q, tags: tagFilters(filters), order: 'pictures-first' }, query: params.toString() };
}

type Row = { id: string; name: string; member_type: MemberType; query: string; created_at: string; last_run_at: string };

const toSavedSearch = (row: Row): SavedSearch => ({
  _id: row.id,
  name: row.name,
  memberType: row.member_type,
  query: row.query,
  createdAt: row.created_at,
  lastRunAt: row.last_run_at,
});

/** The member's saved searches, newest first, with their limit (GET /saved/searches). */
export async function savedSearchesOf(deps: Pick<Deps, 'db' | 'config'>, account: Account): Promise<SavedSearchList> {
  const premium = accountIsPremium(account);
  const rows = await deps.db.all<Row>(sql`SELECT * FROM saved_searches WHERE user_id = ${account.user.id} ORDER BY created_at DESC, id`);
  return { limit: savedSearchLimit(deps.config, premium), premium, data: rows.map(toSavedSearch) };
}

/**
 * Saves a search (POST /saved/searches). Past the limit, a 409; the count is read inside the
 * insert, so concurrent saves cannot pass it. New members are counted from now.
 */
export async function saveSearch(deps: Pick<Deps, 'db' | 'clock' | 'config'>, account: Account, body: SaveSearchBody): Promise<SavedSearch> {
  const { query } = savedCriteria(body.memberType, body.query);
  const premium = accountIsPremium(account);
  const limit = savedSearchLimit(deps.config, premium);
  const at = deps.clock.now().toISOString();
  const userId = account.user.id;
  const [row] = await deps.db.all<Row>(sql`
    INSERT INTO saved_searches (id, user_id, name, member_type, query, created_at, last_run_at)
    SELECT ${newId()}, ${userId}, ${body.name}, ${body.memberType}, ${query}, ${at}, ${at}
    WHERE (SELECT count(*) FROM saved_searches WHERE user_id = ${userId}) < ${limit}
    RETURNING *`);
  if (!row) throw new ApiError(409, M.searchLimit(limit, premium), { limit });
  return toSavedSearch(row);
}

/** Removes a saved search of the member's (DELETE /saved/searches/{id}). */
export async function deleteSavedSearch(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<void> {
  const removed = await deps.db.all(sql`DELETE FROM saved_searches WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  if (removed.length === 0) throw new ApiError(404, M.searchNotFound);
}

/**
 * Saved searches (docs/product.md "Saved people and searches"): a founder or advisor search
 * kept under a name, at most SAVED_SEARCHES_FREE (Premium: SAVED_SEARCHES_PREMIUM) per
 * member, the limit checked inside the insert. Its query is the search route's query string,
 * checked by that route's own schema (schemas.ts `savedCriteria`) before it gets here; new
 * members who match it are announced daily (new-matches.ts).
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { ApiError } from '../errors';
import { accountIsPremium } from '../premium/entitlements';
import { SAVED_MESSAGES as M } from '../shared/saved-messages';
import type { Account } from '../users/wire';
import type { SaveSearchBody, SavedSearch, SavedSearchList } from './schemas';

/** The saved searches a member may keep. */
export function savedSearchLimit(config: Pick<Config, 'savedSearchesFree' | 'savedSearchesPremium'>, premium: boolean): number {
  return premium ? config.savedSearchesPremium : config.savedSearchesFree;
}

type Row = { id: string; name: string; member_type: 'founder' | 'advisor'; query: string; created_at: string; last_run_at: string };

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
 * Saves a search (POST /saved/searches), its query already checked and in its stable form. Past the limit, a 409; the count is read inside the
 * insert, so concurrent saves cannot pass it. New members are counted from now.
 */
export async function saveSearch(deps: Pick<Deps, 'db' | 'clock' | 'config'>, account: Account, body: SaveSearchBody): Promise<SavedSearch> {
  const { query } = body;
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

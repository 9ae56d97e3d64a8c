/**
 * Who a visitor may find: the members who allow search engines (the privacy setting
 * `searchIndexing`, docs/product.md#privacy-settings). Topic pages and the visitor home's
 * posts leave the others out through this module; member search (the public directory, the
 * home's advisors) carries them as a token in profile_search instead (search/search-sql.ts).
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The user ids of the members who opted out of search engines: a minority, read once
 * through the users_search_opted_out partial index (migration 0036).
 */
export const OPTED_OUT_OF_SEARCH_ENGINES: SQL = sql`(SELECT so.id FROM users so INDEXED BY users_search_opted_out WHERE so.search_indexing = 0)`;

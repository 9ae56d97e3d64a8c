/**
 * Members to @-mention: onboarded founders and advisors whose name has words starting
 * with what was typed, the viewer's connections first, then in search order (picture
 * first, then newest). The viewer, anyone on the other side of a block and members who are
 * unlisted (members/listed.ts) are left out.
 *
 * profile_search answers it by key (profiles/search-keys.ts): the viewer's connections that
 * match are found among their few keys, the others are a page of the MATCH read backwards
 * from the largest key, and the total counts the MATCH up to search's cap (SEARCH_BOUNDS).
 * No hit is ranked or probed one by one, so a two-letter prefix shared by tens of thousands
 * of names costs a page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { type CappedPage, cappedPageOf, offsetOf, type PageRequest } from '../db/paging';
import type { MemberCard } from '../members/schemas';
import type { Deps } from '../deps';
import { ftsQuery } from './fts';
import { connectedWith } from '../members/connected';
import { excludedKeys, SEARCH_BOUNDS } from './search-sql';

/** profile_search rows matching `match` that the viewer may mention. */
const mentionable = (viewerId: string, match: string) =>
  sql`profile_search MATCH ${match} AND profile_search.rowid NOT IN ${excludedKeys(viewerId)}
    AND profile_search.rowid IS NOT (SELECT key FROM search_keys WHERE user_id = ${viewerId})`;

const keyList = (keys: readonly number[]): SQL => sql`(SELECT value FROM json_each(${JSON.stringify(keys)}))`;

type Hit = { key: number; member_id: string };

/** One page of members to mention; empty when `query` has no word. */
export async function taggingProfiles(deps: Pick<Deps, 'db'>, viewerId: string, query: string, page: PageRequest): Promise<CappedPage<MemberCard>> {
  const cap = SEARCH_BOUNDS.countCap;
  const match = ftsQuery(query, 'name');
  if (!match) return cappedPageOf([], 0, cap, page);
  const [connected, [count]] = await Promise.all([
    deps.db.all<Hit>(sql`SELECT profile_search.rowid AS key, profile_search.user_id AS member_id FROM profile_search
      WHERE ${mentionable(viewerId, match)} AND profile_search.rowid IN (SELECT key FROM search_keys WHERE user_id IN ${connectedWith(viewerId)})
      ORDER BY profile_search.rowid DESC`),
    deps.db.all<{ total: number }>(sql`SELECT count(*) AS total FROM (SELECT 1 FROM profile_search WHERE ${mentionable(viewerId, match)} LIMIT ${cap + 1})`),
  ]);
  const total = Number(count?.total ?? 0);
  const offset = offsetOf(page);
  const first = connected.slice(offset, offset + page.limit);
  const rest =
    first.length < page.limit
      ? await deps.db.all<Hit>(sql`SELECT profile_search.rowid AS key, profile_search.user_id AS member_id FROM profile_search
          WHERE ${mentionable(viewerId, match)} AND profile_search.rowid NOT IN ${keyList(connected.map((hit) => hit.key))}
          ORDER BY profile_search.rowid DESC LIMIT ${page.limit - first.length} OFFSET ${Math.max(0, offset - connected.length)}`)
      : [];
  const ids = [...first, ...rest].map((hit) => hit.member_id);
  if (ids.length === 0) return cappedPageOf([], total, cap, page);
  // The cards by member (a key may change between the queries; the member does not).
  const cards = await deps.db.all<MemberCardRow>(sql`
    SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const byId = new Map(cards.map((row) => [row.m_id, row]));
  return cappedPageOf(ids.flatMap((id) => byId.get(id) ?? []).map(toMemberCard), total, cap, page);
}

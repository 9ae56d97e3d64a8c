/**
 * Members to @-mention: onboarded founders and advisors whose name has words starting
 * with what was typed, the viewer's connections first, then in search order (picture
 * first, then newest). The viewer, anyone on the other side of a block and members who are
 * unlisted (members/listed.ts) are left out.
 *
 * profile_search answers it by key (profiles/search-keys.ts): the viewer's connections that
 * match are found among their keys, the others are a page of the MATCH read backwards
 * from the largest key, and the total counts the MATCH up to search's cap (SEARCH_BOUNDS).
 * No hit is ranked or probed one by one, so a two-letter prefix shared by tens of thousands
 * of names costs a page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { type CappedPage, cappedPageOf, offsetOf, type PageRequest, startsPastCap } from '../db/paging';
import type { MemberCard } from '../members/schemas';
import type { Deps } from '../deps';
import { ftsQuery, mentionWords } from './fts';
import { connectedWith } from '../members/connected';
import { excludedKeys, rowsUpTo, SEARCH_BOUNDS } from './search-sql';

/** profile_search rows matching `match` that the viewer may mention. */
const mentionable = (viewerId: string, match: string) => sql`profile_search MATCH ${match} AND profile_search.rowid NOT IN ${excludedKeys(viewerId)}`;

const keyList = (keys: readonly number[]): SQL => sql`(SELECT value FROM json_each(${JSON.stringify(keys)}))`;

/**
 * Connections up to this many are looked up in the MATCH key by key (about 0.5 ms each for
 * a two-letter prefix at a million members); more are picked out of the MATCH's hits as
 * they pass (about 10 ms for a prefix 6% of names begin at a million members).
 */
const KEY_BY_KEY = 20;

/** The member cards of `hits` (rows of key and member_id), by key from the largest. */
const cardsOf = (hits: SQL) => sql`
  SELECT hits.key AS key, ${MEMBER_CARD_COLUMNS} FROM (${hits}) hits JOIN users u ON u.id = hits.member_id ${MEMBER_CARD_JOINS}
  ORDER BY hits.key DESC`;

type CardHit = MemberCardRow & { key: number };

/** One page of members to mention; empty when `query` has no word. `keyByKey`: KEY_BY_KEY (tests pass others). */
export async function taggingProfiles(deps: Pick<Deps, 'db'>, viewerId: string, query: string, page: PageRequest, keyByKey = KEY_BY_KEY): Promise<CappedPage<MemberCard>> {
  const cap = SEARCH_BOUNDS.countCap;
  const match = ftsQuery(mentionWords(query).join(' '), 'name');
  if (!match) return cappedPageOf([], 0, cap, page);
  // The total and the connections' keys in one statement.
  const [head] = await deps.db.all<{ total: number; keys: string }>(sql`SELECT
    ${rowsUpTo(mentionable(viewerId, match), cap)} AS total,
    (SELECT json_group_array(key) FROM search_keys WHERE user_id IN ${connectedWith(viewerId)}) AS keys`);
  const total = Number(head?.total ?? 0);
  const keys = JSON.parse(head?.keys ?? '[]') as number[];
  const offset = offsetOf(page);
  if (startsPastCap(page, cap)) return cappedPageOf([], total, cap, page);
  const connectedKeys = keyList(keys);
  const among = keys.length <= keyByKey ? sql`profile_search.rowid IN ${connectedKeys}` : sql`+profile_search.rowid IN ${connectedKeys}`;
  const hits = sql`SELECT profile_search.rowid AS key, profile_search.user_id AS member_id FROM profile_search WHERE ${mentionable(viewerId, match)}`;
  // The others' page starts where the connections' matches end; on page 1 that is the start.
  const others = (skip: number) =>
    deps.db.all<CardHit>(cardsOf(sql`${hits} AND profile_search.rowid NOT IN ${connectedKeys} ORDER BY profile_search.rowid DESC LIMIT ${page.limit} OFFSET ${skip}`));
  const [connected, first] = await Promise.all([deps.db.all<CardHit>(cardsOf(sql`${hits} AND ${among}`)), offset === 0 ? others(0) : null]);
  const mine = connected.slice(offset, offset + page.limit);
  const rest = mine.length < page.limit ? (first ?? (await others(Math.max(0, offset - connected.length)))).slice(0, page.limit - mine.length) : [];
  return cappedPageOf([...mine, ...rest].map(toMemberCard), total, cap, page);
}

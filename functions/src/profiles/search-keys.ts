/**
 * How a member is filed in profile_search (migration 0028), shared by its writer
 * (index-rows.ts, the scale generator) and its reader (search/search-sql.ts):
 *
 * - The row's rowid is the member's **search key**, their place in search order as one
 *   integer: 2^52 when they have a profile picture, plus their join time in milliseconds
 *   times 1,024, plus a number (0–1,023) that tells apart members who joined in the same
 *   millisecond. Larger is earlier in the list, so FTS5 hands out a page in order
 *   (`ORDER BY rowid DESC`) and stops when it is full: nothing is sorted. A key stays below
 *   2^53 (JavaScript's exact integers) until 2109.
 * - The `tags` column holds one token per facet value and one for the member type, so FTS5
 *   intersects the filters and the words of a search in one pass over its doclists and
 *   counts the matches without reading a profile.
 *
 * Tokens are `00`, a letter for the facet kind (`z` for the type), then the value's UTF-8
 * bytes in hex: letters and digits only, so the unicode61 tokenizer keeps each whole, and
 * a value can never be split or run into another. They start with two digits because the
 * table's prefix indexes (2 and 3 characters) list every token under its first characters:
 * tokens starting with a letter put nearly every member under `ka`, `ke`, … and a mention
 * search for "Ke" would read them all; no name or word typed into search starts with `00`.
 * SQL writes the same token as `'00' || code || lower(hex(value))` (0031).
 */
import type { profileTagKinds } from '../db/schema';

type TagKind = (typeof profileTagKinds)[number];

/** The letter of each facet kind in its tokens. */
export const TAG_KIND_CODES: Record<TagKind, string> = {
  city: 'a',
  commitment: 'b',
  expertise: 'c',
  help: 'd',
  industry: 'e',
  looking: 'f',
  remote: 'g',
  skill: 'h',
  stage: 'i',
  technical: 'j',
  // 0046_deep_profiles.sql: not `k`, which began the tokens before 0031.
  takes: 'l',
  fulltime: 'm',
  engage: 'n',
};

/** How every token of the tags column starts. */
export const TOKEN_START = '00';

/** The letter of the member-type tokens. */
export const MEMBER_TYPE_CODE = 'z';

const hex = (text: string) => Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The token of one facet value in the tags column. */
export const tagToken = (kind: TagKind, value: string) => `${TOKEN_START}${TAG_KIND_CODES[kind]}${hex(value)}`;

/** The letter of the tokens of members hidden from visitors. */
export const HIDDEN_CODE = 'y';

/** The token of a member type in the tags column. */
export const memberTypeToken = (memberType: 'founder' | 'advisor') => `${TOKEN_START}${MEMBER_TYPE_CODE}${hex(memberType)}`;

/**
 * The token of a member who opted out of search engines (users.search_indexing = 0), by type:
 * a visitor's search is `… NOT tags : <them>`, one FTS5 MATCH, and the count of those a
 * search would find reads this short doclist first (search/search-sql.ts). Written on save
 * (profiles/index-rows.ts) and kept by triggers when the privacy setting changes (0044).
 */
export const hiddenFromVisitorsToken = (memberType: 'founder' | 'advisor') => `${TOKEN_START}${HIDDEN_CODE}${hex(memberType)}`;

/**
 * The token of a verified member (verification/): search's "verified only" filter is one more
 * term of the MATCH. Migration 0047's triggers keep it as badges come and go; saving a
 * profile writes it (profiles/index-rows.ts).
 */
export const VERIFIED_TOKEN = `${TOKEN_START}x1`;

/** The tags column of a profile_search row: the member type's token, each facet value's, then the token of a member hidden from visitors. */
export function tagsText(memberType: 'founder' | 'advisor', tags: readonly { kind: TagKind; value: string }[], hiddenFromVisitors = false): string {
  const hidden = hiddenFromVisitors ? [hiddenFromVisitorsToken(memberType)] : [];
  return [memberTypeToken(memberType), ...tags.map((tag) => tagToken(tag.kind, tag.value)), ...hidden].join(' ');
}

/** The key bit of members with a profile picture: they come first. */
export const PICTURE_KEY = 2 ** 52;

/** Members who joined in one millisecond get keys base … base + SAME_MILLISECOND - 1. */
export const SAME_MILLISECOND = 1024;

/** The lowest search key of a member joined at `joinedAt` (ISO), with or without a picture. */
export function searchKeyBase(joinedAt: string, hasPicture: boolean): number {
  return (hasPicture ? PICTURE_KEY : 0) + Date.parse(joinedAt) * SAME_MILLISECOND;
}

/** The matching deck's read, for the page on the server and the deck alike. */
import type { MemberType } from '@api/users/schemas';
import { data, type ApiClient } from '../api/client';

/** Suggestions per page asked of GET /profiles/recommend-search. */
export const MATCH_PAGE_SIZE = 10;

/** GET /profiles/recommend-search: a page (from 1) of suggested members of `memberType`. */
export function readMatches(api: ApiClient, memberType: MemberType, page: number) {
  return data(api.profiles['recommend-search'].$get({ query: { limit: String(MATCH_PAGE_SIZE), page: String(page), memberType } }));
}

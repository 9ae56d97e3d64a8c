/**
 * Server-side reads of the search and matching screens: one page of results for the
 * filters in the address (with the chosen city's name), and a section's first matches.
 */
import type { ProfileSummary } from '@api/profiles/schemas';
import type { CappedPage } from '@api/db/paging';
import type { MemberType } from '@api/users/schemas';
import { data } from '../api/client';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';
import type { SearchScreen } from './facets';
import type { InitialMatches } from './match-store';
import { clampPage } from './pages';
import { apiQuery, parseFilters, parsePage, searchHref, type SearchFilters } from './query';
import { readMatches } from './reads';

/** What a search screen renders: the filters, and the page of results or why there is none. */
export type SearchOutcome =
  | { kind: 'results'; filters: SearchFilters; page: number; results: CappedPage<ProfileSummary>; cityLabel: string | null }
  | { kind: 'error'; filters: SearchFilters; page: number; message: string; status: number; cityLabel: string | null }
  /** The address asked for a page past the end: the last page's address. */
  | { kind: 'redirect'; location: string };

/** The label of a city id ('Lagos, Nigeria'), or null when it is unknown or the lookup fails. */
async function cityLabelOf(id: number | null, options: ServerCallOptions): Promise<string | null> {
  if (id === null) return null;
  const answer = await outcome(data(serverClient(options).cities[':id'].$get({ param: { id: String(id) } })));
  return answer.ok ? answer.data.label : null;
}

/** Reads the filters of `url` and asks the API for that page of the screen's results. */
export async function searchFor(screen: SearchScreen, url: URL, options: ServerCallOptions): Promise<SearchOutcome> {
  const filters = parseFilters(screen, url.searchParams);
  const page = parsePage(url.searchParams.get('page'));
  const [answer, cityLabel] = await Promise.all([
    outcome(data(serverClient(options)[screen.kind].search.$get({ query: apiQuery(screen, filters, page) }))),
    cityLabelOf(filters.city, options),
  ]);
  if (!answer.ok) return { kind: 'error', filters, page, message: answer.error.message, status: answer.error.status, cityLabel };
  const last = clampPage(page, answer.data.pages);
  if (page > last) return { kind: 'redirect', location: searchHref(screen, filters, last) };
  return { kind: 'results', filters, page, results: answer.data, cityLabel };
}

/** The first page of matches of one section of /matching. */
export async function initialMatches(memberType: MemberType, options: ServerCallOptions): Promise<InitialMatches> {
  const answer = await outcome(readMatches(serverClient(options), memberType, 1));
  return answer.ok ? { page: answer.data, error: null } : { page: null, error: answer.error.message };
}

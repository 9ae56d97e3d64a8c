/**
 * Search filters ⇄ query strings. The address of a search screen holds its filters
 * (`/founders?q=fintech&skills=engineering&skills=design&city=2332459&page=2`), so a search
 * can be shared and reloaded; the API gets the same parameters plus `limit`.
 * Reading an address never fails: unknown values are dropped, not sent on to a 400.
 */
import { QUERY_MAX, type Facet, type SearchScreen } from './facets';

/** The filters of one search: words, a city id, and the ticked values of each facet. */
export interface SearchFilters {
  q: string;
  city: number | null;
  /** Facet key → chosen vocabulary keys (single facets hold at most one, flags `['true']`). */
  values: Readonly<Record<string, readonly string[]>>;
}

/** Anything with `getAll` (URLSearchParams, FormData). */
type ParamsLike = Pick<URLSearchParams, 'getAll'>;

const POSITIVE_INT = /^[1-9]\d{0,9}$/;

function valuesOf(facet: Facet, params: ParamsLike): string[] {
  const given = params.getAll(facet.key).map((value) => value.trim());
  if (facet.kind === 'flag') return given.includes('true') ? ['true'] : [];
  const known = [...new Set(given.filter((value) => Object.hasOwn(facet.options, value)))];
  // Keep the vocabulary's order, so equal searches have equal addresses.
  const ordered = Object.keys(facet.options).filter((key) => known.includes(key));
  return facet.kind === 'single' ? ordered.slice(0, 1) : ordered;
}

/** The filters an address (or a submitted form) asks for, keeping only what the screen knows. */
export function parseFilters(screen: SearchScreen, params: ParamsLike): SearchFilters {
  const words = (params.getAll('q')[0] ?? '').replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX).trim();
  // Words need a letter or a digit to find anything (the API refuses punctuation alone).
  const q = /[\p{L}\p{N}]/u.test(words) ? words : '';
  const cityText = (params.getAll('city')[0] ?? '').trim();
  const city = POSITIVE_INT.test(cityText) ? Number(cityText) : null;
  const values = Object.fromEntries(screen.facets.map((facet) => [facet.key, valuesOf(facet, params)]));
  return { q, city: city !== null && Number.isSafeInteger(city) ? city : null, values };
}

/** The furthest page the API serves. */
const PAGE_MAX = 1000;

/** The page an address asks for: a whole number from 1 (at most PAGE_MAX), anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
  const text = (value ?? '').trim();
  return POSITIVE_INT.test(text) ? Math.min(Number(text), PAGE_MAX) : 1;
}

/** The filters as query parameters, in the screen's order (page 1 is left out). */
export function filterParams(screen: SearchScreen, filters: SearchFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const facet of screen.facets) {
    for (const value of filters.values[facet.key] ?? []) params.append(facet.key, value);
  }
  if (filters.city !== null) params.set('city', String(filters.city));
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The screen's address for these filters and page: `/founders?skills=design&page=2`. */
export function searchHref(screen: SearchScreen, filters: SearchFilters, page = 1): string {
  const query = filterParams(screen, filters, page).toString();
  return query ? `${screen.path}?${query}` : screen.path;
}

/** The API's query for one page of results: the filters plus `limit` and `page` (a repeated key as a list). */
export function apiQuery(screen: SearchScreen, filters: SearchFilters, page: number): Record<string, string | string[]> {
  const params = filterParams(screen, filters);
  params.set('limit', String(screen.limit));
  params.set('page', String(page));
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/** How many filters are set (the words count as one), for the collapsed drawer's label. */
export function activeFilterCount(filters: SearchFilters): number {
  const facetValues = Object.values(filters.values).reduce((sum, values) => sum + values.length, 0);
  return facetValues + (filters.q ? 1 : 0) + (filters.city !== null ? 1 : 0);
}

/** The same filters without one value (`key` 'q' and 'city' clear those). */
export function withoutFilter(filters: SearchFilters, key: string, value?: string): SearchFilters {
  if (key === 'q') return { ...filters, q: '' };
  if (key === 'city') return { ...filters, city: null };
  const values = { ...filters.values, [key]: (filters.values[key] ?? []).filter((item) => value !== undefined && item !== value) };
  return { ...filters, values };
}

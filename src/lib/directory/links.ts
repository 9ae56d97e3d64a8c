/**
 * The addresses of the public directory and topic pages (docs/product.md#visitors-and-public-pages):
 * one value per filter, in a fixed order, so each filtered page has one address a crawler
 * can follow and a canonical URL; page 1 has no `page`.
 */
import { EXPERTISE, IDEA_STAGES, INDUSTRIES, SKILLS } from '@api/shared/profile-vocabulary';
import type { MemberType } from '../members/types';

export type DirectoryFacet = 'city' | 'industry' | 'skill' | 'stage' | 'expertise' | 'verified';

/** The filters of a directory page (values as the API takes them; city a GeoNames id). */
export type DirectoryFilters = Partial<Record<DirectoryFacet, string>>;

/** The facets each directory filters by, in address order. */
export const DIRECTORY_FACETS: Record<MemberType, readonly DirectoryFacet[]> = {
  founder: ['city', 'industry', 'skill', 'stage', 'verified'],
  advisor: ['city', 'industry', 'expertise', 'verified'],
};

/** The vocabulary of each facet but the city (whose values come from the API). */
export const FACET_VOCABULARY: Record<Exclude<DirectoryFacet, 'city'>, Record<string, string>> = {
  industry: INDUSTRIES,
  skill: SKILLS,
  stage: IDEA_STAGES,
  expertise: EXPERTISE,
  /** A toggle, not a list: `verified=true` (the member search's word) keeps verified members only. */
  verified: { true: 'Verified only' },
};

/** What each facet is called on the page. */
export const FACET_NAMES: Record<DirectoryFacet, string> = { city: 'City', industry: 'Industry', skill: 'Skill', stage: 'Stage', expertise: 'Expertise', verified: 'Verified' };

/** The directory's path of each member type. */
export const DIRECTORY_PATHS: Record<MemberType, string> = { founder: '/founders', advisor: '/advisors' };

const CITY_ID = /^[1-9]\d{0,9}$/;

/** Whether `value` is one of the facet's values (a city: an id shape). */
export function isFacetValue(facet: DirectoryFacet, value: string): boolean {
  return facet === 'city' ? CITY_ID.test(value) : Object.hasOwn(FACET_VOCABULARY[facet], value);
}

/**
 * The filters of a directory address: known facets with a valid value; anything else is
 * left out (and `unknown` says so, so the page can point crawlers at its clean address).
 */
export function parseDirectoryFilters(memberType: MemberType, params: URLSearchParams): { filters: DirectoryFilters; unknown: boolean } {
  const filters: DirectoryFilters = {};
  let unknown = false;
  for (const [key, value] of params) {
    if (key === 'page' || value === '') continue;
    const facet = DIRECTORY_FACETS[memberType].find((name) => name === key);
    if (facet && isFacetValue(facet, value) && filters[facet] === undefined) filters[facet] = value;
    else unknown = true;
  }
  return { filters, unknown };
}

/** A page number from the address: a whole number from 1, else null (not a page). */
export function parseDirectoryPage(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,3}$/.test(value) && Number(value) <= 1000 ? Number(value) : null;
}

/** The address of a directory page with these filters. */
export function directoryHref(memberType: MemberType, filters: DirectoryFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const facet of DIRECTORY_FACETS[memberType]) {
    const value = filters[facet];
    if (value) params.set(facet, value);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${DIRECTORY_PATHS[memberType]}?${query}` : DIRECTORY_PATHS[memberType];
}

/** The address with one facet set to `value` (null: removed), back on page 1. */
export function withFacet(memberType: MemberType, filters: DirectoryFilters, facet: DirectoryFacet, value: string | null): string {
  const next = { ...filters };
  if (value === null) delete next[facet];
  else next[facet] = value;
  return directoryHref(memberType, next);
}

/** The address of a topic page: `/tags/<hashtag>`, page 1 without `page`. */
export function topicHref(tag: string, page = 1): string {
  const path = `/tags/${encodeURIComponent(tag)}`;
  return page > 1 ? `${path}?page=${page}` : path;
}

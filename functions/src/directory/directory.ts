/**
 * The public directory (docs/product.md#visitors-and-public-pages): pages of founders or
 * advisors as a visitor may see them (members who allow search engines, listed, onboarded),
 * filtered by one value per facet, in search order (pictures first, then the newest), and
 * the cities with the most members for the directory's city links.
 */
import { sql } from 'drizzle-orm';
import type { CappedPage } from '../db/paging';
import type { Deps } from '../deps';
import { cityLabel } from '../cities/repository';
import type { ProfileSummary } from '../profiles/schemas';
import { searchMembers, type TagFilters } from '../search/search';
import type { MemberType } from '../users/schemas';
import { cachedJson } from './cached';
import { DIRECTORY_PAGE_SIZE } from './limits';
import type { DirectoryCity } from './schemas';

export type DirectoryFilters = {
  city?: string | undefined;
  industry?: string | undefined;
  skill?: string | undefined;
  stage?: string | undefined;
  expertise?: string | undefined;
  /** `true`: only members with a verified badge. */
  verified?: string | undefined;
};

const one = (value: string | undefined) => (value === undefined ? [] : [value]);

/** The profile_tags values a directory page filters by (founder-only facets on founders, advisor-only on advisors). */
export function directoryTags(memberType: MemberType, filters: DirectoryFilters): TagFilters {
  const shared = { city: one(filters.city), industry: one(filters.industry) };
  return memberType === 'founder' ? { ...shared, skill: one(filters.skill), stage: one(filters.stage) } : { ...shared, expertise: one(filters.expertise) };
}

/**
 * One page of the directory: member search with no viewer, which leaves out the members
 * who opted out of search engines as well as the unlisted ones (search/search-sql.ts);
 * `verified=true` keeps the verified members only, as the member search's filter does.
 */
export function directoryPage(deps: Pick<Deps, 'db'>, memberType: MemberType, filters: DirectoryFilters, page: number): Promise<CappedPage<ProfileSummary>> {
  return searchMembers(
    deps,
    null,
    { memberType, tags: directoryTags(memberType, filters), verified: filters.verified === 'true', order: 'pictures-first' },
    { page, limit: DIRECTORY_PAGE_SIZE },
  );
}

/** How many city links the directory shows. */
export const DIRECTORY_CITIES = 12;

type CityCountRow = { id: number; name: string; country_code: string; country_name: string; admin_code: string | null; members: number };

/**
 * The cities with the most members of a type, from the search counters (one row per city,
 * kept by triggers): no profile is read.
 */
export async function directoryCities(deps: Pick<Deps, 'db'>, memberType: MemberType, limit = DIRECTORY_CITIES): Promise<DirectoryCity[]> {
  const rows = await deps.db.all<CityCountRow>(sql`
    SELECT c.id AS id, c.name AS name, c.country_code AS country_code, c.country_name AS country_name, c.admin_code AS admin_code, sc.members AS members
    FROM search_counts sc JOIN cities c ON c.id = CAST(sc.value AS INTEGER)
    WHERE sc.member_type = ${memberType} AND sc.kind = 'city' AND sc.members > 0
    ORDER BY sc.members DESC, c.id LIMIT ${limit}`);
  return rows.map((row) => ({ id: row.id, label: cityLabel(row), members: row.members }));
}

/** How long a location keeps the city links: a city's new members count there within a minute. */
export const DIRECTORY_CITIES_MAX_AGE = 60;

/** The city links from `cache` when a fresh copy is there, else read and kept DIRECTORY_CITIES_MAX_AGE seconds. */
export function cachedDirectoryCities(deps: Pick<Deps, 'db'>, memberType: MemberType, cache: Cache | null): Promise<DirectoryCity[]> {
  return cachedJson(cache, `https://cache.foundermesh.internal/directory/cities/${memberType}/v1`, DIRECTORY_CITIES_MAX_AGE, () => directoryCities(deps, memberType));
}

/** A directory page with the city links its filters offer, both read at once. */
export async function directoryPageWithCities(deps: Pick<Deps, 'db'>, memberType: MemberType, filters: DirectoryFilters, page: number, cache: Cache | null) {
  const [results, cities] = await Promise.all([directoryPage(deps, memberType, filters, page), cachedDirectoryCities(deps, memberType, cache)]);
  return { ...results, cities };
}

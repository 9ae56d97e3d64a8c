/**
 * The addresses of the admin area's lists: filters and the page live in the query string,
 * so a filtered page can be bookmarked, shared and reloaded, and works without JavaScript.
 * Empty filters and page 1 are left out, so each list has one address per view.
 */

export type ListParams = Record<string, string | number | null | undefined>;

/** `path?filters…` without empty values or `page=1`. */
export function listAddress(path: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (name === 'page' && Number(value) <= 1) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The page number of the address: a whole number from 1 (anything else reads as 1). */
export function pageParam(url: URL): number {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** A query value when it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T;
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback?: undefined): T | undefined;
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback?: T): T | undefined {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

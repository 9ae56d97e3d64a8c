/**
 * The feed's filters and the address: `?group=<key>` and `?hashtag=<tag>` in the page
 * address, and the API queries for a page of posts and for the pinned posts.
 */

export interface FeedFilters {
  group: string | null;
  hashtag: string | null;
}

/** Posts per page of the feed. */
const FEED_PAGE_SIZE = 10;
/** Pinned posts shown on top. */
const PINNED_LIMIT = 5;

const GROUP_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const HASHTAG = /^[\p{L}\p{N}_]{1,50}$/u;

/** The filters in a query string; unknown or malformed values are dropped (hashtags lowercased, `#` allowed). */
export function filtersFromQuery(params: URLSearchParams): FeedFilters {
  const group = params.get('group')?.trim().toLowerCase() ?? '';
  const hashtag = (params.get('hashtag') ?? '').trim().replace(/^#/, '').toLowerCase();
  return {
    group: GROUP_KEY.test(group) ? group : null,
    hashtag: HASHTAG.test(hashtag) && !/^\d+$/.test(hashtag) ? hashtag : null,
  };
}

/** The query string of the filters ('' when none), group first. */
export function queryFromFilters(filters: FeedFilters): string {
  const params = new URLSearchParams();
  if (filters.group) params.set('group', filters.group);
  if (filters.hashtag) params.set('hashtag', filters.hashtag);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The feed page address for the filters. */
export function feedHref(filters: FeedFilters): string {
  return `/feed${queryFromFilters(filters)}`;
}

/** The query of GET /feed-post for a page of posts, newest first. */
export function postsQuery(filters: FeedFilters, page: number, limit: number = FEED_PAGE_SIZE): Record<string, string> {
  const query: Record<string, string> = { page: String(page), limit: String(limit), sortBy: 'createdAt', order: 'desc' };
  if (filters.group) query.group = filters.group;
  if (filters.hashtag) query.hashtag = filters.hashtag;
  return query;
}

/** The query of GET /feed-post for the pinned posts of a group (the whole feed when null). */
export function pinnedQuery(group: string | null): Record<string, string> {
  const query: Record<string, string> = { _start: '0', _limit: String(PINNED_LIMIT), isPinned: 'true' };
  if (group) query.group = group;
  return query;
}

/** Whether two filters are the same. */
export function sameFilters(a: FeedFilters, b: FeedFilters): boolean {
  return a.group === b.group && a.hashtag === b.hashtag;
}

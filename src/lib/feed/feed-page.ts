/**
 * The /feed page's server-side reads: the first page of posts, the pinned posts on top and
 * the groups, asked together so the first paint already shows the feed.
 */
import { callApi, type ApiCallOptions } from '../server/api';
import { pinnedPath, postsPath, type FeedFilters } from './filters';
import type { InitialFeed } from './state';
import type { FeedGroup, FeedPost, Paged } from './types';

type CallOptions = Pick<ApiCallOptions, 'token' | 'clientIp' | 'fetchApi'>;

function split(path: string): [string, string] {
  const [route, search = ''] = path.split('?');
  return [route!, search];
}

/** What the feed island starts from; a failed read becomes the error it shows (with a retry). */
export async function initialFeed(filters: FeedFilters, options: CallOptions): Promise<InitialFeed> {
  const [postsRoute, postsSearch] = split(postsPath(filters, 1));
  const [pinnedRoute, pinnedSearch] = split(pinnedPath(filters.group));
  const [page, pinned, groups] = await Promise.all([
    callApi<Paged<FeedPost>>(postsRoute, { ...options, search: postsSearch }),
    filters.hashtag ? null : callApi<Paged<FeedPost>>(pinnedRoute, { ...options, search: pinnedSearch }),
    callApi<{ data: FeedGroup[] }>('feed/groups', options),
  ]);
  return {
    filters,
    page: page.ok ? page.data : null,
    pinned: pinned?.ok ? pinned.data.data : [],
    groups: groups.ok ? [...groups.data.data].sort((a, b) => a.position - b.position) : [],
    error: page.ok ? null : page.error.message,
  };
}

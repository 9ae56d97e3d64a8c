/**
 * The /feed page's server-side reads: the first page of posts, the pinned posts on top and
 * the groups, asked together so the first paint already shows the feed.
 */
import { data } from '../api/client';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';
import { pinnedQuery, postsQuery, type FeedFilters } from './filters';
import type { InitialFeed } from './state';

/** What the feed island starts from; a failed read becomes the error it shows (with a retry). */
export async function initialFeed(filters: FeedFilters, options: ServerCallOptions): Promise<InitialFeed> {
  const api = serverClient(options);
  const [page, pinned, groups] = await Promise.all([
    outcome(data(api['feed-post'].$get({ query: postsQuery(filters, 1) }))),
    filters.hashtag ? null : outcome(data(api['feed-post'].$get({ query: pinnedQuery(filters.group) }))),
    outcome(data(api.feed.groups.$get())),
  ]);
  return {
    filters,
    page: page.ok ? page.data : null,
    pinned: pinned?.ok ? pinned.data.data : [],
    groups: groups.ok ? [...groups.data.data].sort((a, b) => a.position - b.position) : [],
    error: page.ok ? null : page.error.message,
  };
}

/**
 * The feed's offline copy: the first posts of the unfiltered feed, kept in localStorage
 * under FEED_POSTS_KEY (the one key sign-out keeps), so a feed that cannot load still
 * shows them beside the error.
 */
import { FEED_POSTS_KEY } from '../storage';
import { visiblePosts, type FeedState } from './state';
import type { FeedPost } from './types';

/** How many posts the copy keeps. */
const CACHED_POSTS = 20;

type CopyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Keeps the first posts of `state` when it shows the unfiltered feed (pending posts never). */
export function keepOfflineCopy(storage: CopyStorage | undefined, state: FeedState): void {
  if (!storage || state.filters.group || state.filters.hashtag || state.status === 'error') return;
  const posts = visiblePosts(state)
    .filter((item) => !item._id.startsWith('pending-'))
    .slice(0, CACHED_POSTS);
  try {
    storage.setItem(FEED_POSTS_KEY, JSON.stringify(posts));
  } catch {
    // A full or disabled storage only loses the offline copy.
  }
}

/** The posts kept, or [] when there are none or they cannot be read. */
export function readOfflineCopy(storage: CopyStorage | undefined): FeedPost[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(FEED_POSTS_KEY) ?? '[]');
    return Array.isArray(value) ? (value as FeedPost[]).filter((item) => item && typeof item._id === 'string') : [];
  } catch {
    return [];
  }
}

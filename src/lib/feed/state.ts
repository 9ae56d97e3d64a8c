/**
 * The feed store's state and its pure changes: posts by id, the order of the list (newest
 * first) and of the pinned posts on top, paging, and what is in flight.
 */
import type { FeedFilters } from './filters';
import type { FeedGroup, FeedPost, Paged } from './types';

export type ListStatus = 'loading' | 'ready' | 'loading-more' | 'error';

export interface FeedState {
  filters: FeedFilters;
  posts: Record<string, FeedPost>;
  /** The list, newest first, without the pinned posts (they show on top). */
  order: string[];
  pinned: string[];
  page: number;
  pages: number;
  status: ListStatus;
  error: string | null;
  groups: FeedGroup[];
  /** Posts with a like, vote, pin, edit or delete on its way. */
  busy: Record<string, true>;
  /** Posts the member wrote on this page, newest first: shown above the pinned ones until the feed is read again. */
  fresh?: string[];
}

/** What the page rendered on the server hands the island. */
export interface InitialFeed {
  filters: FeedFilters;
  page: Paged<FeedPost> | null;
  pinned: FeedPost[];
  groups: FeedGroup[];
  error: string | null;
}

/** An empty feed about to load. */
export function emptyFeed(filters: FeedFilters = { group: null, hashtag: null }): FeedState {
  return { filters, posts: {}, order: [], pinned: [], page: 0, pages: 0, status: 'loading', error: null, groups: [], busy: {} };
}

function byId(posts: readonly FeedPost[]): Record<string, FeedPost> {
  return Object.fromEntries(posts.map((post) => [post._id, post]));
}

/** The state of a first page (and the pinned posts) as loaded. */
export function fromPages(filters: FeedFilters, page: Paged<FeedPost>, pinned: readonly FeedPost[], groups: FeedGroup[]): FeedState {
  const pinnedIds = pinned.map((post) => post._id);
  return {
    filters,
    posts: { ...byId(page.data), ...byId(pinned) },
    order: page.data.map((post) => post._id).filter((id) => !pinnedIds.includes(id)),
    pinned: pinnedIds,
    page: page.page,
    pages: page.pages,
    status: 'ready',
    error: null,
    groups,
    busy: {},
  };
}

/** The state the island starts from. */
export function stateFromInitial(initial: InitialFeed): FeedState {
  if (!initial.page) return { ...emptyFeed(initial.filters), groups: initial.groups, status: 'error', error: initial.error };
  return fromPages(initial.filters, initial.page, initial.pinned, initial.groups);
}

/** The next page appended; posts already listed (pushed down by new ones) are not repeated. */
export function appendPage(state: FeedState, page: Paged<FeedPost>): FeedState {
  const known = new Set([...state.order, ...state.pinned]);
  const fresh = page.data.filter((post) => !known.has(post._id));
  return {
    ...state,
    posts: { ...state.posts, ...byId(fresh) },
    order: [...state.order, ...fresh.map((post) => post._id)],
    page: page.page,
    pages: page.pages,
    status: 'ready',
  };
}

/** Whether more pages are left. */
export function hasMore(state: FeedState): boolean {
  return state.status === 'ready' && state.page < state.pages;
}

/** The post replaced (or added when new). */
export function withPost(state: FeedState, post: FeedPost): FeedState {
  return { ...state, posts: { ...state.posts, [post._id]: post } };
}

/** A new post put at the top of the list. */
export function prependPost(state: FeedState, post: FeedPost): FeedState {
  return { ...withPost(state, post), order: [post._id, ...state.order.filter((id) => id !== post._id)], fresh: [post._id, ...(state.fresh ?? [])] };
}

/** A post taken out of the list and the pinned posts. */
export function withoutPost(state: FeedState, postId: string): FeedState {
  const posts = { ...state.posts };
  delete posts[postId];
  return {
    ...state,
    posts,
    order: state.order.filter((id) => id !== postId),
    pinned: state.pinned.filter((id) => id !== postId),
    fresh: state.fresh?.filter((id) => id !== postId),
  };
}

/** A post taken out (a refused delete) put back where it was in `before`, keeping what changed since. */
export function withPostBack(state: FeedState, before: FeedState, postId: string): FeedState {
  const kept = (ids: string[], current: string[]) => ids.filter((id) => id === postId || current.includes(id));
  return {
    ...state,
    posts: { ...state.posts, [postId]: before.posts[postId]! },
    order: kept(before.order, state.order),
    pinned: kept(before.pinned, state.pinned),
    fresh: before.fresh && kept(before.fresh, state.fresh ?? []),
  };
}

/** One post swapped for another under a new id, in place (a pending post for the server's). */
export function replacePost(state: FeedState, oldId: string, post: FeedPost): FeedState {
  const posts = { ...state.posts, [post._id]: post };
  if (oldId !== post._id) delete posts[oldId];
  const swap = (id: string) => (id === oldId ? post._id : id);
  return { ...state, posts, order: state.order.map(swap), fresh: state.fresh?.map(swap) };
}

/** A post moved on top (pinned) or back into the list by date (unpinned). */
export function withPin(state: FeedState, post: FeedPost): FeedState {
  const rest = withoutPost(state, post._id);
  if (post.isPinned) return { ...rest, posts: { ...rest.posts, [post._id]: post }, pinned: [post._id, ...rest.pinned] };
  const order = [...rest.order, post._id].sort((a, b) => {
    const first = a === post._id ? post : rest.posts[a];
    const second = b === post._id ? post : rest.posts[b];
    return (second?.createdAt ?? '').localeCompare(first?.createdAt ?? '');
  });
  return { ...rest, posts: { ...rest.posts, [post._id]: post }, order };
}

/** The posts to show: the member's own new ones first (so a new post is seen), then the pinned ones, then the rest. */
export function visiblePosts(state: FeedState): FeedPost[] {
  const fresh = (state.fresh ?? []).filter((id) => state.order.includes(id));
  const ids = [...fresh, ...state.pinned, ...state.order.filter((id) => !fresh.includes(id))];
  return ids.map((id) => state.posts[id]).filter((post): post is FeedPost => post !== undefined);
}

/**
 * `$feed`: the feed screen's posts and their actions. Likes, votes, edits, pins and deletes
 * change the state at once and undo exactly that change, with a toast in the server's
 * words, when the server refuses. A new post shows at once with an upload placeholder
 * (SPEC.md §4) while its files go up. The first posts are kept in localStorage under
 * FEED_POSTS_KEY (the one key sign-out keeps) so a feed that cannot load still shows them.
 */
import { atom, type WritableAtom } from 'nanostores';
import { session, type SessionRequest } from '../api/client';
import { toAppError } from '../errors';
import { pinnedPath, postsPath, sameFilters, type FeedFilters } from '../feed/filters';
import { progressItem } from '../feed/media';
import { pendingPost } from '../feed/pending';
import { withLike, withVote } from '../feed/optimistic';
import { draftIsEmpty, postForm, type PostDraft } from '../feed/post-form';
import {
  appendPage,
  emptyFeed,
  fromPages,
  hasMore,
  prependPost,
  replacePost,
  stateFromInitial,
  visiblePosts,
  withoutPost,
  withPin,
  withPost,
  type FeedState,
  type InitialFeed,
} from '../feed/state';
import type { FeedPost, MemberCard, Paged, Poll, PostVersion } from '../feed/types';
import { sendForm } from '../feed/upload';
import { FEED_POSTS_KEY } from '../storage';
import { toast, type ToastKind } from '../toast';

export interface FeedClient {
  session<T = unknown>(path: string, options?: SessionRequest): Promise<T>;
  sendForm<T>(path: string, form: FormData, options: { method?: string; onProgress?: (percent: number) => void }): Promise<T>;
}

export interface FeedDeps {
  store: WritableAtom<FeedState>;
  client: FeedClient;
  notify: (message: string, kind: ToastKind) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now: () => string;
}

/** How many posts the local copy keeps. */
export const CACHED_POSTS = 20;

export const $feed: WritableAtom<FeedState> = atom(emptyFeed());

/** The feed actions over a store and a client (tests inject fakes). */
export function createFeedActions({ store, client, notify, storage, now }: FeedDeps) {
  let loadTicket = 0;
  let pendingCount = 0;

  const set = (next: FeedState) => store.set(next);
  const post = (id: string) => store.get().posts[id];

  function setBusy(id: string, busy: boolean): void {
    const current = { ...store.get().busy };
    if (busy) current[id] = true;
    else delete current[id];
    set({ ...store.get(), busy: current });
  }

  /** Keeps the first posts of the unfiltered feed (pending ones never). */
  function persist(): void {
    const state = store.get();
    if (!storage || state.filters.group || state.filters.hashtag || state.status === 'error') return;
    const posts = visiblePosts(state).filter((item) => !item._id.startsWith('pending-')).slice(0, CACHED_POSTS);
    try {
      storage.setItem(FEED_POSTS_KEY, JSON.stringify(posts));
    } catch {
      // A full or disabled storage only loses the offline copy.
    }
  }

  /** The posts kept locally, or [] when there are none or they cannot be read. */
  function cachedPosts(): FeedPost[] {
    try {
      const value: unknown = JSON.parse(storage?.getItem(FEED_POSTS_KEY) ?? '[]');
      return Array.isArray(value) ? (value as FeedPost[]).filter((item) => item && typeof item._id === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Starts from what the server rendered; a feed that failed shows the local copy beside the error. */
  function hydrate(initial: InitialFeed): void {
    loadTicket += 1;
    const state = stateFromInitial(initial);
    const unfiltered = !initial.filters.group && !initial.filters.hashtag;
    if (state.status === 'error' && unfiltered) {
      const cached = cachedPosts();
      set({ ...state, posts: Object.fromEntries(cached.map((item) => [item._id, item])), order: cached.map((item) => item._id) });
    } else {
      set(state);
      persist();
    }
  }

  /** Loads the first page and the pinned posts for `filters` (the list shows loading meanwhile). */
  async function load(filters: FeedFilters): Promise<void> {
    const ticket = ++loadTicket;
    set({ ...emptyFeed(filters), groups: store.get().groups });
    try {
      const [page, pinned] = await Promise.all([
        client.session<Paged<FeedPost>>(postsPath(filters, 1)),
        filters.hashtag ? Promise.resolve(null) : client.session<Paged<FeedPost>>(pinnedPath(filters.group)),
      ]);
      if (ticket !== loadTicket) return;
      set(fromPages(filters, page, pinned?.data ?? [], store.get().groups));
      persist();
    } catch (cause) {
      if (ticket !== loadTicket) return;
      set({ ...store.get(), status: 'error', error: toAppError(cause).message });
    }
  }

  /** Changes the filters: loads their feed unless it is the one shown. */
  function filter(filters: FeedFilters): Promise<void> {
    const state = store.get();
    if (sameFilters(state.filters, filters) && state.status !== 'error') return Promise.resolve();
    return load(filters);
  }

  /** Appends the next page; a failure keeps the list and says why. */
  async function loadMore(): Promise<void> {
    const state = store.get();
    if (!hasMore(state)) return;
    const ticket = loadTicket;
    set({ ...state, status: 'loading-more' });
    try {
      const page = await client.session<Paged<FeedPost>>(postsPath(state.filters, state.page + 1));
      if (ticket !== loadTicket) return;
      set(appendPage(store.get(), page));
    } catch (cause) {
      if (ticket !== loadTicket) return;
      set({ ...store.get(), status: 'ready' });
      notify(toAppError(cause).message, 'error');
    }
  }

  /**
   * One optimistic change of a post: apply `change`, send `request`, settle with the
   * answer, or put the post back as it was and say why. One change per post at a time.
   */
  async function run<T>(id: string, change: (before: FeedPost) => FeedPost, request: () => Promise<T>, settle: (answer: T, before: FeedPost) => void): Promise<boolean> {
    const before = post(id);
    if (!before || store.get().busy[id]) return false;
    setBusy(id, true);
    set(withPost(store.get(), change(before)));
    try {
      settle(await request(), before);
      persist();
      return true;
    } catch (cause) {
      if (post(id)) set(withPost(store.get(), before));
      notify(toAppError(cause).message, 'error');
      return false;
    } finally {
      setBusy(id, false);
    }
  }

  /** Likes or unlikes a post. */
  function like(id: string, liked: boolean): Promise<boolean> {
    return run(
      id,
      (before) => withLike(before, liked),
      () => client.session<{ likedByUser: boolean; likeCount: number }>(`feed-post/like-by-user/${id}`, { method: 'POST', body: { likedByUser: liked } }),
      (answer) => {
        const current = post(id);
        if (current) set(withPost(store.get(), { ...current, likedByUser: answer.likedByUser, likeCount: answer.likeCount }));
      },
    );
  }

  /** Votes for an option of the post's poll; the results show at once. */
  function vote(id: string, optionId: string): Promise<boolean> {
    const poll = post(id)?.poll;
    if (!poll) return Promise.resolve(false);
    return run(
      id,
      (before) => ({ ...before, poll: before.poll ? withVote(before.poll, optionId) : null }),
      () => client.session<Poll>(`feed-post/${encodeURIComponent(optionId)}/vote?pollId=${encodeURIComponent(poll._id)}`),
      (answer) => {
        const current = post(id);
        if (current) set(withPost(store.get(), { ...current, poll: answer }));
      },
    );
  }

  /** Pins or unpins a post (admins). */
  function pin(id: string, isPinned: boolean): Promise<boolean> {
    return run(
      id,
      (before) => before,
      () => client.session<FeedPost>(`feed-post/${id}/pin`, { method: 'PATCH', body: { isPinned } }),
      (answer) => {
        set(withPin(store.get(), answer));
        notify(isPinned ? 'Post pinned to the top of the feed.' : 'Post unpinned.', 'success');
      },
    );
  }

  /** Deletes a post (the confirmation is the caller's); it comes back when the server refuses. */
  async function remove(id: string): Promise<boolean> {
    const before = store.get();
    if (!post(id) || before.busy[id]) return false;
    set(withoutPost(before, id));
    try {
      await client.session(`feed-post/delete/${id}`, { method: 'POST' });
      notify('Post deleted.', 'success');
      persist();
      return true;
    } catch (cause) {
      const current = store.get();
      set({ ...current, posts: { ...current.posts, [id]: before.posts[id]! }, order: before.order.filter((item) => item === id || current.order.includes(item)), pinned: before.pinned.filter((item) => item === id || current.pinned.includes(item)) });
      notify(toAppError(cause).message, 'error');
      return false;
    }
  }

  /**
   * Publishes a draft: the post shows at once (with one upload placeholder while files go
   * up) and becomes the server's post; on failure it leaves and the error is thrown back
   * for the composer to keep the draft.
   */
  async function create(draft: PostDraft, author: MemberCard): Promise<FeedPost> {
    if (draftIsEmpty(draft)) throw toAppError(new Error('Write something, add a poll or a picture first.'));
    const tempId = `pending-${++pendingCount}`;
    const pending = pendingPost(tempId, draft, author, now());
    set(prependPost(store.get(), pending));
    const onProgress = (percent: number) => {
      const current = post(tempId);
      if (current && draft.files.length) set(withPost(store.get(), { ...current, media: [progressItem(`${tempId}-upload`, percent)] }));
    };
    try {
      const created = await client.sendForm<FeedPost>('feed-post', postForm(draft, author._id), { onProgress });
      const { filters } = store.get();
      const fits = (!filters.group || filters.group === created.group) && (!filters.hashtag || created.hashtags.includes(filters.hashtag));
      set(fits ? replacePost(store.get(), tempId, created) : withoutPost(store.get(), tempId));
      if (!fits) notify('Posted. It does not match the filter shown here, so it appears in the full feed.', 'info');
      persist();
      return created;
    } catch (cause) {
      set(withoutPost(store.get(), tempId));
      throw toAppError(cause);
    }
  }

  /** Saves an edit: the new text shows at once, and the old post comes back on failure (thrown for the form). */
  async function edit(id: string, draft: PostDraft): Promise<FeedPost> {
    const before = post(id);
    if (!before) throw toAppError(new Error('This post is no longer in the feed.'));
    setBusy(id, true);
    set(withPost(store.get(), { ...before, text: draft.text.trim(), group: draft.group, editedAt: now() }));
    try {
      const saved = await client.sendForm<FeedPost>(`feed-post/${id}`, postForm(draft, before.author._id), { method: 'PUT' });
      set(withPost(store.get(), saved));
      persist();
      return saved;
    } catch (cause) {
      if (post(id)) set(withPost(store.get(), before));
      throw toAppError(cause);
    } finally {
      setBusy(id, false);
    }
  }

  /** The post's earlier versions, newest first. */
  async function history(id: string): Promise<PostVersion[]> {
    return (await client.session<{ data: PostVersion[] }>(`feed-post/${id}/history`)).data;
  }

  /** Moves a post's comment count by `delta` (comments and replies added or removed). */
  function countComments(id: string, delta: number): void {
    const current = post(id);
    if (current) set(withPost(store.get(), { ...current, commentCount: Math.max(0, current.commentCount + delta) }));
  }

  return { hydrate, load, filter, loadMore, like, vote, pin, remove, create, edit, history, countComments, cachedPosts };
}

export type FeedActions = ReturnType<typeof createFeedActions>;

const localStore = () => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/** The app's feed actions, on `$feed`, over the session proxy. */
export const feedActions: FeedActions = createFeedActions({
  store: $feed,
  client: { session, sendForm },
  notify: (message, kind) => toast(message, { kind }),
  storage: localStore(),
  now: () => new Date().toISOString(),
});

/**
 * `$feed`: the feed screen's posts and their actions. Likes, votes, edits, pins and deletes
 * change the state at once and undo exactly that change, with a toast in the server's
 * words, when the server refuses. A new post shows at once with an upload placeholder
 * (docs/product.md#media) while its files go up. The first posts are kept in localStorage under
 * FEED_POSTS_KEY (the one key sign-out keeps) so a feed that cannot load still shows them.
 */
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, sendForm, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { pinnedQuery, postsQuery, sameFilters, type FeedFilters } from '../feed/filters';
import { progressItem } from '../feed/media';
import { keepOfflineCopy, readOfflineCopy } from '../feed/offline-copy';
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
  withoutPost,
  withPin,
  withPost,
  withPostBack,
  type FeedState,
  type InitialFeed,
} from '../feed/state';
import type { FeedPost, MemberCard, PostVersion } from '../feed/types';
import { toast, type ToastKind } from '../toast';
import { busyIn } from './machinery/busy';
import { latestLoad } from './machinery/latest';
import { applyOptimistic, toastRefusal } from './machinery/optimistic';

export interface FeedDeps {
  store: WritableAtom<FeedState>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now: () => string;
}

/** How many members an @-mention suggests: the tagging profiles' page size (docs/product.md#search). */
const MENTION_SUGGESTIONS = 10;

export const $feed: WritableAtom<FeedState> = atom(emptyFeed());

/** The feed actions over a store and a client (tests inject fakes). */
export function createFeedActions({ store, api, notify, storage, now }: FeedDeps) {
  const posts = api['feed-post'];
  const loads = latestLoad();
  const busy = busyIn(store.get, store.set);
  const refused = toastRefusal(notify);
  let pendingCount = 0;

  const set = (next: FeedState) => store.set(next);
  const post = (id: string) => store.get().posts[id];

  /** Keeps the first posts of the unfiltered feed for the next visit. */
  const persist = () => keepOfflineCopy(storage, store.get());

  /** Starts from what the server rendered; a feed that failed shows the local copy beside the error. */
  function hydrate(initial: InitialFeed): void {
    loads.supersede();
    const state = stateFromInitial(initial);
    const unfiltered = !initial.filters.group && !initial.filters.hashtag;
    if (state.status === 'error' && unfiltered) {
      const cached = readOfflineCopy(storage);
      set({ ...state, posts: Object.fromEntries(cached.map((item) => [item._id, item])), order: cached.map((item) => item._id) });
    } else {
      set(state);
      persist();
    }
  }

  /** Loads the first page and the pinned posts for `filters` (the list shows loading meanwhile). */
  async function load(filters: FeedFilters): Promise<void> {
    const current = loads.start();
    set({ ...emptyFeed(filters), groups: store.get().groups });
    try {
      const [page, pinned] = await Promise.all([
        data(posts.$get({ query: postsQuery(filters, 1) })),
        filters.hashtag ? Promise.resolve(null) : data(posts.$get({ query: pinnedQuery(filters.group) })),
      ]);
      if (!current()) return;
      set(fromPages(filters, page, pinned?.data ?? [], store.get().groups));
      persist();
    } catch (cause) {
      if (!current()) return;
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
    const current = loads.follow();
    set({ ...state, status: 'loading-more' });
    try {
      const page = await data(posts.$get({ query: postsQuery(state.filters, state.page + 1) }));
      if (!current()) return;
      set(appendPage(store.get(), page));
    } catch (cause) {
      if (!current()) return;
      set({ ...store.get(), status: 'ready' });
      notify(toAppError(cause).message, 'error');
    }
  }

  /**
   * One optimistic change of a post: apply `change`, send `request`, settle with the
   * answer, or put the post back as it was and say why. One change per post at a time.
   */
  async function run<T>(id: string, change: (before: FeedPost) => FeedPost, request: () => Promise<T>, settle: (answer: T) => void): Promise<boolean> {
    const before = post(id);
    if (!before || busy.has(id)) return false;
    return busy.during(id, () =>
      applyOptimistic({
        change: () => set(withPost(store.get(), change(before))),
        request,
        settle: (answer) => {
          settle(answer);
          persist();
        },
        rollback: () => {
          if (post(id)) set(withPost(store.get(), before));
        },
        onRefused: refused,
      }),
    );
  }

  /** Likes or unlikes a post. */
  function like(id: string, liked: boolean): Promise<boolean> {
    return run(
      id,
      (before) => withLike(before, liked),
      () => data(posts['like-by-user'][':post_id'].$post({ param: { post_id: id }, json: { likedByUser: liked } })),
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
      () => data(posts[':optionId'].vote.$post({ param: { optionId: encodeURIComponent(optionId) }, query: { pollId: poll._id } })),
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
      () => data(posts[':post_id'].pin.$patch({ param: { post_id: id }, json: { isPinned } })),
      (answer) => {
        set(withPin(store.get(), answer));
        notify(isPinned ? 'Post pinned to the top of the feed.' : 'Post unpinned.', 'success');
      },
    );
  }

  /** Deletes a post (the confirmation is the caller's); it comes back when the server refuses. */
  async function remove(id: string): Promise<boolean> {
    const before = store.get();
    if (!post(id) || busy.has(id)) return false;
    return applyOptimistic({
      change: () => set(withoutPost(before, id)),
      request: () => data(posts.delete[':post_id'].$post({ param: { post_id: id } })),
      settle: () => {
        notify('Post deleted.', 'success');
        persist();
      },
      rollback: () => set(withPostBack(store.get(), before, id)),
      onRefused: refused,
    });
  }

  /**
   * Publishes a draft: the post shows at once (with one upload placeholder while files go
   * up) and becomes the server's post; on failure it leaves and the error is thrown back
   * for the composer to keep the draft.
   */
  async function create(draft: PostDraft, author: MemberCard): Promise<FeedPost> {
    if (draftIsEmpty(draft)) throw toAppError(new Error('Write something, add a poll or a picture first.'));
    const tempId = `pending-${++pendingCount}`;
    const onProgress = (percent: number) => {
      const current = post(tempId);
      if (current && draft.files.length) set(withPost(store.get(), { ...current, media: [progressItem(`${tempId}-upload`, percent)] }));
    };
    let created!: FeedPost;
    await applyOptimistic({
      change: () => set(prependPost(store.get(), pendingPost(tempId, draft, author, now()))),
      request: () => data(sendForm(posts.$post, {}, postForm(draft, author._id), onProgress)),
      settle: (answer) => {
        created = answer;
        const { filters } = store.get();
        const fits = (!filters.group || filters.group === created.group) && (!filters.hashtag || created.hashtags.includes(filters.hashtag));
        set(fits ? replacePost(store.get(), tempId, created) : withoutPost(store.get(), tempId));
        if (!fits) notify('Posted. It does not match the filter shown here, so it appears in the full feed.', 'info');
        persist();
      },
      rollback: () => set(withoutPost(store.get(), tempId)),
    });
    return created;
  }

  /** Saves an edit: the new text shows at once, and the old post comes back on failure (thrown for the form). */
  async function edit(id: string, draft: PostDraft): Promise<FeedPost> {
    const before = post(id);
    if (!before) throw toAppError(new Error('This post is no longer in the feed.'));
    let saved!: FeedPost;
    await busy.during(id, () =>
      applyOptimistic({
        change: () => set(withPost(store.get(), { ...before, text: draft.text.trim(), group: draft.group, editedAt: now() })),
        request: () => data(sendForm(posts[':idOrSlug'].$put, { param: { idOrSlug: id } }, postForm(draft, before.author._id))),
        settle: (answer) => {
          saved = answer;
          set(withPost(store.get(), saved));
          persist();
        },
        rollback: () => {
          if (post(id)) set(withPost(store.get(), before));
        },
      }),
    );
    return saved;
  }

  /** The post's earlier versions, newest first. */
  async function history(id: string): Promise<PostVersion[]> {
    return (await data(posts[':post_id'].history.$get({ param: { post_id: id } }))).data;
  }

  /** Members to suggest for an @-mention starting with `query`. */
  async function mentionable(query: string): Promise<MemberCard[]> {
    return (await data(api.founder['tagging-profiles'].$get({ query: { query, limit: String(MENTION_SUGGESTIONS) } }))).data;
  }

  /** Moves a post's comment count by `delta` (comments and replies added or removed). */
  function countComments(id: string, delta: number): void {
    const current = post(id);
    if (current) set(withPost(store.get(), { ...current, commentCount: Math.max(0, current.commentCount + delta) }));
  }

  return { hydrate, load, filter, loadMore, like, vote, pin, remove, create, edit, history, mentionable, countComments };
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
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
  storage: localStore(),
  now: () => new Date().toISOString(),
});

/**
 * `$feedComments`: the comments and replies shown under feed posts, by post id, with their
 * actions. New comments and replies show at once and leave again, with a toast, when the
 * server refuses; edits and deletes likewise. The post's comment count (comments plus
 * replies) follows through `countComments`.
 */
import { REPLIES_PER_COMMENT } from '@api/shared/feed-limits';
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, data, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { appendNew } from '../lists';
import type { Comment, MemberCard, Reply } from '../feed/types';
import { toast, type ToastKind } from '../toast';
import { feedActions } from './feed';
import { applyOptimistic, toastRefusal, type OptimisticChange } from './machinery/optimistic';

/** Comments per page under a post. */
export const COMMENTS_PAGE_SIZE = 10;

export interface CommentThread {
  status: 'loading' | 'ready' | 'loading-more' | 'error';
  items: Comment[];
  page: number;
  pages: number;
  total: number;
  error: string | null;
}

export type CommentsState = Record<string, CommentThread>;

export interface CommentsDeps {
  store: WritableAtom<CommentsState>;
  api: ApiClient;
  notify: (message: string, kind: ToastKind) => void;
  countComments: (postId: string, delta: number) => void;
  now: () => string;
}

export const $feedComments: WritableAtom<CommentsState> = atom({});

/** The comment actions over a store and a client (tests inject fakes). */
export function createCommentActions({ store, api, notify, countComments, now }: CommentsDeps) {
  const comments = api.feed.comments;
  let pending = 0;
  const refused = toastRefusal(notify);
  const thread = (postId: string) => store.get()[postId];
  const setThread = (postId: string, next: CommentThread) => store.set({ ...store.get(), [postId]: next });
  const mapItems = (postId: string, change: (items: Comment[]) => Comment[]) => {
    const current = thread(postId);
    if (current) setThread(postId, { ...current, items: change(current.items) });
  };
  const mapComment = (postId: string, commentId: string, change: (comment: Comment) => Comment) =>
    mapItems(postId, (items) => items.map((item) => (item._id === commentId ? change(item) : item)));

  function fetchPage(postId: string, page: number) {
    return data(comments[':post_id'].$get({ param: { post_id: encodeURIComponent(postId) }, query: { page: String(page), limit: String(COMMENTS_PAGE_SIZE) } }));
  }

  /** Loads the first page of a post's comments (oldest first) unless loaded. */
  async function load(postId: string, force = false): Promise<void> {
    const current = thread(postId);
    if (current && !force && current.status !== 'error') return;
    setThread(postId, { status: 'loading', items: [], page: 0, pages: 0, total: 0, error: null });
    try {
      const page = await fetchPage(postId, 1);
      setThread(postId, { status: 'ready', items: page.data, page: page.page, pages: page.pages, total: page.total, error: null });
    } catch (cause) {
      setThread(postId, { status: 'error', items: [], page: 0, pages: 0, total: 0, error: toAppError(cause).message });
    }
  }

  /** Appends the next page of comments. */
  async function loadMore(postId: string): Promise<void> {
    const current = thread(postId);
    if (current?.status !== 'ready' || current.page >= current.pages) return;
    setThread(postId, { ...current, status: 'loading-more' });
    try {
      const page = await fetchPage(postId, current.page + 1);
      const latest = thread(postId)!;
      setThread(postId, { ...latest, status: 'ready', items: appendNew(latest.items, page.data), page: page.page, pages: page.pages, total: page.total });
    } catch (cause) {
      setThread(postId, { ...thread(postId)!, status: 'ready' });
      notify(toAppError(cause).message, 'error');
    }
  }

  /**
   * Reads the replies a comment did not bring (it brings its first REPLIES_PER_COMMENT), a
   * page at a time, keeping them in time order with any the member just wrote. Answers
   * whether more remain; a failure says so in a toast and leaves the replies shown.
   */
  async function loadMoreReplies(postId: string, commentId: string): Promise<boolean> {
    const comment = thread(postId)?.items.find((item) => item._id === commentId);
    if (!comment) return false;
    const stored = comment.replies.filter((item) => !item._id.startsWith('pending-')).length;
    const page = Math.floor(stored / REPLIES_PER_COMMENT) + 1;
    try {
      const answer = await data(
        comments.replies[':comment_id'].$get({ param: { comment_id: encodeURIComponent(commentId) }, query: { page: String(page), limit: String(REPLIES_PER_COMMENT) } }),
      );
      mapComment(postId, commentId, (current) => {
        const replies = appendNew(current.replies, answer.data);
        return { ...current, replies: replies.sort((a, b) => a.createdAt.localeCompare(b.createdAt)) };
      });
      return answer.page < answer.pages;
    } catch (cause) {
      notify(toAppError(cause).message, 'error');
      return true;
    }
  }

  /** Adds a comment: shown at once, replaced by the server's, removed on refusal. */
  function add(postId: string, text: string, author: MemberCard): Promise<boolean> {
    const id = `pending-comment-${++pending}`;
    const at = now();
    const draft: Comment = {
      _id: id,
      commentId: id,
      postId,
      text: text.trim(),
      author,
      createdAt: at,
      updatedAt: at,
      editedAt: null,
      replyCount: 0,
      replies: [],
      canEdit: false,
      canDelete: false,
    };
    return applyOptimistic({
      change: () => {
        if (!thread(postId)) setThread(postId, { status: 'ready', items: [], page: 1, pages: 1, total: 0, error: null });
        mapItems(postId, (items) => [...items, draft]);
        countComments(postId, 1);
      },
      request: () => data(comments.$post({ json: { postId, text: draft.text } })),
      settle: (saved) => mapItems(postId, (items) => items.map((item) => (item._id === id ? saved : item))),
      rollback: () => {
        mapItems(postId, (items) => items.filter((item) => item._id !== id));
        countComments(postId, -1);
      },
      onRefused: refused,
    });
  }

  /** Adds a reply to a comment, the same way. */
  function reply(postId: string, commentId: string, text: string, author: MemberCard): Promise<boolean> {
    const id = `pending-reply-${++pending}`;
    const at = now();
    const draft: Reply = { _id: id, replyId: id, commentId, postId, text: text.trim(), author, createdAt: at, updatedAt: at, editedAt: null, canEdit: false, canDelete: false };
    const withReplies = (change: (replies: Reply[]) => Reply[], delta: number) =>
      mapComment(postId, commentId, (comment) => ({ ...comment, replies: change(comment.replies), replyCount: Math.max(0, comment.replyCount + delta) }));
    return applyOptimistic({
      change: () => {
        withReplies((replies) => [...replies, draft], 1);
        countComments(postId, 1);
      },
      request: () => data(comments.reply.$post({ json: { commentId, text: draft.text } })),
      settle: (saved) => withReplies((replies) => replies.map((item) => (item._id === id ? saved : item)), 0),
      rollback: () => {
        withReplies((replies) => replies.filter((item) => item._id !== id), -1);
        countComments(postId, -1);
      },
      onRefused: refused,
    });
  }

  /**
   * Runs a change of the thread (moving the post's count by `delta`), restoring the thread
   * as it was when the server refuses.
   */
  function changeThread<T>(
    postId: string,
    { change, request, settle, delta = 0 }: Pick<OptimisticChange<T>, 'change' | 'request' | 'settle'> & { delta?: number },
  ): Promise<boolean> {
    const before = thread(postId);
    return applyOptimistic({
      change: () => {
        change();
        if (delta) countComments(postId, delta);
      },
      request,
      settle,
      rollback: () => {
        if (before) setThread(postId, before);
        if (delta) countComments(postId, -delta);
      },
      onRefused: refused,
    });
  }

  /** Saves a comment's new text. */
  function edit(postId: string, commentId: string, text: string): Promise<boolean> {
    return changeThread(postId, {
      change: () => mapComment(postId, commentId, (comment) => ({ ...comment, text: text.trim(), editedAt: now() })),
      request: () => data(comments.$put({ json: { commentId, text: text.trim() } })),
      settle: (saved) => mapComment(postId, commentId, (comment) => ({ ...saved, replies: saved.replies ?? comment.replies })),
    });
  }

  /** Deletes a comment and its replies. */
  function remove(postId: string, commentId: string): Promise<boolean> {
    const comment = thread(postId)?.items.find((item) => item._id === commentId);
    return changeThread(postId, {
      change: () => mapItems(postId, (items) => items.filter((item) => item._id !== commentId)),
      request: () => data(comments.$delete({ json: { commentId } })),
      delta: -(1 + (comment?.replyCount ?? 0)),
    });
  }

  /** Saves a reply's new text. */
  function editReply(postId: string, commentId: string, replyId: string, text: string): Promise<boolean> {
    const change = (update: (reply: Reply) => Reply) =>
      mapComment(postId, commentId, (comment) => ({ ...comment, replies: comment.replies.map((item) => (item._id === replyId ? update(item) : item)) }));
    return changeThread(postId, {
      change: () => change((item) => ({ ...item, text: text.trim(), editedAt: now() })),
      request: () => data(comments.reply.$put({ json: { commentId, replyId, text: text.trim() } })),
      settle: (saved) => change(() => saved),
    });
  }

  /** Deletes a reply. */
  function removeReply(postId: string, commentId: string, replyId: string): Promise<boolean> {
    return changeThread(postId, {
      change: () =>
        mapComment(postId, commentId, (comment) => ({
          ...comment,
          replies: comment.replies.filter((item) => item._id !== replyId),
          replyCount: Math.max(0, comment.replyCount - 1),
        })),
      request: () => data(comments.reply.$delete({ json: { commentId, replyId } })),
      delta: -1,
    });
  }

  return { load, loadMore, loadMoreReplies, add, reply, edit, remove, editReply, removeReply };
}

export type CommentActions = ReturnType<typeof createCommentActions>;

/** The app's comment actions, on `$feedComments`, over the session proxy. */
export const commentActions: CommentActions = createCommentActions({
  store: $feedComments,
  api: sessionApi,
  notify: (message, kind) => toast(message, { kind }),
  countComments: (postId, delta) => feedActions.countComments(postId, delta),
  now: () => new Date().toISOString(),
});

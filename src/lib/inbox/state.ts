/**
 * The message store's state built from what the page rendered on the server, and the
 * small pure updates the store's actions share (the open thread's messages and entry).
 */
import { markReadFor, mergeMessages } from './messages';
import { markThreadRead, mergeInPlace } from './threads';
import type { ChatMessage, InboxState, OpenThread, Thread, ThreadFilter, ThreadMessages, ThreadPage } from './types';

/** What /inbox rendered on the server and hands to the island. */
export interface InitialInbox {
  /** The signed-in member's user id (own messages, "You: "). */
  viewerId: string;
  filter: ThreadFilter;
  /** The first page of threads, or null when it could not be read (`error` says why). */
  page: ThreadPage | null;
  error: string | null;
  /** The thread of `?personalInbox=`, when one was asked for. */
  open: { id: string; data: ThreadMessages | null; error: string | null } | null;
  /** Unread messages after opening that thread; null when unavailable. */
  unseen: number | null;
}

/** The empty store: nothing loaded yet. */
export function emptyInbox(): InboxState {
  return { users: [], unseenMessageCount: 0, filter: 'all', status: 'idle', loadingMore: false, error: null, page: 0, hasMore: false, total: 0, open: null };
}

/** An open thread loading, or loaded from `data`. */
export function openThreadState(id: string, data: ThreadMessages | null = null, error: string | null = null): OpenThread {
  return {
    id,
    thread: data?.thread ?? null,
    messages: data?.messages ?? [],
    status: data ? 'ready' : error ? 'error' : 'loading',
    error,
    hasMore: data?.hasMore ?? false,
    loadingOlder: false,
    olderError: null,
  };
}

/** The list fields of a first page. */
export function listFromPage(page: ThreadPage): Pick<InboxState, 'users' | 'status' | 'error' | 'page' | 'hasMore' | 'total' | 'loadingMore'> {
  return { users: page.data, status: 'ready', error: null, page: page.page, hasMore: page.page < page.pages, total: page.total, loadingMore: false };
}

/** The store's state from the server's render; the open thread counts as read. */
export function stateFromInitial(initial: InitialInbox, unseenBefore = 0): InboxState {
  const base = { ...emptyInbox(), filter: initial.filter, unseenMessageCount: initial.unseen ?? unseenBefore };
  const list = initial.page ? listFromPage(initial.page) : { status: 'error' as const, error: initial.error ?? 'The conversations could not be loaded.' };
  const open = initial.open ? openThreadState(initial.open.id, initial.open.data, initial.open.error) : null;
  const users = 'users' in list ? list.users.map((thread) => (thread._id === open?.id ? markThreadRead(thread, initial.viewerId) : thread)) : [];
  return { ...base, ...list, users, open };
}

/** The state with the open thread changed by `update` (when `id` is still the open one). */
export function withOpen(state: InboxState, id: string, update: (open: OpenThread) => OpenThread): InboxState {
  return state.open && state.open.id === id ? { ...state, open: update(state.open) } : state;
}

/**
 * The open thread `id` with its newest messages as read: the ones shown are kept beside
 * them, and so is the paging of older pages already loaded.
 */
export function withThreadAnswer(state: InboxState, id: string, answer: ThreadMessages): InboxState {
  return withOpen(state, id, (open) => ({
    ...open,
    thread: answer.thread,
    messages: mergeMessages(open.status === 'ready' ? open.messages : [], answer.messages),
    hasMore: open.status === 'ready' && open.messages.length > answer.messages.length ? open.hasMore : answer.hasMore,
    status: 'ready',
    error: null,
  }));
}

/** The state with `thread` read by the viewer: its entry and open messages marked, the count lowered. */
export function withThreadRead(state: InboxState, threadId: string, viewerId: string | null): InboxState {
  const entry = state.users.find((thread) => thread._id === threadId);
  const lower = entry?.unreadCount ?? (state.open?.id === threadId ? (state.open.thread?.unreadCount ?? 0) : 0);
  const users = entry ? mergeInPlace(state.users, markThreadRead(entry, viewerId)) : state.users;
  const next = { ...state, users, unseenMessageCount: Math.max(0, state.unseenMessageCount - lower) };
  return withOpen(next, threadId, (open) => ({
    ...open,
    thread: open.thread ? markThreadRead(open.thread, viewerId) : null,
    messages: viewerId ? markReadFor(open.messages, viewerId) : open.messages,
  }));
}

/** `readerId` (the other member) read the thread: the messages to them are read, in the list and the open thread. */
export function withReadBy(state: InboxState, threadId: string, readerId: string): InboxState {
  const readLatest = (thread: Thread): Thread =>
    thread.latestMessage?.to === readerId && !thread.latestMessage.read ? { ...thread, latestMessage: { ...thread.latestMessage, read: true } } : thread;
  const users = state.users.map((thread) => (thread._id === threadId ? readLatest(thread) : thread));
  return withOpen({ ...state, users }, threadId, (open) => ({ ...open, thread: open.thread && readLatest(open.thread), messages: markReadFor(open.messages, readerId) }));
}

/** The open thread's messages replaced by `update`. */
export function withMessages(state: InboxState, id: string, update: (messages: ChatMessage[]) => ChatMessage[]): InboxState {
  return withOpen(state, id, (open) => ({ ...open, messages: update(open.messages) }));
}

/** `thread` as the open thread's header and as its list entry (where listed). */
export function withThread(state: InboxState, thread: Thread): InboxState {
  const next = { ...state, users: mergeInPlace(state.users, thread) };
  return withOpen(next, thread._id, (open) => ({ ...open, thread }));
}

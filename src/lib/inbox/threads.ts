/**
 * The thread list as pure functions (pages are appended with src/lib/lists.ts): a thread
 * placed at the top or merged in place, and the docs/product.md#messages rule for an incoming new message — the
 * thread is inserted at the top or merged into its entry; when it is new to the list, or
 * its entry's latest message was already read, the pop sound plays and the unread count rises.
 */
import type { Thread } from './types';

/** The list with `thread` first (removed from where it was). */
export function placeOnTop(list: readonly Thread[], thread: Thread): Thread[] {
  return [thread, ...list.filter((entry) => entry._id !== thread._id)];
}

/** The list with `thread` replacing its entry where it is; unchanged when it is not listed. */
export function mergeInPlace(list: readonly Thread[], thread: Thread): Thread[] {
  return list.map((entry) => (entry._id === thread._id ? thread : entry));
}

/**
 * The list after a live `thread` update (the member's own side, changed elsewhere): a
 * deletion or the same latest message merges in place; a new latest message goes on top
 * when the thread is listed, or when the list shows every thread.
 */
export function listAfterThreadUpdate(list: readonly Thread[], thread: Thread, { removal, listsAll }: { removal: boolean; listsAll: boolean }): Thread[] {
  const entry = list.find((item) => item._id === thread._id);
  if (removal || (entry && entry.latestMessage?._id === thread.latestMessage?._id)) return mergeInPlace(list, thread);
  if (thread.latestMessage && (entry || listsAll)) return placeOnTop(list, thread);
  return [...list];
}

/**
 * Whether the viewer had read everything in `entry`: its latest message is marked read,
 * is the viewer's own (nothing in it waits for the viewer), or there is none.
 */
export function latestWasRead(entry: Thread, viewerId: string | null): boolean {
  const latest = entry.latestMessage;
  if (!latest) return true;
  return latest.read || (viewerId !== null && latest.authorProfile._id === viewerId);
}

/** docs/product.md#messages: a new message plays the sound when its thread is new to the list or its entry was read. */
export function shouldPlaySound(entry: Thread | undefined, viewerId: string | null): boolean {
  return !entry || latestWasRead(entry, viewerId);
}

/** What an incoming new message does to the list and the count. */
export interface IncomingResult {
  users: Thread[];
  /** How much the unread message count rises. */
  raiseBy: number;
  playSound: boolean;
}

/**
 * Applies a `New Message` thread (as the viewer sees it) to the list: inserted at the top
 * or merged into its entry and moved up. The count rises by the thread's new unread
 * messages — at least one when the sound plays (docs/product.md#messages).
 */
export function applyIncoming(list: readonly Thread[], incoming: Thread, viewerId: string | null): IncomingResult {
  const entry = list.find((thread) => thread._id === incoming._id);
  const playSound = shouldPlaySound(entry, viewerId);
  const before = entry?.unreadCount ?? 0;
  const delta = Math.max(0, incoming.unreadCount - before);
  return { users: placeOnTop(list, incoming), raiseBy: playSound ? Math.max(1, delta) : delta, playSound };
}

/** The entry with its messages read by the viewer (unread 0, latest message read when it was to the viewer). */
export function markThreadRead(thread: Thread, viewerId: string | null): Thread {
  const latest = thread.latestMessage;
  const toViewer = latest && (viewerId === null || latest.to === viewerId);
  return { ...thread, unreadCount: 0, latestMessage: latest && toViewer ? { ...latest, read: true } : latest };
}

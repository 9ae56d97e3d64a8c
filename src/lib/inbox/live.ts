/**
 * The message store on the live connection (SPEC.md §4, §7): a `notification` titled
 * New Message carries the thread as the member sees it; `thread` brings the member's own
 * side from other tabs and deletions; `read` says the other member read the member's
 * messages; `counts` sets the unread figure; after a reconnect
 * the store fetches what it missed. Bound once per page session, on every member page (the
 * header badge loads the store), so the pop sound plays wherever the member is.
 */
import { NEW_MESSAGE_TITLE, type LiveEventName, type LiveEvents } from '@api/live/events';
import type { Thread } from './types';

/** What the binding needs of the store's actions. */
export interface InboxLiveTarget {
  receiveMessage(thread: Thread): void;
  receiveThread(thread: Thread, removedMessageId?: string): void;
  receiveRead(threadId: string, readBy: string): void;
  receiveCounts(unseenMessages: number | undefined): void;
  resync(): Promise<void>;
}

/** What the binding needs of the live client (src/lib/live/client.ts). */
export interface LiveSource {
  onLive<E extends LiveEventName>(event: E, handler: (payload: LiveEvents[E]) => void): () => void;
  onLiveReconnect(handler: () => void): () => void;
}

/** Whether a `notification` payload is a new message with its thread. */
export function isNewMessage(payload: LiveEvents['notification']): payload is Extract<LiveEvents['notification'], { title: 'New Message' }> {
  return payload.title === NEW_MESSAGE_TITLE && typeof payload.body === 'object' && payload.body !== null && typeof payload.body._id === 'string';
}

/** Subscribes `target` to the live events; returns the function that unsubscribes. */
export function bindInboxLive(target: InboxLiveTarget, source: LiveSource): () => void {
  const stops = [
    source.onLive('notification', (payload) => {
      if (isNewMessage(payload)) target.receiveMessage(payload.body);
    }),
    source.onLive('thread', (payload) => {
      if (payload?.thread) target.receiveThread(payload.thread, payload.removedMessageId);
    }),
    source.onLive('read', (payload) => {
      if (typeof payload?.connectionId === 'string' && typeof payload.readBy === 'string') target.receiveRead(payload.connectionId, payload.readBy);
    }),
    source.onLive('counts', (payload) => target.receiveCounts(payload?.unseenMessages)),
    source.onLiveReconnect(() => {
      target.resync().catch((cause: unknown) => console.error('inbox: could not catch up after reconnecting', cause));
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * The message store's answers to the live connection (docs/product.md#messages): a `notification`
 * titled New Message carries the thread as the member sees it; `thread` brings the member's
 * own side from other tabs and deletions; `read` says the other member read the member's
 * messages; `counts` sets the unread figure; after a reconnect the store fetches what it
 * missed, and on the first connect the lists it shows (a message sent between the page's load
 * and the socket's opening would otherwise wait for the next one). src/lib/live/wiring.ts subscribes them on every member page, so the pop sound
 * plays wherever the member is.
 */
import { NEW_MESSAGE_TITLE } from '@api/shared/inbox-messages';
import type { LiveEvents } from '@api/live/events';
import type { LiveHandlers } from '../live/handlers';
import type { Thread } from './types';

/** What the handlers need of the store's actions. */
export interface InboxLiveTarget {
  receiveMessage(thread: Thread): void;
  receiveThread(thread: Thread, removedMessageId?: string): void;
  receiveRead(threadId: string, readBy: string): void;
  receiveCounts(unseenMessages: number | undefined): void;
  resync(): Promise<void>;
  /** Fetches again only what is shown (the thread list, the open thread); nothing on a page without them. */
  resyncShown(): Promise<void>;
}

/** Whether a `notification` payload is a new message with its thread. */
export function isNewMessage(payload: LiveEvents['notification']): payload is Extract<LiveEvents['notification'], { title: 'New Message' }> {
  return payload.title === NEW_MESSAGE_TITLE && typeof payload.body === 'object' && payload.body !== null && typeof payload.body._id === 'string';
}

/** The live handlers that route each event's payload to `target`'s actions (malformed payloads are ignored). */
export function inboxLiveHandlers(target: InboxLiveTarget): LiveHandlers {
  return {
    notification(payload) {
      if (isNewMessage(payload)) target.receiveMessage(payload.body);
    },
    thread(payload) {
      if (payload?.thread) target.receiveThread(payload.thread, payload.removedMessageId);
    },
    read(payload) {
      if (typeof payload?.connectionId === 'string' && typeof payload.readBy === 'string') target.receiveRead(payload.connectionId, payload.readBy);
    },
    counts: (payload) => target.receiveCounts(payload?.unseenMessages),
    reconnect() {
      target.resync().catch((cause: unknown) => console.error('inbox: could not catch up after reconnecting', cause));
    },
    firstConnect() {
      target.resyncShown().catch((cause: unknown) => console.error('inbox: could not catch up once connected', cause));
    },
  };
}

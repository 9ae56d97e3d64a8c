/**
 * The inbox's shapes in the app: the wire types (functions/src/inbox/schemas.ts) plus the
 * store's own view of a thread list, an open thread and messages still on their way.
 */
import type { Attachment, Message, QuotedMessage, Thread, ThreadMessages, ThreadPage, SentMessage } from '@api/inbox/schemas';

export type { Attachment, Message, QuotedMessage, Thread, ThreadMessages, ThreadPage, SentMessage };

/** The thread list filter (`msgStatus`): every thread, or only those with unread messages. */
export type ThreadFilter = 'all' | 'unread';

/** A message as shown: a stored one, or one of the viewer's still sending or failed. */
export interface ChatMessage extends Message {
  /** Set on the viewer's messages not stored yet: `sending`, or `failed` (Retry). */
  pending?: 'sending' | 'failed';
  /** The failure in the server's words, for a failed message. */
  error?: string;
}

/** Loading state of a list or a thread. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The open conversation. */
export interface OpenThread {
  /** The thread id (the `personalInbox` parameter). */
  id: string;
  thread: Thread | null;
  /** Oldest first. */
  messages: ChatMessage[];
  status: LoadStatus;
  error: string | null;
  /** Whether older messages exist before the first loaded one. */
  hasMore: boolean;
  loadingOlder: boolean;
  olderError: string | null;
}

/** The message store (docs/product.md#messages: users, unseenMessageCount) with its paging and the open thread. */
export interface InboxState {
  /** The thread list, newest first (the message store's `users`, docs/product.md#messages). */
  users: Thread[];
  /** Unread messages across every thread (the header badge). */
  unseenMessageCount: number;
  filter: ThreadFilter;
  status: LoadStatus;
  /** Loading the next page of the list. */
  loadingMore: boolean;
  error: string | null;
  /** The last page loaded (from 1; 0 before any). */
  page: number;
  hasMore: boolean;
  total: number;
  open: OpenThread | null;
}

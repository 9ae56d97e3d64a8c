/**
 * The live events the inbox sends: a new message to its recipient, a thread changed on the
 * member's other tabs, read receipts and unread counts. live/events.ts lists every live
 * event for the app.
 */
import type { MemberCard } from '../members/schemas';
import type { UnseenCounts } from '../notifications/live-events';
import type { Notification } from '../notifications/schemas';
import type { NEW_MESSAGE_TITLE } from '../shared/inbox-messages';
import type { Thread } from './schemas';

export type InboxLiveEvents = {
  /** A new message (docs/product.md#live-connection): title `New Message`, the recipient's thread in `body`, and its notification once stored. */
  notification: { title: typeof NEW_MESSAGE_TITLE; body: Thread; userSender: MemberCard; notification: Notification | null };
  /** The member's own side of a thread changed elsewhere (sent from another tab, read, a message deleted). */
  thread: { thread: Thread; removedMessageId?: string };
  /** The other member opened the thread: every message to them in it is read now (read receipts). */
  read: { connectionId: string; readBy: string };
  counts: UnseenCounts;
};

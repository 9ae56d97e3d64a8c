/**
 * The live events, typed once for the Durable Object, the API code that emits them and
 * the app's socket client (SPEC.md §7 Live connection). Every event goes to every socket
 * of the member (all tabs and devices).
 */
import type { NEW_MESSAGE_TITLE } from '../inbox/messages';
import type { Thread } from '../inbox/schemas';
import type { MemberCard } from '../members/schemas';
import type { Notification } from '../notifications/schemas';

/** `notification` (SPEC.md): a new message has title `New Message` and the thread in `body`. */
export type NotificationEvent =
  | { title: typeof NEW_MESSAGE_TITLE; body: Thread; userSender: MemberCard; notification: Notification | null }
  | { title: string; body: string; userSender: MemberCard | null; notification: Notification };

export type LiveEvents = {
  notification: NotificationEvent;
  /** The member's own side of a thread changed elsewhere (sent from another tab, read, a message deleted). */
  thread: { thread: Thread; removedMessageId?: string };
  /** The other member opened the thread: every message to them in it is read now (read receipts). */
  read: { connectionId: string; readBy: string };
  /** Counts changed elsewhere (read in another tab, seen on another device). */
  counts: { unseenMessages?: number; unseenNotifications?: number };
};

export type LiveEventName = keyof LiveEvents;

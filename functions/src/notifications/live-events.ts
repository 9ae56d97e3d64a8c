/**
 * The live events the notifications send: a stored notification to its receiver, and the
 * unseen counts once they change. live/events.ts lists every live event for the app.
 */
import type { MemberCard } from '../members/schemas';
import type { Notification } from './schemas';

/** Counts changed elsewhere (read in another tab, seen on another device). */
export type UnseenCounts = { unseenMessages?: number; unseenNotifications?: number };

export type NotificationLiveEvents = {
  /** A notification as stored (docs/product.md#notifications): its title, body and sender beside it. */
  notification: { title: string; body: string; userSender: MemberCard | null; notification: Notification };
  counts: UnseenCounts;
};

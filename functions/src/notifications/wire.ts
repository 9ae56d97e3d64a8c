/** A stored notification as the API answers it (the wire Notification of schemas.ts). */
import type { StoredNotification } from '../ports/notifications';
import type { MemberCard } from '../members/schemas';
import type { Notification, NotificationKind } from './schemas';

/** The wire Notification of a stored row of `userId`'s and its sender's card (null: no sender, or the sender is gone). */
export function toNotification(row: StoredNotification, userId: string, sender: MemberCard | null): Notification {
  return {
    _id: row.id,
    isSeen: Boolean(row.is_seen),
    title: row.title,
    body: row.body,
    kind: row.kind as NotificationKind,
    link: row.link,
    userId,
    userReceiver: userId,
    userSender: sender ? { _id: sender._id, profile: sender } : null,
    createdAt: row.created_at,
  };
}

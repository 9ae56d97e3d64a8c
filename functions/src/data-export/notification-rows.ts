/** The member's notifications as the export reads them from their object: the shape their D1 row had. */
import type { StoredNotification } from '../ports/notifications';

/** A notification as the export reads it (the shape its D1 row had). */
export type ExportedNotification = {
  id: string;
  userId: string;
  senderId: string | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  refId: string | null;
  isSeen: boolean;
  eventId: string | null;
  createdAt: string;
};

export const exported = (userId: string, row: StoredNotification): ExportedNotification => ({
  id: row.id,
  userId,
  senderId: row.sender_id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  refId: row.ref_id,
  isSeen: Boolean(row.is_seen),
  eventId: row.event_id,
  createdAt: row.created_at,
});

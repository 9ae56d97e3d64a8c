/**
 * The port of the MemberNotifications objects (notifications/notifications-object.ts, one per
 * member; its binding notifications/notifications-binding.ts): each member's notifications. Types only.
 */
import type { PushNote } from './live';

/** A notification as one member's store holds it (functions/src/notifications/notifications-object.ts). */
export type StoredNotification = {
  id: string;
  sender_id: string | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  ref_id: string | null;
  is_seen: number;
  event_id: string | null;
  created_at: string;
};

/** What to store: `deliveryId` (an outbox row) and `eventId` are each applied once; `collapse` updates the unseen one of the same kind and refId. */
export type NotificationInput = Omit<StoredNotification, 'is_seen' | 'event_id' | 'created_at' | 'sender_id' | 'ref_id'> & {
  senderId: string | null;
  refId: string | null;
  eventId?: string | null;
  deliveryId?: string | null;
  collapse?: boolean;
  at: string;
};

/** Unseen notifications counted by sender (null: the product's own). */
export type UnseenBySender = Array<{ senderId: string | null; n: number }>;

/**
 * The live `notification` event the object sends to its member's live object right after
 * storing (no hop back through the worker): `body` and `sender` (a member card) as the event
 * carries them, the stored notification beside them (null when nothing was stored).
 */
export type NotificationAnnounce = { title: string; body: unknown; sender: { _id: string } | null; push?: PushNote };

/** One member's notifications store: the object's methods (notifications/notifications-object.ts). */
export type NotificationBox = {
  store(input: NotificationInput): Promise<StoredNotification | null>;
  /**
   * The live event `announce` describes to the member's sockets (a failed event is logged),
   * then `store`. `written` is false when the event went out but the write failed: the caller
   * keeps its outbox row for the cron and must not announce again.
   */
  storeAndAnnounce(userId: string, input: NotificationInput, announce: NotificationAnnounce): Promise<{ row: StoredNotification | null; written: boolean }>;
  page(limit: number, offset: number, hidden: string[]): Promise<{ rows: StoredNotification[]; total: number }>;
  unseenBySender(): Promise<UnseenBySender>;
  markSeen(id: string): Promise<{ row: StoredNotification | null; unseen: UnseenBySender }>;
  markAllSeen(): Promise<number>;
  markRefSeen(kind: string, refId: string): Promise<UnseenBySender>;
  rewriteBody(kind: string, refId: string, from: string, to: string): Promise<number>;
  forgetSenders(senderIds: string[]): Promise<number>;
  countsSince(since: string): Promise<Array<{ kind: string; senderId: string | null; n: number }>>;
  all(): Promise<StoredNotification[]>;
  wipe(): Promise<void>;
  importRows(rows: StoredNotification[]): Promise<number>;
};

/** The members' notification stores, one per member (`of(userId)`). */
export type NotificationStores = { of(userId: string): NotificationBox };

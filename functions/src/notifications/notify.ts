/**
 * Storing and delivering notifications (docs/product.md#notifications): the
 * module API the rest of the API calls. Each member's notifications live in their own
 * object (store.ts, reached through `deps.notifications`); D1 still says who the senders
 * are and who is blocked, asked at write and at read time. `storeNotification` writes one
 * (once per domain event, optionally collapsing into an unseen one about the same thing),
 * `notify` also sends the live `notification` event, `unseenNotificationCount` counts the badge.
 */
import { sql } from 'drizzle-orm';
import type { Deps, Emits, NotificationInput, StoredNotification, UnseenBySender } from '../deps';
import { newId } from '../db/ids';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { blockedEitherWay, blockedWith } from '../members/blocks';
import type { MemberCard } from '../members/schemas';
import type { NotificationLiveEvents } from './live-events';
import { pushNoteOf } from './push-notes';
import type { Notification, NotificationKind } from './schemas';

/** What to notify: the receiver, who caused it (null: the product itself) and the text. */
export type NotifyInput = {
  userId: string;
  senderId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  refId: string | null;
  /** The domain event it comes from: an event id already stored stores nothing. */
  eventId?: string;
  /** Update an UNSEEN notification with the same receiver, kind and refId instead of adding one. */
  collapse?: boolean;
};

export type NotificationDeps = Pick<Deps, 'db' | 'clock' | 'notifications'>;

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

/**
 * What the member's object stores for `input` at `at`. `deliveryId` is an outbox row's: the
 * notification takes that id, so a delivery retried by the cron stores the id the live event
 * of the first attempt may already have named; otherwise a fresh one.
 */
export function storeInputOf(input: NotifyInput, at: string, deliveryId?: string): NotificationInput {
  return {
    id: deliveryId ?? newId(),
    senderId: input.senderId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link,
    refId: input.refId,
    eventId: input.eventId ?? null,
    deliveryId: deliveryId ?? null,
    collapse: input.collapse ?? false,
    at,
  };
}

/**
 * Of `senderIds`, the members who still exist and have no block either way with `userId`
 * (one D1 query; an empty list asks nothing).
 */
export async function visibleSenders(deps: Pick<Deps, 'db'>, userId: string, senderIds: readonly string[]): Promise<Set<string>> {
  if (senderIds.length === 0) return new Set();
  const rows = await deps.db.all<{ id: string }>(sql`
    SELECT id FROM users WHERE id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(senderIds)])})) AND id NOT IN ${blockedWith(userId)}`);
  return new Set(rows.map((row) => row.id));
}

/** The badge from the object's unseen counts by sender: senders gone or blocked either way are not counted. */
export async function visibleUnseen(deps: Pick<Deps, 'db'>, userId: string, unseen: UnseenBySender): Promise<number> {
  const visible = await visibleSenders(
    deps,
    userId,
    unseen.flatMap((group) => (group.senderId ? [group.senderId] : [])),
  );
  return unseen.reduce((sum, group) => sum + (group.senderId === null || visible.has(group.senderId) ? group.n : 0), 0);
}

/**
 * Stores a notification in the receiver's object and answers it with its sender's card.
 * Answers null, storing nothing, when `eventId` is already stored, when the sender is the
 * receiver, is gone, or when the two are blocked either way (one D1 query first). With
 * `collapse`, an UNSEEN notification with the same receiver, kind and refId takes the new
 * title, body, link, sender and time instead of a new row. No live event (see `notify`).
 */
export async function storeNotification(deps: NotificationDeps, input: NotifyInput): Promise<Notification | null> {
  if (input.senderId !== null && input.senderId === input.userId) return null;
  let sender: MemberCard | null = null;
  if (input.senderId !== null) {
    const [row] = await deps.db.all<MemberCardRow & { blocked: number }>(sql`
      SELECT ${MEMBER_CARD_COLUMNS}, ${blockedEitherWay(input.userId, input.senderId)} AS blocked FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${input.senderId}`);
    if (!row || row.blocked) return null;
    sender = toMemberCard(row);
  }
  const stored = await deps.notifications.of(input.userId).store(storeInputOf(input, deps.clock.now().toISOString()));
  return stored ? toNotification(stored, input.userId, sender) : null;
}

/** The live `notification` event of a stored notification, or the web push when no socket got it. */
export async function announce(deps: Emits<NotificationLiveEvents>, input: NotifyInput, notification: Notification): Promise<void> {
  const sender = notification.userSender?.profile ?? null;
  await deps.live.emit(
    input.userId,
    'notification',
    { title: notification.title, body: notification.body, userSender: sender, notification },
    // Away from every tab, the member's devices get it as a web push (push-notes.ts).
    pushNoteOf(input, sender),
  );
}

/**
 * `storeNotification`, then the live `notification` event `{ title, body, userSender,
 * notification }` to every open socket of the receiver, or the web push when none got it.
 * Nothing is sent when nothing was stored.
 */
export async function notify(deps: NotificationDeps & Emits<NotificationLiveEvents>, input: NotifyInput): Promise<Notification | null> {
  const notification = await storeNotification(deps, input);
  if (notification) await announce(deps, input, notification);
  return notification;
}

/** How many notifications a member has not seen (senders gone or blocked either way left out). */
export async function unseenNotificationCount(deps: Pick<Deps, 'db' | 'notifications'>, userId: string): Promise<number> {
  return visibleUnseen(deps, userId, await deps.notifications.of(userId).unseenBySender());
}

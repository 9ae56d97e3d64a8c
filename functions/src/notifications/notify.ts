/**
 * Storing and announcing one notification (docs/product.md#notifications), under the delivery
 * door (deliver.ts), which is what the rest of the API calls. Each member's notifications live
 * in their own object (reached through `deps.notifications`); D1 still says who the senders
 * are and who is blocked, asked at write time here and at read time (unseen.ts).
 * `storeNotification` writes one (once per domain event, optionally collapsing into an unseen
 * one about the same thing), `notify` also sends the live `notification` event.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import type { NotificationInput } from '../ports/notifications';
import { newId } from '../db/ids';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { blockedEitherWay } from '../members/blocks';
import type { MemberCard } from '../members/schemas';
import type { NotificationLiveEvents } from './live-events';
import { pushNoteOf } from './push-notes';
import type { Notification, NotificationKind } from './schemas';
import { toNotification } from './wire';

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

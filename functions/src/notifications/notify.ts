/**
 * Storing and delivering notifications (SPEC.md §3 Notification, §7 Notifications): the
 * module API the rest of the API calls. `storeNotification` writes the row (once per
 * domain event, optionally collapsing into an unseen one about the same thing), `notify`
 * also sends the live `notification` event, `unseenNotificationCount` counts the badge.
 */
import { sql } from 'drizzle-orm';
import type { Deps, Emits } from '../deps';
import { newId } from '../db/ids';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { blockedWith } from '../members/blocks';
import type { MemberCard } from '../members/schemas';
import { runBatch } from '../db/batch';
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

/** A notifications row as the raw SQL of this module selects it (`NOTIFICATION_COLUMNS`). */
export type NotificationRow = {
  id: string;
  user_id: string;
  sender_id: string | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  ref_id: string | null;
  is_seen: number | boolean;
  created_at: string;
};

/** The select-list of a NotificationRow from `notifications n`. */
export const NOTIFICATION_COLUMNS = sql.raw('n.id, n.user_id, n.sender_id, n.kind, n.title, n.body, n.link, n.ref_id, n.is_seen, n.created_at');

/** The wire Notification of a row and its sender's card (null: no sender, or the sender is gone). */
export function toNotification(row: NotificationRow, sender: MemberCard | null): Notification {
  return {
    _id: row.id,
    isSeen: Boolean(row.is_seen),
    title: row.title,
    body: row.body,
    kind: row.kind as NotificationKind,
    link: row.link,
    userId: row.user_id,
    userReceiver: row.user_id,
    userSender: sender ? { _id: sender._id, profile: sender } : null,
    createdAt: row.created_at,
  };
}

/** `sender_id` is null or not blocked either way with the receiver (a SQL condition). */
export function senderVisibleTo(userId: string, senderColumn = sql.raw('sender_id')) {
  return sql`(${senderColumn} IS NULL OR ${senderColumn} NOT IN ${blockedWith(userId)})`;
}

/**
 * The statements storing a notification, to run in a D1 batch of their own or in the batch
 * of the change they report: with `collapse`, an UPDATE of the unseen one about the same
 * thing, then the INSERT of a new one (which stores nothing when the update did, when
 * `eventId` is already stored, or when the two members are blocked either way). Each
 * returns the row it wrote; `notificationRowOf` picks it from their results.
 */
export function notificationStatements(input: NotifyInput, at: string) {
  const sender = input.senderId;
  const eventId = input.eventId ?? null;
  const visible = sql`(${sender} IS NULL OR ${sender} NOT IN ${blockedWith(input.userId)})`;
  const sameThing = sql`user_id = ${input.userId} AND kind = ${input.kind} AND ref_id IS ${input.refId} AND is_seen = 0`;
  const returning = sql.raw('RETURNING id, user_id, sender_id, kind, title, body, link, ref_id, is_seen, created_at');
  const statements = [];
  if (input.collapse) {
    statements.push(sql`
      UPDATE notifications SET sender_id = ${sender}, title = ${input.title}, body = ${input.body}, link = ${input.link}, created_at = ${at},
        event_id = coalesce(${eventId}, event_id)
      WHERE id = (SELECT id FROM notifications WHERE ${sameThing} ORDER BY created_at DESC LIMIT 1) AND ${visible}
        AND NOT EXISTS (SELECT 1 FROM notifications WHERE event_id = ${eventId})
      ${returning}`);
  }
  statements.push(sql`
    INSERT INTO notifications (id, user_id, sender_id, kind, title, body, link, ref_id, is_seen, event_id, created_at)
    SELECT ${newId()}, ${input.userId}, ${sender}, ${input.kind}, ${input.title}, ${input.body}, ${input.link}, ${input.refId}, 0, ${eventId}, ${at}
    WHERE ${visible} ${input.collapse ? sql`AND NOT EXISTS (SELECT 1 FROM notifications WHERE ${sameThing})` : sql``}
    ON CONFLICT (event_id) DO NOTHING
    ${returning}`);
  return statements;
}

/** The row the `notificationStatements` wrote, from their batch results (undefined: none). */
export function notificationRowOf(results: ReadonlyArray<{ results: unknown[] }>): NotificationRow | undefined {
  return results.flatMap((result) => result.results as NotificationRow[]).at(0);
}

/**
 * Stores a notification in one D1 batch and answers it with its sender's card. Answers
 * null, storing nothing, when `eventId` is already stored, when the sender is the
 * receiver, or when the two are blocked either way. With `collapse`, an UNSEEN
 * notification with the same receiver, kind and refId takes the new title, body, link,
 * sender and time instead of a new row. No live event (see `notify`).
 */
export async function storeNotification(deps: Pick<Deps, 'db' | 'clock'>, input: NotifyInput): Promise<Notification | null> {
  if (input.senderId !== null && input.senderId === input.userId) return null;
  const statements = notificationStatements(input, deps.clock.now().toISOString());
  const results = await runBatch(deps.db, [...statements, sql`SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${input.senderId}`]);
  const row = notificationRowOf(results.slice(0, -1));
  if (!row) return null;
  const [cardRow] = results.at(-1)!.results as MemberCardRow[];
  return toNotification(row, cardRow ? toMemberCard(cardRow) : null);
}

/**
 * `storeNotification`, then the live `notification` event `{ title, body, userSender,
 * notification }` to every open socket of the receiver, or the web push when none got it.
 * Nothing is sent when nothing was stored.
 */
export async function notify(deps: Pick<Deps, 'db' | 'clock'> & Emits<NotificationLiveEvents>, input: NotifyInput): Promise<Notification | null> {
  const notification = await storeNotification(deps, input);
  if (notification) {
    const sender = notification.userSender?.profile ?? null;
    await deps.live.emit(
      input.userId,
      'notification',
      { title: notification.title, body: notification.body, userSender: sender, notification },
      // Away from every tab, the member's devices get it as a web push (push-notes.ts).
      pushNoteOf(input, sender),
    );
  }
  return notification;
}

/** The condition of a member's unseen notifications (senders blocked either way left out). */
export function unseenOf(userId: string) {
  return sql`n.user_id = ${userId} AND n.is_seen = 0 AND ${senderVisibleTo(userId, sql.raw('n.sender_id'))}`;
}

/** The statement counting a member's unseen notifications, as `n` (for a batch of one's own). */
export function unseenCountStatement(userId: string) {
  return sql`SELECT count(*) AS n FROM notifications n WHERE ${unseenOf(userId)}`;
}

/** How many notifications a member has not seen (senders blocked either way left out). */
export async function unseenNotificationCount(deps: Pick<Deps, 'db'>, userId: string): Promise<number> {
  const [row] = await deps.db.all<{ n: number }>(unseenCountStatement(userId));
  return row?.n ?? 0;
}

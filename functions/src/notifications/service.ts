/**
 * A member's notifications (SPEC.md §7 Notifications): the list newest first, marking
 * one or all seen, and the unseen count. Senders blocked either way are left out of the
 * list and the count; after a change the member's other tabs get `counts`.
 */
import { sql } from 'drizzle-orm';
import type { Deps, Emits } from '../deps';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS, type MemberCardRow, toMemberCard } from '../members/cards';
import { offsetOf, pageOf, type PageRequest } from '../db/paging';
import { runBatch } from '../db/batch';
import { ApiError } from '../errors';
import { NOTIFICATION_COLUMNS, type NotificationRow, toNotification, unseenCountStatement, senderVisibleTo } from './notify';
import type { NotificationLiveEvents } from './live-events';
import { NOTIFICATION_MESSAGES as M } from './messages';
import type { Notification, NotificationPage } from './schemas';

type Row = NotificationRow & Partial<MemberCardRow>;

const withSender = (row: Row): Notification => toNotification(row, row.m_id ? toMemberCard(row as MemberCardRow) : null);

/** The member's notifications `n`, senders blocked either way left out (a SQL condition). */
const visibleOf = (userId: string) => sql`n.user_id = ${userId} AND ${senderVisibleTo(userId, sql.raw('n.sender_id'))}`;

/** The SQL of one page of a member's notifications with their senders' cards, newest first. */
export function notificationPageQuery(userId: string, request: PageRequest) {
  return sql`
    SELECT ${NOTIFICATION_COLUMNS}, ${MEMBER_CARD_COLUMNS}
    FROM notifications n LEFT JOIN users u ON u.id = n.sender_id ${MEMBER_CARD_JOINS}
    WHERE ${visibleOf(userId)}
    ORDER BY n.created_at DESC, n.id DESC LIMIT ${request.limit} OFFSET ${offsetOf(request)}`;
}

/** The SQL counting a member's visible notifications. */
export function notificationTotalQuery(userId: string) {
  return sql`SELECT count(*) AS total FROM notifications n WHERE ${visibleOf(userId)}`;
}

/** One page of the member's notifications, newest first, in one D1 round trip. */
export async function listNotifications(deps: Pick<Deps, 'db'>, userId: string, request: PageRequest): Promise<NotificationPage> {
  const [page, total] = await runBatch(deps.db, [notificationPageQuery(userId, request), notificationTotalQuery(userId)]);
  const rows = page!.results as Row[];
  const [counted] = total!.results as Array<{ total: number }>;
  return pageOf(rows.map(withSender), counted?.total ?? 0, request);
}

/**
 * Marks one of the member's notifications seen (again: no change) and answers it; another
 * member's or an unknown id is 404. Sends `counts` to the member's sockets.
 */
export async function markSeen(deps: Pick<Deps, 'db'> & Emits<NotificationLiveEvents>, userId: string, id: string): Promise<Notification> {
  // One round trip: the change, the notification as it is now (only the member's), the new count.
  const [, selected, counted] = await runBatch(deps.db, [
    sql`UPDATE notifications SET is_seen = 1 WHERE id = ${id} AND user_id = ${userId} AND is_seen = 0`,
    sql`SELECT ${NOTIFICATION_COLUMNS}, ${MEMBER_CARD_COLUMNS}
      FROM notifications n LEFT JOIN users u ON u.id = n.sender_id ${MEMBER_CARD_JOINS} WHERE n.id = ${id} AND n.user_id = ${userId}`,
    unseenCountStatement(userId),
  ]);
  const [row] = selected!.results as Row[];
  if (!row) throw new ApiError(404, M.notFound);
  const count = (counted!.results as Array<{ n: number }>)[0]?.n ?? 0;
  await deps.live.emit(userId, 'counts', { unseenNotifications: count });
  return withSender(row);
}

/** Marks every notification of the member seen; answers how many changed. Sends `counts`. */
export async function markAllSeen(deps: Pick<Deps, 'db'> & Emits<NotificationLiveEvents>, userId: string): Promise<{ updated: number }> {
  // One round trip: the change and the count after it.
  const [changed, counted] = await runBatch(deps.db, [sql`UPDATE notifications SET is_seen = 1 WHERE user_id = ${userId} AND is_seen = 0`, unseenCountStatement(userId)]);
  const updated = changed!.meta.changes ?? 0;
  await deps.live.emit(userId, 'counts', { unseenNotifications: (counted!.results as Array<{ n: number }>)[0]?.n ?? 0 });
  return { updated };
}

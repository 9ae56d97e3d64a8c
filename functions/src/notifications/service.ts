/**
 * A member's notifications (docs/product.md#notifications): the list newest first, marking
 * one or all seen, and the unseen count. Senders blocked either way are left out of the
 * list and the count; after a change the member's other tabs get `counts`. The rows come
 * from the member's object; the senders' cards and the blocks from D1.
 */
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import type { StoredNotification } from '../ports/notifications';
import { blockedIds } from '../members/blocks';
import { memberCards } from '../members/cards';
import type { MemberCard } from '../members/schemas';
import { offsetOf, pageOf, type PageRequest } from '../db/paging';
import { ApiError } from '../errors';
import { tellLive } from './deliver';
import { visibleUnseen } from './unseen';
import { toNotification } from './wire';
import type { NotificationLiveEvents } from './live-events';
import { NOTIFICATION_MESSAGES as M } from '../shared/notification-messages';
import type { Notification, NotificationPage } from './schemas';

type ListDeps = Pick<Deps, 'db' | 'notifications'>;

const sendersOf = (rows: readonly StoredNotification[]) => [...new Set(rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])))];

/**
 * One page of the member's notifications, newest first: the blocks (D1), the page (the
 * member's object), the senders' cards (D1). A sender D1 no longer knows deleted their
 * account: what they sent goes from the object (as D1's cascade did) and the page is read again.
 */
export async function listNotifications(deps: ListDeps, userId: string, request: PageRequest): Promise<NotificationPage> {
  const box = deps.notifications.of(userId);
  const hidden = [...(await blockedIds(deps, userId))];
  for (;;) {
    const { rows, total } = await box.page(request.limit, offsetOf(request), hidden);
    const senders = sendersOf(rows);
    const cards = await memberCards(deps, senders);
    const gone = senders.filter((id) => !cards.has(id));
    // Each pass deletes rows, so this ends; nothing deleted (a race) shows them without a card.
    if (gone.length > 0 && (await box.forgetSenders(gone)) > 0) continue;
    const items = rows.map((row) => toNotification(row, userId, row.sender_id ? (cards.get(row.sender_id) ?? null) : null));
    return pageOf(items, total, request);
  }
}

/**
 * Marks one of the member's notifications seen (again: no change) and answers it; another
 * member's or an unknown id is 404. Sends `counts` to the member's sockets.
 */
export async function markSeen(deps: ListDeps & Emits<NotificationLiveEvents>, userId: string, id: string): Promise<Notification> {
  // The member's object holds only theirs: another member's id is unknown here.
  const { row, unseen } = await deps.notifications.of(userId).markSeen(id);
  if (!row) throw new ApiError(404, M.notFound);
  const [count, cards] = await Promise.all([visibleUnseen(deps, userId, unseen), memberCards(deps, row.sender_id ? [row.sender_id] : [])]);
  await tellLive(deps, userId, 'counts', { unseenNotifications: count });
  const sender: MemberCard | null = row.sender_id ? (cards.get(row.sender_id) ?? null) : null;
  return toNotification(row, userId, sender);
}

/** Marks every notification of the member seen; answers how many changed. Sends `counts`. */
export async function markAllSeen(deps: ListDeps & Emits<NotificationLiveEvents>, userId: string): Promise<{ updated: number }> {
  const updated = await deps.notifications.of(userId).markAllSeen();
  await tellLive(deps, userId, 'counts', { unseenNotifications: 0 });
  return { updated };
}

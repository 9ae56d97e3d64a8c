/**
 * Reading a thread (GET /connections/{id}): its messages paged backwards from the newest,
 * oldest first within a page. Opening it marks the viewer's unread messages read in the
 * same mailbox call as the page (and their New Message notification about it seen, in their
 * notifications object, meanwhile); the viewer's other tabs hear the new unread counts and
 * the other member hears that their messages were read.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import { ApiError, invalidFields } from '../errors';
import { visibleUnseen } from '../notifications/unseen';
import type { InboxLiveEvents } from './live-events';
import { tellLive } from '../notifications/deliver';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import type { ThreadMessages } from './schemas';
import { cardsFor, hiddenFrom, threadOf, type InboxDeps } from './threads';
import { toMessage, type PairCards } from './wire';

/**
 * A page of a thread's messages for one of its two members (404 for anyone else, or when a
 * block hides it). `before` pages backwards; it must be a message of this thread (400).
 * Two rounds: the thread (mailbox) beside the blocks (D1), then the page with the marking
 * (mailbox) beside the two cards (D1).
 */
export async function threadMessages(
  deps: InboxDeps & Pick<Deps, 'notifications' | 'clock'> & Emits<InboxLiveEvents>,
  viewerId: string,
  threadId: string,
  request: { before?: string | undefined; limit: number },
): Promise<ThreadMessages> {
  const mailbox = deps.inbox.of(viewerId);
  const [stored, hidden, beforeFound] = await Promise.all([
    mailbox.thread(threadId, []),
    hiddenFrom(deps, viewerId),
    request.before ? mailbox.hasMessage(threadId, request.before) : true,
  ]);
  if (!stored || hidden.includes(stored.other_id)) throw new ApiError(404, M.threadNotFound);
  if (!beforeFound) throw invalidFields({ before: M.beforeElsewhere });

  const marking = stored.t_unread > 0;
  // Reading the messages is seeing their "New Message" notification: the viewer's object marks it meanwhile.
  const [cards, page, unseenBySender] = await Promise.all([
    cardsFor(deps, viewerId, [stored.other_id]),
    mailbox.messages(threadId, request.before ?? null, request.limit + 1, marking ? { readerId: viewerId, hidden } : null),
    marking ? deps.notifications.of(viewerId).markRefSeen('message.received', threadId) : undefined,
    marking ? deps.db.run(sql`DELETE FROM unread_threads WHERE user_id = ${viewerId} AND thread_id = ${threadId}`) : undefined,
  ]);
  const other = cards.others.get(stored.other_id);
  if (!other) throw new ApiError(404, M.threadNotFound);
  const viewer = cards.viewer;
  const thread = threadOf(stored, other, viewer);
  const pairCards: PairCards = new Map([
    [viewer._id, viewer],
    [thread.receiver._id, thread.receiver],
  ]);
  const hasMore = page.rows.length > request.limit;
  const messages = page.rows
    .slice(0, request.limit)
    .reverse()
    .map((row) => toMessage(row, threadId, pairCards));
  if (!marking) return { thread, messages, hasMore };

  // The page was read after the marking; the thread before it. The other member's copy learns
  // it before they hear of it, and the viewer's other tabs follow.
  if (thread.latestMessage?.to === viewerId) thread.latestMessage.read = true;
  const unseenMessages = page.unreadTotal ?? 0;
  const [unseenNotifications] = await Promise.all([
    visibleUnseen(deps, viewerId, unseenBySender ?? []),
    mailbox.flush().catch((error: unknown) => console.error(`thread ${threadId}: the read receipt left to the mailbox's retry`, error)),
  ]);
  await Promise.all([
    tellLive(deps, viewerId, 'counts', { unseenMessages, unseenNotifications }),
    tellLive(deps, thread.receiver._id, 'read', { connectionId: threadId, readBy: viewerId }),
  ]);
  return { thread: { ...thread, unreadCount: 0 }, messages, hasMore };
}

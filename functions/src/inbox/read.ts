/**
 * Reading a thread (GET /connections/{id}): its messages paged backwards from the newest,
 * oldest first within a page. Opening it marks the viewer's unread messages read in one
 * batch with the page (and their New Message notification about it seen, in their
 * notifications object, meanwhile); the viewer's other tabs hear the new unread counts and
 * the other member hears that their messages were read.
 */
import { sql } from 'drizzle-orm';
import type { Deps, Emits } from '../deps';
import { toMemberCard, type MemberCardRow } from '../members/cards';
import { runBatch } from '../db/batch';
import { ApiError, invalidFields } from '../errors';
import { visibleUnseen } from '../notifications/notify';
import type { InboxLiveEvents } from './live-events';
import { INBOX_MESSAGES as M } from './messages';
import { cardStatement, messagesStatement, threadStatement, unseenCountStatement } from './queries';
import type { ThreadMessages } from './schemas';
import { toMessage, toThread, type MessageRow, type PairCards, type ThreadRow } from './wire';

type Rows<T> = { results: T[] };

/** The statements marking the viewer's messages of a thread read (and their side's count 0). */
function markReadStatements(threadId: string, viewerId: string) {
  return [
    sql`UPDATE messages SET read = 1 WHERE thread_id = ${threadId} AND to_id = ${viewerId} AND read = 0`,
    sql`UPDATE thread_members SET unread_count = 0 WHERE user_id = ${viewerId} AND thread_id = ${threadId}`,
  ];
}
const MARKING_STATEMENTS = 2;

/**
 * A page of a thread's messages for one of its two members (404 for anyone else, or when a
 * block hides it). `before` pages backwards; it must be a message of this thread (400).
 * Two D1 round trips: the thread with the viewer's card, then the page (and the marking).
 */
export async function threadMessages(
  deps: Pick<Deps, 'db' | 'notifications'> & Emits<InboxLiveEvents>,
  viewerId: string,
  threadId: string,
  request: { before?: string | undefined; limit: number },
): Promise<ThreadMessages> {
  const first = (await runBatch(deps.db, [
    threadStatement(viewerId, threadId),
    cardStatement(viewerId),
    ...(request.before ? [sql`SELECT 1 AS found FROM messages WHERE id = ${request.before} AND thread_id = ${threadId}`] : []),
  ])) as unknown as [Rows<ThreadRow>, Rows<MemberCardRow>, Rows<{ found: number }>?];
  const [threadRow] = first[0].results;
  const [viewerRow] = first[1].results;
  if (!threadRow || !viewerRow) throw new ApiError(404, M.threadNotFound);
  if (request.before && first[2]!.results.length === 0) throw invalidFields({ before: M.beforeElsewhere });

  const viewer = toMemberCard(viewerRow);
  const thread = toThread(threadRow, viewer);
  const marking = thread.unreadCount > 0;
  // Reading the messages is seeing their "New Message" notification: the viewer's object marks it meanwhile.
  const [batch, unseenBySender] = await Promise.all([
    runBatch(deps.db, [
      ...(marking ? markReadStatements(threadId, viewerId) : []),
      messagesStatement(threadId, request.before, request.limit + 1),
      ...(marking ? [unseenCountStatement(viewerId)] : []),
    ]),
    marking ? deps.notifications.of(viewerId).markRefSeen('message.received', threadId) : undefined,
  ]);
  const second = batch as unknown as Rows<unknown>[];
  const page = (second[marking ? MARKING_STATEMENTS : 0] as Rows<MessageRow>).results;
  const cards: PairCards = new Map([
    [viewer._id, viewer],
    [thread.receiver._id, thread.receiver],
  ]);
  const hasMore = page.length > request.limit;
  const messages = page
    .slice(0, request.limit)
    .reverse()
    .map((row) => toMessage(row, threadId, cards));
  if (!marking) return { thread, messages, hasMore };

  // The page was read after the marking; the thread row before it. The other tabs follow.
  if (thread.latestMessage?.to === viewerId) thread.latestMessage.read = true;
  const unseenMessages = (second[MARKING_STATEMENTS + 1] as Rows<{ n: number }>).results[0]!.n;
  const unseenNotifications = await visibleUnseen(deps, viewerId, unseenBySender ?? []);
  await Promise.all([
    deps.live.emit(viewerId, 'counts', { unseenMessages, unseenNotifications }),
    deps.live.emit(thread.receiver._id, 'read', { connectionId: threadId, readBy: viewerId }),
  ]);
  return { thread: { ...thread, unreadCount: 0 }, messages, hasMore };
}

/**
 * The inbox's SQL, one statement per reading, so that a route answers in one or two D1
 * round trips (the statements of a reading go out as one batch). A thread row carries the
 * viewer's side of the thread, the other member's card, whether the pair is connected and
 * the latest message with the message it quotes and its attachments (as JSON), so the
 * list never asks again per thread. Blocked either way: the thread is left out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { blockedWith } from '../members/blocks';
import { MEMBER_CARD_COLUMNS, MEMBER_CARD_JOINS } from '../members/cards';
import { offsetOf } from '../db/paging';

/** The message `m` with the message `q` it quotes and its attachments, in MessageRow's names. */
const MESSAGE_COLUMNS: SQL = sql.raw(
  [
    'm.id AS msg_id, m.author_id AS msg_author, m.to_id AS msg_to, m.body AS msg_body, m.read AS msg_read',
    'm.deleted_at AS msg_deleted, m.created_at AS msg_created',
    'q.id AS q_id, q.author_id AS q_author, q.body AS q_body, q.deleted_at AS q_deleted',
    '(SELECT count(*) FROM attachments qa WHERE qa.message_id = q.id) AS q_files',
    `(SELECT json_group_array(json_object('id', att.id, 'name', att.name, 'mime', att.mime, 'size', att.size, 'width', att.width, 'height', att.height))
      FROM (SELECT * FROM attachments WHERE message_id = m.id ORDER BY position) att) AS msg_files`,
  ].join(', '),
);

const QUOTED_JOIN: SQL = sql.raw('LEFT JOIN messages q ON q.id = m.reply_to_id');

/**
 * Whether the pair `pairKey` names (a column or a value) may write to each other now: they
 * are connected, or one accepted the other's message request (message-requests/). The
 * literal IN list lets SQLite use connections_open_pair.
 */
export function connectedPair(pairKey: SQL | string): SQL {
  return sql`(EXISTS (SELECT 1 FROM connections c WHERE c.pair_key = ${pairKey} AND c.status IN ('pending', 'accepted', 'ignored') AND c.status = 'accepted')
    OR EXISTS (SELECT 1 FROM message_requests mr WHERE mr.pair_key = ${pairKey} AND mr.status = 'accepted'))`;
}

/** Threads `tm` (the viewer's side rows) joined to everything a Thread shows, in ThreadRow's names. */
function threadSelect(sides: SQL): SQL {
  return sql`
    SELECT tm.thread_id AS t_id, tm.unread_count AS t_unread, coalesce(tm.last_message_at, t.updated_at) AS t_updated,
      ${connectedPair(sql.raw('t.pair_key'))} AS t_connected, ${MEMBER_CARD_COLUMNS}, ${MESSAGE_COLUMNS}
    FROM ${sides} tm
    JOIN threads t ON t.id = tm.thread_id
    JOIN users u ON u.id = tm.other_id ${MEMBER_CARD_JOINS}
    LEFT JOIN messages m ON m.id = t.last_message_id ${QUOTED_JOIN}`;
}

export type MessageFilter = 'all' | 'unread' | 'read';

const FILTERS: Record<MessageFilter, SQL> = {
  all: sql``,
  unread: sql` AND unread_count > 0`,
  read: sql` AND unread_count = 0`,
};

/**
 * The page of a member's thread list (newest message first) and its total. The page reads
 * the viewer's rows of thread_members_list in order, 20 of them, and only those are joined.
 */
export function threadPageStatements(viewerId: string, request: { page: number; limit: number; filter: MessageFilter }): { page: SQL; total: SQL } {
  const listed = sql`user_id = ${viewerId} AND last_message_at IS NOT NULL AND other_id NOT IN ${blockedWith(viewerId)}${FILTERS[request.filter]}`;
  const sides = sql`(SELECT thread_id, other_id, unread_count, last_message_at FROM thread_members
    WHERE ${listed} ORDER BY last_message_at DESC, other_id DESC LIMIT ${request.limit} OFFSET ${offsetOf(request)})`;
  return {
    page: sql`${threadSelect(sides)} ORDER BY tm.last_message_at DESC, tm.other_id DESC`,
    total: sql`SELECT count(*) AS n FROM thread_members WHERE ${listed}`,
  };
}

/** One thread as the viewer sees it; no row when the viewer is not in it or a block hides it. */
export function threadStatement(viewerId: string, threadId: string): SQL {
  const sides = sql`(SELECT thread_id, other_id, unread_count, last_message_at FROM thread_members
    WHERE user_id = ${viewerId} AND thread_id = ${threadId} AND other_id NOT IN ${blockedWith(viewerId)})`;
  return threadSelect(sides);
}

/** The viewer's own card (the author of their messages). */
export function cardStatement(userId: string): SQL {
  return sql`SELECT ${MEMBER_CARD_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${userId}`;
}

/** Up to `limit` messages of a thread, newest first, older than the message `before` when given. */
export function messagesStatement(threadId: string, before: string | undefined, limit: number): SQL {
  const older = before ? sql` AND (m.created_at, m.id) < (SELECT created_at, id FROM messages WHERE id = ${before} AND thread_id = ${threadId})` : sql``;
  return sql`
    SELECT ${MESSAGE_COLUMNS} FROM messages m ${QUOTED_JOIN}
    WHERE m.thread_id = ${threadId}${older}
    ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`;
}

/** One message with its quote and attachments. */
export function messageStatement(messageId: string): SQL {
  return sql`SELECT ${MESSAGE_COLUMNS} FROM messages m ${QUOTED_JOIN} WHERE m.id = ${messageId}`;
}

/** The messages a member has not read, in threads no block hides (the thread_members_unread index). */
export function unseenCountStatement(userId: string): SQL {
  return sql`SELECT coalesce(sum(unread_count), 0) AS n FROM thread_members
    WHERE user_id = ${userId} AND unread_count > 0 AND other_id NOT IN ${blockedWith(userId)}`;
}

/**
 * The condition of an update of both sides of a thread (a new message): each side by its
 * primary key `(user_id, thread_id)`. `thread_id` alone has no index, and would have
 * SQLite pass over every thread_members row of the network on each message.
 */
export function bothSides(threadId: string, pair: readonly [string, string]): SQL {
  return sql`user_id IN (${pair[0]}, ${pair[1]}) AND thread_id = ${threadId}`;
}

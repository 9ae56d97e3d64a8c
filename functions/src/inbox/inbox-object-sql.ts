/**
 * The SQL of a member's mailbox (inbox-object.ts): its tables, and the statements of every inbox
 * request, here so that mailbox-plan.test.ts checks their query plans.
 */
import type { ThreadFilter } from '../ports/inbox';

/** Bumped (with the statements in `migrate`) when the tables change. */
export const SCHEMA_VERSION = 1;

/** The message `m` with the message `q` it quotes and its files, in StoredMessage's names. */
export const MESSAGE_COLUMNS = `m.id AS msg_id, m.author_id AS msg_author, m.to_id AS msg_to, m.body AS msg_body, m.read AS msg_read,
  m.deleted_at AS msg_deleted, m.created_at AS msg_created,
  (SELECT json_group_array(json_object('id', f.id, 'name', f.name, 'mime', f.mime, 'size', f.size, 'width', f.width, 'height', f.height))
    FROM (SELECT * FROM files WHERE message_id = m.id ORDER BY position) f) AS msg_files,
  q.id AS q_id, q.author_id AS q_author, q.body AS q_body, q.deleted_at AS q_deleted,
  (SELECT count(*) FROM files qf WHERE qf.message_id = q.id) AS q_files`;

export const QUOTED_JOIN = 'LEFT JOIN messages q ON q.id = m.reply_to_id';

/** A thread `t` with its latest message, in StoredThread's names. */
const THREAD_SELECT = `SELECT t.id AS t_id, t.other_id, t.unread_count AS t_unread, coalesce(t.last_message_at, t.updated_at) AS t_updated, ${MESSAGE_COLUMNS}
  FROM threads t LEFT JOIN messages m ON m.id = t.last_message_id ${QUOTED_JOIN}`;

/** `t.other_id` is not one of the JSON array `?` (the members the caller leaves out). */
export const SHOWN = 't.other_id NOT IN (SELECT value FROM json_each(?))';

const FILTERS: Record<ThreadFilter, string> = { all: '', unread: ' AND t.unread_count > 0', read: ' AND t.unread_count = 0' };

/** The threads of a list: with messages, the member not hidden, the filter's. */
const listWhere = (filter: ThreadFilter) => `t.last_message_at IS NOT NULL AND ${SHOWN}${FILTERS[filter]}`;

const byFilter = (statement: (filter: ThreadFilter) => string): Record<ThreadFilter, string> => ({ all: statement('all'), unread: statement('unread'), read: statement('read') });

/**
 * The statements of every inbox request (the list, a thread, its messages, the marking),
 * here so that mailbox-plan.test.ts checks their query plans. Their parameters, in order,
 * are named beside each.
 */
export const MAILBOX_SQL = {
  /** A page of the list, newest message first: hidden (JSON), limit, offset. */
  listPage: byFilter(
    (filter) => `${THREAD_SELECT} WHERE t.id IN (SELECT t.id FROM threads t WHERE ${listWhere(filter)} ORDER BY t.last_message_at DESC, t.other_id DESC LIMIT ? OFFSET ?)
         ORDER BY t.last_message_at DESC, t.other_id DESC`,
  ),
  /** How many threads the list has: hidden. */
  listTotal: byFilter((filter) => `SELECT count(*) AS n FROM threads t WHERE ${listWhere(filter)}`),
  /** The owner's unread messages: hidden. */
  unreadTotal: `SELECT coalesce(sum(t.unread_count), 0) AS n FROM threads t WHERE t.unread_count > 0 AND ${SHOWN}`,
  /** One thread: thread id, hidden. */
  thread: `${THREAD_SELECT} WHERE t.id = ? AND ${SHOWN}`,
  /** The thread with a member: their id. */
  threadWith: 'SELECT id, last_message_id IS NOT NULL AS has_history, coalesce(last_message_at, updated_at) AS updated_at FROM threads WHERE other_id = ?',
  /** A thread's newest messages: thread id, limit. */
  messagesPage: `SELECT ${MESSAGE_COLUMNS} FROM messages m ${QUOTED_JOIN} WHERE m.thread_id = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
  /** A thread's messages older than one of them: thread id, that message's id, thread id, limit. */
  messagesBefore: `SELECT ${MESSAGE_COLUMNS} FROM messages m ${QUOTED_JOIN}
    WHERE m.thread_id = ? AND (m.created_at, m.id) < (SELECT created_at, id FROM messages WHERE id = ? AND thread_id = ?) ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
  /** The reader's unread messages of a thread (how many, up to when, from whom): reader id, thread id. */
  unreadOf: `SELECT count(*) AS n, max(m.created_at) AS upTo, t.other_id AS other FROM threads t JOIN messages m ON m.thread_id = t.id AND m.to_id = ? AND m.read = 0
         WHERE t.id = ?`,
  /** Marks them read: thread id, reader id. */
  markRead: 'UPDATE messages SET read = 1 WHERE thread_id = ? AND to_id = ? AND read = 0',
  /** The other mailbox's receipt: thread id, reader id, up to. */
  readReceipt: 'UPDATE messages SET read = 1 WHERE thread_id = ? AND to_id = ? AND read = 0 AND created_at <= ?',
} as const;

/** The mailbox's tables and indexes, each statement idempotent (db/object-schema.ts). */
export const MAILBOX_TABLES: readonly string[] = [
  // One thread per other member; last_message_at is null until the first message (such threads stay out of the list).
  `CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, other_id TEXT NOT NULL UNIQUE, unread_count INTEGER NOT NULL DEFAULT 0,
    last_message_id TEXT, last_message_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS threads_list ON threads (last_message_at, other_id) WHERE last_message_at IS NOT NULL',
  // The unread badge and the unread list read the threads with unread messages only.
  'CREATE INDEX IF NOT EXISTS threads_unread ON threads (last_message_at, other_id, unread_count) WHERE unread_count > 0',
  // Deleted by its author: body and files gone, the row stays for the replies quoting it.
  `CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, author_id TEXT NOT NULL, to_id TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '', reply_to_id TEXT, read INTEGER NOT NULL DEFAULT 0, deleted_at TEXT, created_at TEXT NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS messages_thread ON messages (thread_id, created_at, id)',
  // Marking read and a read receipt (up to a time) find the unread messages of a thread to a member.
  'CREATE INDEX IF NOT EXISTS messages_unread ON messages (thread_id, to_id, created_at) WHERE read = 0',
  `CREATE TABLE IF NOT EXISTS files (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, name TEXT NOT NULL, mime TEXT NOT NULL, size INTEGER NOT NULL,
    width INTEGER, height INTEGER, position INTEGER NOT NULL DEFAULT 0)`,
  'CREATE INDEX IF NOT EXISTS files_message ON files (message_id, position)',
  // Changes for other members' mailboxes, applied in order, removed once applied.
  'CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, member_id TEXT NOT NULL, delivery TEXT NOT NULL)',
];

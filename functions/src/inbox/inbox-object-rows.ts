/**
 * The writes of a member's mailbox (inbox-object.ts) that its own changes and the other mailbox's
 * deliveries share, and the rows of its account-deletion and export calls, over the object's
 * SQLite. Each runs inside the caller's transaction.
 */
import type { MailboxExport, MailboxImport, MessageFile } from '../ports/inbox';
import { MAILBOX_SQL } from './inbox-object-sql';

/** A message as it travels between the two mailboxes. */
export type MessageCopy = { id: string; author_id: string; to_id: string; body: string; reply_to_id: string | null; read: number; created_at: string; deleted_at: string | null };

/** A change for the other member's mailbox: the message and its files, the reader's messages read up to a time, a deletion. */
export type Delivery =
  | { kind: 'message'; threadId: string; message: MessageCopy; files: MessageFile[] }
  | { kind: 'read'; threadId: string; readerId: string; upTo: string }
  | { kind: 'deleted'; threadId: string; message: MessageCopy };

/** Makes the thread with a member under the given id, unless there is one with them already. */
export function ensureThread(sql: SqlStorage, threadId: string, otherId: string, at: string): void {
  sql.exec('INSERT INTO threads (id, other_id, unread_count, created_at, updated_at) VALUES (?, ?, 0, ?, ?) ON CONFLICT DO NOTHING', threadId, otherId, at, at);
}

/**
 * A message with its files, unless it is there already (answers whether it was stored); the
 * thread's preview moves to it when it is newer than the preview by time, then id, so both
 * mailboxes show the same one whichever message came first.
 */
export function storeMessage(sql: SqlStorage, threadId: string, message: MessageCopy, files: readonly MessageFile[]): boolean {
  const stored = sql.exec(
    `INSERT INTO messages (id, thread_id, author_id, to_id, body, reply_to_id, read, deleted_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
    message.id,
    threadId,
    message.author_id,
    message.to_id,
    message.deleted_at ? '' : message.body,
    message.reply_to_id,
    message.read,
    message.deleted_at,
    message.created_at,
  ).rowsWritten;
  if (stored === 0) return false;
  if (!message.deleted_at) {
    files.forEach((file, position) =>
      sql.exec(
        'INSERT INTO files (id, message_id, name, mime, size, width, height, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
        file.id,
        message.id,
        file.name,
        file.mime,
        file.size,
        file.width,
        file.height,
        position,
      ),
    );
  }
  // Against the preview's own time, not last_message_at: a deletion moves the preview back to
  // an older message while the thread keeps its place in the list.
  sql.exec(
    `UPDATE threads SET last_message_id = ?1, last_message_at = max(coalesce(last_message_at, ''), ?2), updated_at = max(updated_at, ?2)
     WHERE id = ?3 AND (last_message_id IS NULL OR coalesce((SELECT (created_at, id) < (?2, ?1) FROM messages WHERE id = threads.last_message_id), 1))`,
    message.id,
    message.created_at,
    threadId,
  );
  return true;
}

/** A message deleted: emptied (or stored deleted, when its copy has not come yet), the unread count and the preview recomputed. */
export function applyDeletion(sql: SqlStorage, threadId: string, message: MessageCopy): void {
  sql.exec('DELETE FROM files WHERE message_id = ?', message.id);
  const emptied = sql.exec("UPDATE messages SET body = '', deleted_at = ? WHERE id = ? AND deleted_at IS NULL", message.deleted_at, message.id).rowsWritten;
  if (emptied === 0) storeMessage(sql, threadId, message, []);
  sql.exec(
    `UPDATE threads SET unread_count = (SELECT count(*) FROM messages WHERE thread_id = threads.id AND author_id = threads.other_id AND read = 0 AND deleted_at IS NULL)
     WHERE id = ?`,
    threadId,
  );
  // The preview shows the newest message left; a thread whose messages are all deleted keeps the newest.
  sql.exec(
    `UPDATE threads SET last_message_id = coalesce(
       (SELECT id FROM messages WHERE thread_id = threads.id AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1), last_message_id)
     WHERE id = ? AND last_message_id = ?`,
    threadId,
    message.id,
  );
}

/** A change for the other member's mailbox, written in the transaction of the change itself. */
export function enqueue(sql: SqlStorage, memberId: string, delivery: Delivery): void {
  sql.exec('INSERT INTO outbox (member_id, delivery) VALUES (?, ?)', memberId, JSON.stringify(delivery));
}

/** Marks the reader's unread messages of a thread read and queues the receipt for the other mailbox; answers how many. */
export function markRead(sql: SqlStorage, threadId: string, readerId: string): number {
  const [unread] = sql.exec<{ n: number; upTo: string | null; other: string }>(MAILBOX_SQL.unreadOf, readerId, threadId).toArray();
  if (!unread?.upTo) return 0;
  sql.exec(MAILBOX_SQL.markRead, threadId, readerId);
  sql.exec('UPDATE threads SET unread_count = 0 WHERE id = ?', threadId);
  enqueue(sql, unread.other, { kind: 'read', threadId, readerId, upTo: unread.upTo });
  return unread.n;
}

/** One change from the other member's mailbox; applying it again changes nothing. */
export function applyDelivery(sql: SqlStorage, delivery: Delivery): void {
  if (delivery.kind === 'read') {
    sql.exec(MAILBOX_SQL.readReceipt, delivery.threadId, delivery.readerId, delivery.upTo);
    return;
  }
  const { message } = delivery;
  ensureThread(sql, delivery.threadId, message.author_id, message.created_at);
  if (delivery.kind === 'deleted') applyDeletion(sql, delivery.threadId, message);
  else if (storeMessage(sql, delivery.threadId, message, delivery.files) && !message.deleted_at && !message.read) {
    sql.exec('UPDATE threads SET unread_count = unread_count + 1 WHERE id = ?', delivery.threadId);
  }
}

/** `@[Their Name](<id>)`, a mention of the member `id` as the feed writes it (feed/tags.ts). */
const mentionOf = (id: string) => new RegExp(`@\\[[^\\]\\n]{1,100}\\]\\(${id}\\)`, 'g');

/**
 * A member erased (account deletion): their side of the threads passes to the stand-in member
 * `newId`, their messages stay without their files (which leave R2), a mention of them reads
 * `@[<standInName>](<stand-in>)`, and nothing more is delivered to them. Answers the messages
 * changed.
 */
export function replaceMember(sql: SqlStorage, oldId: string, newId: string, standInName: string): number {
  sql.exec('DELETE FROM files WHERE message_id IN (SELECT id FROM messages WHERE author_id = ?)', oldId);
  sql.exec('UPDATE threads SET other_id = ? WHERE other_id = ?', newId, oldId);
  const changed = sql.exec<{ n: number }>('SELECT count(*) AS n FROM messages WHERE ? IN (author_id, to_id)', oldId).one().n;
  sql.exec('UPDATE messages SET author_id = ? WHERE author_id = ?', newId, oldId);
  sql.exec('UPDATE messages SET to_id = ? WHERE to_id = ?', newId, oldId);
  const mentioning = sql.exec<{ id: string; body: string }>('SELECT id, body FROM messages WHERE instr(body, ?) > 0', `](${oldId})`).toArray();
  for (const row of mentioning) sql.exec('UPDATE messages SET body = ? WHERE id = ?', row.body.replace(mentionOf(oldId), `@[${standInName}](${newId})`), row.id);
  sql.exec('DELETE FROM outbox WHERE member_id = ?', oldId);
  return changed;
}

/** The owner's rows for the data export: threads (with how many messages they received), their own messages and those messages' files. */
export function exportRows(sql: SqlStorage, ownerId: string): MailboxExport {
  return {
    threads: sql
      .exec<MailboxExport['threads'][number]>(
        `SELECT t.id, t.other_id, t.unread_count, t.last_message_at, t.created_at,
           (SELECT count(*) FROM messages WHERE thread_id = t.id AND to_id = ?) AS received
         FROM threads t ORDER BY t.created_at, t.id`,
        ownerId,
      )
      .toArray(),
    written: sql
      .exec<MailboxExport['written'][number]>(
        'SELECT id, thread_id, to_id, body, reply_to_id, read, deleted_at, created_at FROM messages WHERE author_id = ? ORDER BY created_at, id',
        ownerId,
      )
      .toArray(),
    files: sql
      .exec<MailboxExport['files'][number]>(
        `SELECT f.id, f.message_id, f.name, f.mime, f.size, f.width, f.height, f.position FROM files f JOIN messages m ON m.id = f.message_id
         WHERE m.author_id = ? ORDER BY m.created_at, f.position`,
        ownerId,
      )
      .toArray(),
  };
}

/** Bulk rows (development: the demo seed, the scale generator); unread counts only the other member's unread messages. */
export function importRows(sql: SqlStorage, rows: MailboxImport): void {
  for (const thread of rows.threads) ensureThread(sql, thread.id, thread.other_id, thread.created_at);
  for (const message of [...rows.messages].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    const copy: MessageCopy = { ...message, deleted_at: null };
    if (storeMessage(sql, message.thread_id, copy, []) && !message.read && message.to_id !== message.author_id) {
      sql.exec('UPDATE threads SET unread_count = unread_count + 1 WHERE id = ? AND other_id = ?', message.thread_id, message.author_id);
    }
  }
}

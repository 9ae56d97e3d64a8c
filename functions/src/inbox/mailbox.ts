/**
 * One member's inbox (docs/decisions.md "The inbox lives in one mailbox per member"): a
 * SQLite-backed Durable Object named by the member's user id, reached through the `inbox`
 * port of Deps (mailbox-box.ts). As with mail, each member keeps their own copy of every
 * conversation: the thread with the other member, its messages with their files' details,
 * and which were read. So every reading of the inbox (the thread list, a thread's messages,
 * the unread count) asks this one object.
 *
 * A change made here that the other member must see (a message sent, their messages read, a
 * message deleted) is written with its delivery in one transaction: the `outbox` row is
 * applied to the other member's mailbox by `flush` straight after (the worker awaits it) and
 * by the alarm until it is taken. Applying is idempotent and commutes (a message already
 * there is not stored again; a deletion that comes before its message leaves the message
 * deleted), so a delivery may come twice or late.
 *
 * It knows nothing of other members: blocks, cards and connections are D1's, and the callers
 * hand the members to leave out (`hidden`).
 */
import { DurableObject } from 'cloudflare:workers';
import type { DeletedMessage, MailboxExport, MailboxImport, MessageFile, OutgoingMessage, StoredMessage, StoredThread, ThreadFilter } from '../deps';
import { migrateObjectSchema } from '../db/object-schema';

/** Bumped (with the statements in `migrate`) when the tables change. */
const SCHEMA_VERSION = 1;

/** A retry of undelivered changes: first after this, then twice as long each time up to an hour. */
const RETRY_MS = 5_000;
const RETRY_MAX_MS = 3_600_000;

/** The message `m` with the message `q` it quotes and its files, in StoredMessage's names. */
const MESSAGE_COLUMNS = `m.id AS msg_id, m.author_id AS msg_author, m.to_id AS msg_to, m.body AS msg_body, m.read AS msg_read,
  m.deleted_at AS msg_deleted, m.created_at AS msg_created,
  (SELECT json_group_array(json_object('id', f.id, 'name', f.name, 'mime', f.mime, 'size', f.size, 'width', f.width, 'height', f.height))
    FROM (SELECT * FROM files WHERE message_id = m.id ORDER BY position) f) AS msg_files,
  q.id AS q_id, q.author_id AS q_author, q.body AS q_body, q.deleted_at AS q_deleted,
  (SELECT count(*) FROM files qf WHERE qf.message_id = q.id) AS q_files`;

const QUOTED_JOIN = 'LEFT JOIN messages q ON q.id = m.reply_to_id';

/** A thread `t` with its latest message, in StoredThread's names. */
const THREAD_SELECT = `SELECT t.id AS t_id, t.other_id, t.unread_count AS t_unread, coalesce(t.last_message_at, t.updated_at) AS t_updated, ${MESSAGE_COLUMNS}
  FROM threads t LEFT JOIN messages m ON m.id = t.last_message_id ${QUOTED_JOIN}`;

/** `t.other_id` is not one of the JSON array `?` (the members the caller leaves out). */
const SHOWN = 't.other_id NOT IN (SELECT value FROM json_each(?))';

const FILTERS: Record<ThreadFilter, string> = { all: '', unread: ' AND t.unread_count > 0', read: ' AND t.unread_count = 0' };

/** A message as it travels between the two mailboxes. */
type MessageCopy = { id: string; author_id: string; to_id: string; body: string; reply_to_id: string | null; read: number; created_at: string; deleted_at: string | null };

/** A change for the other member's mailbox: the message and its files, the reader's messages read up to a time, a deletion. */
type Delivery =
  | { kind: 'message'; threadId: string; message: MessageCopy; files: MessageFile[] }
  | { kind: 'read'; threadId: string; readerId: string; upTo: string }
  | { kind: 'deleted'; threadId: string; message: MessageCopy };

type Row = Record<string, SqlStorageValue>;

export class MemberInbox extends DurableObject<Env> {
  /** The drain under way, which later calls of `flush` join. */
  private draining: Promise<number> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate(): void {
    migrateObjectSchema(this.ctx.storage.sql, SCHEMA_VERSION, [
      // One thread per other member; last_message_at is null until the first message (such threads stay out of the list).
      `CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, other_id TEXT NOT NULL UNIQUE, unread_count INTEGER NOT NULL DEFAULT 0,
        last_message_id TEXT, last_message_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
      'CREATE INDEX IF NOT EXISTS threads_list ON threads (last_message_at, other_id) WHERE last_message_at IS NOT NULL',
      // Deleted by its author: body and files gone, the row stays for the replies quoting it.
      `CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, author_id TEXT NOT NULL, to_id TEXT NOT NULL,
        body TEXT NOT NULL DEFAULT '', reply_to_id TEXT, read INTEGER NOT NULL DEFAULT 0, deleted_at TEXT, created_at TEXT NOT NULL)`,
      'CREATE INDEX IF NOT EXISTS messages_thread ON messages (thread_id, created_at, id)',
      'CREATE INDEX IF NOT EXISTS messages_unread ON messages (thread_id, to_id) WHERE read = 0',
      `CREATE TABLE IF NOT EXISTS files (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, name TEXT NOT NULL, mime TEXT NOT NULL, size INTEGER NOT NULL,
        width INTEGER, height INTEGER, position INTEGER NOT NULL DEFAULT 0)`,
      'CREATE INDEX IF NOT EXISTS files_message ON files (message_id, position)',
      // Changes for other members' mailboxes, applied in order, removed once applied.
      'CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, member_id TEXT NOT NULL, delivery TEXT NOT NULL)',
    ]);
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  /** The thread with a member, if there is one: its id, whether it has messages, when it last changed. */
  threadWith(otherId: string): { id: string; has_history: number; updated_at: string } | null {
    const [row] = this.sql
      .exec<{ id: string; has_history: number; updated_at: string }>(
        'SELECT id, last_message_id IS NOT NULL AS has_history, coalesce(last_message_at, updated_at) AS updated_at FROM threads WHERE other_id = ?',
        otherId,
      )
      .toArray();
    return row ?? null;
  }

  /** Makes the thread with a member under the given id, unless there is one with them already. */
  ensureThread(threadId: string, otherId: string, at: string): void {
    this.sql.exec('INSERT INTO threads (id, other_id, unread_count, created_at, updated_at) VALUES (?, ?, 0, ?, ?) ON CONFLICT DO NOTHING', threadId, otherId, at, at);
  }

  /** One thread with its latest message; null when there is none by that id or its member is hidden. */
  thread(threadId: string, hidden: string[]): StoredThread | null {
    const [row] = this.sql.exec<Row>(`${THREAD_SELECT} WHERE t.id = ? AND ${SHOWN}`, threadId, JSON.stringify(hidden)).toArray();
    return (row as StoredThread | undefined) ?? null;
  }

  /** A page of the threads with messages, newest message first, and how many there are. */
  list(filter: ThreadFilter, limit: number, offset: number, hidden: string[]): { rows: StoredThread[]; total: number } {
    const skip = JSON.stringify(hidden);
    const where = `t.last_message_at IS NOT NULL AND ${SHOWN}${FILTERS[filter]}`;
    const rows = this.sql
      .exec<Row>(
        `${THREAD_SELECT} WHERE t.id IN (SELECT t.id FROM threads t WHERE ${where} ORDER BY t.last_message_at DESC, t.other_id DESC LIMIT ? OFFSET ?)
         ORDER BY t.last_message_at DESC, t.other_id DESC`,
        skip,
        limit,
        offset,
      )
      .toArray() as StoredThread[];
    const total = this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM threads t WHERE ${where}`, skip).one().n;
    return { rows, total };
  }

  /** The owner's unread messages in threads whose member is not hidden. */
  unreadTotal(hidden: string[]): number {
    return this.sql.exec<{ n: number }>(`SELECT coalesce(sum(t.unread_count), 0) AS n FROM threads t WHERE t.unread_count > 0 AND ${SHOWN}`, JSON.stringify(hidden)).one().n;
  }

  hasMessage(threadId: string, messageId: string): boolean {
    return this.sql.exec('SELECT 1 FROM messages WHERE id = ? AND thread_id = ?', messageId, threadId).toArray().length > 0;
  }

  /**
   * Up to `limit` messages of a thread, newest first, older than the message `before` when
   * given. With `mark`, the reader's unread messages of the thread are marked read first (and
   * the other mailbox told), and the owner's unread total after it is answered.
   */
  messages(
    threadId: string,
    before: string | null,
    limit: number,
    mark: { readerId: string; at: string; hidden: string[] } | null,
  ): { rows: StoredMessage[]; marked: number; unreadTotal: number | null } {
    const marked = mark ? this.ctx.storage.transactionSync(() => this.markRead(threadId, mark.readerId)) : 0;
    const older = before ? ' AND (m.created_at, m.id) < (SELECT created_at, id FROM messages WHERE id = ? AND thread_id = ?)' : '';
    const rows = this.sql
      .exec<Row>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m ${QUOTED_JOIN} WHERE m.thread_id = ?${older} ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
        ...(before ? [threadId, before, threadId, limit] : [threadId, limit]),
      )
      .toArray() as StoredMessage[];
    if (marked > 0) this.scheduleDrain();
    return { rows, marked, unreadTotal: mark ? this.unreadTotal(mark.hidden) : null };
  }

  /** Marks the reader's unread messages of a thread read and queues the receipt for the other mailbox; answers how many. */
  private markRead(threadId: string, readerId: string): number {
    const [unread] = this.sql
      .exec<{ n: number; upTo: string | null; other: string }>(
        `SELECT count(*) AS n, max(m.created_at) AS upTo, t.other_id AS other FROM threads t JOIN messages m ON m.thread_id = t.id AND m.to_id = ? AND m.read = 0
         WHERE t.id = ?`,
        readerId,
        threadId,
      )
      .toArray();
    if (!unread?.upTo) return 0;
    this.sql.exec('UPDATE messages SET read = 1 WHERE thread_id = ? AND to_id = ? AND read = 0', threadId, readerId);
    this.sql.exec('UPDATE threads SET unread_count = 0 WHERE id = ?', threadId);
    this.enqueue(unread.other, { kind: 'read', threadId, readerId, upTo: unread.upTo });
    return unread.n;
  }

  /**
   * Stores a message of the owner and queues its copy for the recipient's mailbox; answers it
   * with the thread as the owner and as the recipient now see it (the recipient's unread count
   * is the owner's messages they have not read). A reply must quote a message of the thread.
   */
  send(input: OutgoingMessage): { message: StoredMessage; mine: StoredThread; theirs: StoredThread } | { error: 'replyElsewhere' } {
    const sql = this.sql;
    return this.ctx.storage.transactionSync(() => {
      this.ensureThread(input.threadId, input.toId, input.now);
      if (input.replyTo && !this.hasMessage(input.threadId, input.replyTo)) return { error: 'replyElsewhere' as const };
      const last = sql.exec<{ at: string | null }>('SELECT last_message_at AS at FROM threads WHERE id = ?', input.threadId).one().at;
      // After the thread's newest message, so messages sent within one millisecond keep their order.
      const at = new Date(Math.max(Date.parse(input.now), last ? Date.parse(last) + 1 : 0)).toISOString();
      const copy: MessageCopy = { id: input.id, author_id: input.authorId, to_id: input.toId, body: input.body, reply_to_id: input.replyTo, read: input.read ? 1 : 0, created_at: at, deleted_at: null };
      this.storeMessage(input.threadId, copy, input.files);
      this.enqueue(input.toId, { kind: 'message', threadId: input.threadId, message: copy, files: input.files });
      const mine = this.thread(input.threadId, [])!;
      const message = this.storedMessage(input.id)!;
      const unread = sql
        .exec<{ n: number }>('SELECT count(*) AS n FROM messages WHERE thread_id = ? AND author_id = ? AND read = 0 AND deleted_at IS NULL', input.threadId, input.authorId)
        .one().n;
      this.scheduleDrain();
      return { message, mine, theirs: { ...mine, other_id: input.authorId, t_unread: unread } };
    });
  }

  /** A message with its files, and the thread's latest message and time moved to it when it is newer. */
  private storeMessage(threadId: string, message: MessageCopy, files: readonly MessageFile[]): boolean {
    const sql = this.sql;
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
    sql.exec(
      `UPDATE threads SET last_message_id = ?, last_message_at = ?, updated_at = ?
       WHERE id = ? AND (last_message_at IS NULL OR last_message_at < ?)`,
      message.id,
      message.created_at,
      message.created_at,
      threadId,
      message.created_at,
    );
    return true;
  }

  /** One message in StoredMessage's names. */
  private storedMessage(messageId: string): StoredMessage | null {
    const [row] = this.sql.exec<Row>(`SELECT ${MESSAGE_COLUMNS} FROM messages m ${QUOTED_JOIN} WHERE m.id = ?`, messageId).toArray();
    return (row as StoredMessage | undefined) ?? null;
  }

  /** A message as it is stored (moderation, reports, the deletion's checks). */
  message(messageId: string): { thread_id: string; author_id: string; to_id: string; body: string; deleted_at: string | null; created_at: string } | null {
    const [row] = this.sql
      .exec<{ thread_id: string; author_id: string; to_id: string; body: string; deleted_at: string | null; created_at: string }>(
        'SELECT thread_id, author_id, to_id, body, deleted_at, created_at FROM messages WHERE id = ?',
        messageId,
      )
      .toArray();
    return row ?? null;
  }

  /**
   * Deletes a message of the author's (its body and files; the row stays for the replies
   * quoting it) and queues the deletion for the other mailbox. Null when the author did not
   * write it here; `already` when it was deleted before (nothing changes).
   */
  deleteOwn(messageId: string, authorId: string, at: string): DeletedMessage | null {
    return this.ctx.storage.transactionSync(() => {
      const [row] = this.sql
        .exec<MessageCopy & { thread_id: string; files: number }>(
          `SELECT m.*, (SELECT count(*) FROM files WHERE message_id = m.id) AS files FROM messages m WHERE m.id = ? AND m.author_id = ?`,
          messageId,
          authorId,
        )
        .toArray();
      if (!row) return null;
      const found = { thread_id: row.thread_id, to_id: row.to_id, body: row.body, files: row.files };
      if (row.deleted_at) return { ...found, already: true };
      const deleted: MessageCopy = { id: row.id, author_id: row.author_id, to_id: row.to_id, body: '', reply_to_id: row.reply_to_id, read: row.read, created_at: row.created_at, deleted_at: at };
      this.applyDeletion(row.thread_id, deleted);
      this.enqueue(row.to_id, { kind: 'deleted', threadId: row.thread_id, message: deleted });
      this.scheduleDrain();
      return { ...found, already: false };
    });
  }

  /** A message deleted: emptied (or stored deleted, when its copy has not come yet), the unread count and the preview recomputed. */
  private applyDeletion(threadId: string, message: MessageCopy): void {
    const sql = this.sql;
    sql.exec('DELETE FROM files WHERE message_id = ?', message.id);
    const emptied = sql.exec("UPDATE messages SET body = '', deleted_at = ? WHERE id = ? AND deleted_at IS NULL", message.deleted_at, message.id).rowsWritten;
    if (emptied === 0) this.storeMessage(threadId, message, []);
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

  /** Applies changes from the other member's mailbox (`MemberInbox.flush`); idempotent. */
  apply(deliveries: Delivery[]): void {
    this.ctx.storage.transactionSync(() => {
      for (const delivery of deliveries) {
        if (delivery.kind === 'message') {
          const { message } = delivery;
          this.ensureThread(delivery.threadId, message.author_id, message.created_at);
          if (this.storeMessage(delivery.threadId, message, delivery.files) && !message.deleted_at && !message.read) {
            this.sql.exec('UPDATE threads SET unread_count = unread_count + 1 WHERE id = ?', delivery.threadId);
          }
        } else if (delivery.kind === 'read') {
          this.sql.exec('UPDATE messages SET read = 1 WHERE thread_id = ? AND to_id = ? AND read = 0 AND created_at <= ?', delivery.threadId, delivery.readerId, delivery.upTo);
        } else {
          this.ensureThread(delivery.threadId, delivery.message.author_id, delivery.message.created_at);
          this.applyDeletion(delivery.threadId, delivery.message);
        }
      }
    });
  }

  private enqueue(memberId: string, delivery: Delivery): void {
    this.sql.exec('INSERT INTO outbox (member_id, delivery) VALUES (?, ?)', memberId, JSON.stringify(delivery));
  }

  /** The alarm that delivers what `flush` did not, should the worker's flush never come. */
  private scheduleDrain(): void {
    void this.ctx.storage.getAlarm().then((alarm) => (alarm === null ? this.ctx.storage.setAlarm(Date.now() + RETRY_MS) : undefined));
  }

  /** Applies the outbox to the other mailboxes, in order; answers how many changes are still waiting (after a failure). */
  flush(): Promise<number> {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drain(): Promise<number> {
    for (;;) {
      const rows = this.sql.exec<{ seq: number; member_id: string; delivery: string }>('SELECT seq, member_id, delivery FROM outbox ORDER BY seq LIMIT 100').toArray();
      if (rows.length === 0) return 0;
      const byMember = new Map<string, typeof rows>();
      for (const row of rows) byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row]);
      const results = await Promise.allSettled(
        [...byMember].map(async ([memberId, list]) => {
          const other = this.env.INBOX_STORE.get(this.env.INBOX_STORE.idFromName(memberId));
          await other.apply(list.map((row) => JSON.parse(row.delivery) as Delivery));
          this.sql.exec('DELETE FROM outbox WHERE seq IN (SELECT value FROM json_each(?))', JSON.stringify(list.map((row) => row.seq)));
        }),
      );
      const failed = results.filter((result) => result.status === 'rejected');
      if (failed.length > 0) {
        console.error('inbox: changes for other mailboxes left for the retry', (failed[0] as PromiseRejectedResult).reason);
        return this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM outbox').one().n;
      }
    }
  }

  async alarm(info?: AlarmInvocationInfo): Promise<void> {
    const waiting = await this.flush();
    if (waiting > 0) {
      const retries = info?.retryCount ?? 0;
      await this.ctx.storage.setAlarm(Date.now() + Math.min(RETRY_MS * 2 ** (retries + 1), RETRY_MAX_MS));
    }
  }

  /** The members this mailbox has a thread with (account deletion). */
  others(): string[] {
    return this.sql
      .exec<{ other_id: string }>('SELECT other_id FROM threads ORDER BY other_id')
      .toArray()
      .map((row) => row.other_id);
  }

  /**
   * A member erased (account deletion): their side of the threads here passes to the stand-in
   * member `newId`, their messages stay without their files (which leave R2), and a mention
   * of them in a message reads as the stand-in's. Answers the messages changed.
   */
  replaceMember(oldId: string, newId: string): number {
    return this.ctx.storage.transactionSync(() => {
      const sql = this.sql;
      sql.exec('DELETE FROM files WHERE message_id IN (SELECT id FROM messages WHERE author_id = ?)', oldId);
      sql.exec('UPDATE threads SET other_id = ? WHERE other_id = ?', newId, oldId);
      const changed = sql.exec<{ n: number }>('SELECT count(*) AS n FROM messages WHERE ? IN (author_id, to_id)', oldId).one().n;
      sql.exec('UPDATE messages SET author_id = ? WHERE author_id = ?', newId, oldId);
      sql.exec('UPDATE messages SET to_id = ? WHERE to_id = ?', newId, oldId);
      sql.exec('UPDATE messages SET body = replace(body, ?, ?) WHERE instr(body, ?) > 0', `](${oldId})`, `](${newId})`, `](${oldId})`);
      sql.exec('DELETE FROM outbox WHERE member_id = ?', oldId);
      return changed;
    });
  }

  /** The owner's rows for the data export: threads (with how many messages they received), their own messages and those messages' files. */
  exportRows(ownerId: string): MailboxExport {
    const sql = this.sql;
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

  /** Whether the mailbox holds no message (social sign-in's check for an account with content). */
  isEmpty(): boolean {
    return this.sql.exec('SELECT 1 FROM messages LIMIT 1').toArray().length === 0;
  }

  /** Erases the mailbox (the member's account deletion), leaving the empty tables for a late call. */
  async wipe(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.migrate();
  }

  /** Bulk rows (development: the demo seed and the scale generator through the dev route); answers how many messages. */
  importRows(rows: MailboxImport): number {
    this.ctx.storage.transactionSync(() => {
      for (const thread of rows.threads) this.ensureThread(thread.id, thread.other_id, thread.created_at);
      for (const message of [...rows.messages].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
        const copy: MessageCopy = { ...message, deleted_at: null };
        if (this.storeMessage(message.thread_id, copy, []) && !message.read && message.to_id !== message.author_id) {
          this.sql.exec('UPDATE threads SET unread_count = unread_count + 1 WHERE id = ? AND other_id = ?', message.thread_id, message.author_id);
        }
      }
    });
    return rows.messages.length;
  }
}

/**
 * One member's inbox (docs/decisions.md "The inbox lives in one mailbox per member"): a
 * SQLite-backed Durable Object named by the member's user id, reached through the `inbox`
 * port of Deps (inbox-binding.ts). As with mail, each member keeps their own copy of every
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
import type { DeletedMessage, MailboxExport, MailboxImport, OutgoingMessage, StoredCopy, StoredMessage, StoredThread, ThreadFilter } from '../ports/inbox';
import { migrateObjectSchema } from '../db/object-schema';
import { STAND_IN_NAME } from '../members/stand-in';
import { MAILBOX_SQL, MAILBOX_TABLES, MESSAGE_COLUMNS, QUOTED_JOIN, SCHEMA_VERSION } from './inbox-object-sql';
import * as writes from './inbox-object-rows';

/** A retry of undelivered changes: first after this, then twice as long each time up to an hour. */
const RETRY_MS = 5_000;
const RETRY_MAX_MS = 3_600_000;

type Row = Record<string, SqlStorageValue>;

export class MemberInbox extends DurableObject<Env> {
  /** The drain under way, which later calls of `flush` join. */
  private draining: Promise<number> | null = null;
  /** Outbox rows delivered but not yet removed (forgetDelivered). */
  private delivered = new Set<number>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate(): void {
    migrateObjectSchema(this.ctx.storage.sql, SCHEMA_VERSION, MAILBOX_TABLES);
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  /** The thread with a member, if there is one: its id, whether it has messages, when it last changed. */
  threadWith(otherId: string): { id: string; has_history: number; updated_at: string } | null {
    const [row] = this.sql.exec<{ id: string; has_history: number; updated_at: string }>(MAILBOX_SQL.threadWith, otherId).toArray();
    return row ?? null;
  }

  /** Makes the thread with a member under the given id, unless there is one with them already. */
  ensureThread(threadId: string, otherId: string, at: string): void {
    writes.ensureThread(this.sql, threadId, otherId, at);
  }

  /** One thread with its latest message; null when there is none by that id or its member is hidden. */
  thread(threadId: string, hidden: string[]): StoredThread | null {
    const [row] = this.sql.exec<Row>(MAILBOX_SQL.thread, threadId, JSON.stringify(hidden)).toArray();
    return (row as StoredThread | undefined) ?? null;
  }

  /** A page of the threads with messages, newest message first, and how many there are. */
  list(filter: ThreadFilter, limit: number, offset: number, hidden: string[]): { rows: StoredThread[]; total: number } {
    const skip = JSON.stringify(hidden);
    const rows = this.sql.exec<Row>(MAILBOX_SQL.listPage[filter], skip, limit, offset).toArray() as StoredThread[];
    const total = this.sql.exec<{ n: number }>(MAILBOX_SQL.listTotal[filter], skip).one().n;
    return { rows, total };
  }

  /** The owner's unread messages in threads whose member is not hidden. */
  unreadTotal(hidden: string[]): number {
    return this.sql.exec<{ n: number }>(MAILBOX_SQL.unreadTotal, JSON.stringify(hidden)).one().n;
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
    mark: { readerId: string; hidden: string[] } | null,
  ): { rows: StoredMessage[]; marked: number; unreadTotal: number | null } {
    const marked = mark ? this.ctx.storage.transactionSync(() => writes.markRead(this.sql, threadId, mark.readerId)) : 0;
    const rows = (
      before ? this.sql.exec<Row>(MAILBOX_SQL.messagesBefore, threadId, before, threadId, limit) : this.sql.exec<Row>(MAILBOX_SQL.messagesPage, threadId, limit)
    ).toArray() as StoredMessage[];
    if (marked > 0) this.scheduleDrain();
    return { rows, marked, unreadTotal: mark ? this.unreadTotal(mark.hidden) : null };
  }

  /**
   * Stores a message of the owner and queues its copy for the recipient's mailbox; answers it
   * with the thread as the owner and as the recipient now see it (the recipient's unread count
   * is the owner's messages they have not read). A reply must quote a message of the thread.
   */
  send(input: OutgoingMessage): { message: StoredMessage; mine: StoredThread; theirs: StoredThread } | { error: 'replyElsewhere' } {
    const sql = this.sql;
    return this.ctx.storage.transactionSync(() => {
      if (input.replyTo && !this.hasMessage(input.threadId, input.replyTo)) return { error: 'replyElsewhere' as const };
      writes.ensureThread(this.sql, input.threadId, input.toId, input.now);
      const last = sql.exec<{ at: string | null }>('SELECT last_message_at AS at FROM threads WHERE id = ?', input.threadId).one().at;
      // After the thread's newest message, so messages sent within one millisecond keep their order.
      const at = new Date(Math.max(Date.parse(input.now), last ? Date.parse(last) + 1 : 0)).toISOString();
      const copy: writes.MessageCopy = {
        id: input.id,
        author_id: input.authorId,
        to_id: input.toId,
        body: input.body,
        reply_to_id: input.replyTo,
        read: input.read ? 1 : 0,
        created_at: at,
        deleted_at: null,
      };
      writes.storeMessage(this.sql, input.threadId, copy, input.files);
      writes.enqueue(this.sql, input.toId, { kind: 'message', threadId: input.threadId, message: copy, files: input.files });
      const mine = this.thread(input.threadId, [])!;
      const message = this.storedMessage(input.id)!;
      const unread = sql
        .exec<{ n: number }>('SELECT count(*) AS n FROM messages WHERE thread_id = ? AND author_id = ? AND read = 0 AND deleted_at IS NULL', input.threadId, input.authorId)
        .one().n;
      this.scheduleDrain();
      return { message, mine, theirs: { ...mine, other_id: input.authorId, t_unread: unread } };
    });
  }

  /** One message in StoredMessage's names. */
  private storedMessage(messageId: string): StoredMessage | null {
    const [row] = this.sql.exec<Row>(`SELECT ${MESSAGE_COLUMNS} FROM messages m ${QUOTED_JOIN} WHERE m.id = ?`, messageId).toArray();
    return (row as StoredMessage | undefined) ?? null;
  }

  /** A message as it is stored (moderation, reports, the deletion's checks). */
  message(messageId: string): StoredCopy | null {
    const [row] = this.sql
      .exec<StoredCopy>(
        'SELECT thread_id, author_id, to_id, body, deleted_at, created_at, (SELECT count(*) FROM files WHERE message_id = messages.id) AS files FROM messages WHERE id = ?',
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
        .exec<writes.MessageCopy & { thread_id: string; files: number }>(
          `SELECT m.*, (SELECT count(*) FROM files WHERE message_id = m.id) AS files FROM messages m WHERE m.id = ? AND m.author_id = ?`,
          messageId,
          authorId,
        )
        .toArray();
      if (!row) return null;
      const found = { thread_id: row.thread_id, to_id: row.to_id, body: row.body, files: row.files };
      if (row.deleted_at) return { ...found, already: true };
      const deleted: writes.MessageCopy = {
        id: row.id,
        author_id: row.author_id,
        to_id: row.to_id,
        body: '',
        reply_to_id: row.reply_to_id,
        read: row.read,
        created_at: row.created_at,
        deleted_at: at,
      };
      writes.applyDeletion(this.sql, row.thread_id, deleted);
      writes.enqueue(this.sql, row.to_id, { kind: 'deleted', threadId: row.thread_id, message: deleted });
      this.scheduleDrain();
      return { ...found, already: false };
    });
  }

  /** Applies changes from the other member's mailbox (`MemberInbox.flush`); idempotent. */
  apply(deliveries: writes.Delivery[]): void {
    this.ctx.storage.transactionSync(() => {
      for (const delivery of deliveries) writes.applyDelivery(this.sql, delivery);
    });
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
      const rows = this.sql
        .exec<{ seq: number; member_id: string; delivery: string }>(
          'SELECT seq, member_id, delivery FROM outbox WHERE seq NOT IN (SELECT value FROM json_each(?)) ORDER BY seq LIMIT 100',
          JSON.stringify([...this.delivered]),
        )
        .toArray();
      if (rows.length === 0) return 0;
      const byMember = new Map<string, typeof rows>();
      for (const row of rows) byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row]);
      const results = await Promise.allSettled(
        [...byMember].map(async ([memberId, list]) => {
          const other = this.env.INBOX_STORE.get(this.env.INBOX_STORE.idFromName(memberId));
          await other.apply(list.map((row) => JSON.parse(row.delivery) as writes.Delivery));
          for (const row of list) this.delivered.add(row.seq);
        }),
      );
      this.forgetDelivered();
      const failed = results.filter((result) => result.status === 'rejected');
      if (failed.length > 0) {
        console.error('inbox: changes for other mailboxes left for the retry', (failed[0] as PromiseRejectedResult).reason);
        return this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM outbox WHERE seq NOT IN (SELECT value FROM json_each(?))', JSON.stringify([...this.delivered])).one().n;
      }
    }
  }

  /**
   * Removes the delivered outbox rows after `flush` has answered: a write in it would hold the
   * answer until durable (the output gate). A row an eviction leaves is delivered again, harmlessly.
   */
  private forgetDelivered(): void {
    setTimeout(() => {
      const seqs = [...this.delivered];
      if (seqs.length === 0) return;
      this.sql.exec('DELETE FROM outbox WHERE seq IN (SELECT value FROM json_each(?))', JSON.stringify(seqs));
      for (const seq of seqs) this.delivered.delete(seq);
    }, 0);
  }

  /** Delivers what is waiting; while a mailbox keeps refusing, tries again twice as late each time (up to an hour). */
  async alarm(): Promise<void> {
    const waiting = await this.flush();
    const failures = waiting > 0 ? ((await this.ctx.storage.get<number>('failedDrains')) ?? 0) + 1 : 0;
    if (failures === 0) {
      await this.ctx.storage.delete('failedDrains');
      return;
    }
    await this.ctx.storage.put('failedDrains', failures);
    await this.ctx.storage.setAlarm(Date.now() + Math.min(RETRY_MS * 2 ** failures, RETRY_MAX_MS));
  }

  /** The members this mailbox has a thread with (account deletion). */
  others(): string[] {
    return this.sql
      .exec<{ other_id: string }>('SELECT other_id FROM threads ORDER BY other_id')
      .toArray()
      .map((row) => row.other_id);
  }

  /** A member erased (account deletion): their side of the threads here passes to the stand-in `newId` (mailbox-rows.ts). */
  replaceMember(oldId: string, newId: string): number {
    return this.ctx.storage.transactionSync(() => writes.replaceMember(this.sql, oldId, newId, `${STAND_IN_NAME.firstName} ${STAND_IN_NAME.lastName}`));
  }

  /** The owner's rows for the data export. */
  exportRows(ownerId: string): MailboxExport {
    return writes.exportRows(this.sql, ownerId);
  }

  /** Whether the mailbox holds no message (social sign-in's check for an account with content). */
  isEmpty(): boolean {
    return this.sql.exec('SELECT 1 FROM messages LIMIT 1').toArray().length === 0;
  }

  /** Erases the mailbox (the member's account deletion), leaving the empty tables for a late call. */
  async wipe(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.delivered.clear();
    this.migrate();
  }

  /** Bulk rows (development: the demo seed and the scale generator through the dev route); answers how many messages. */
  importRows(rows: MailboxImport): number {
    this.ctx.storage.transactionSync(() => writes.importRows(this.sql, rows));
    return rows.messages.length;
  }
}

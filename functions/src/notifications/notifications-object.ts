/**
 * One member's notifications (docs/decisions.md "Notifications live in one object per
 * member"): a SQLite-backed Durable Object named by the receiver's user id, reached through
 * the `notifications` port of Deps (notifications-binding.ts). It knows nothing of other members: who is
 * blocked or gone is D1's to say, and the callers hand the senders to leave out.
 *
 * Storing follows these rules (docs/decisions.md#notifications): a domain event (`eventId`) or an outbox delivery
 * (`deliveryId`) already applied stores nothing again; with `collapse`, the newest UNSEEN
 * notification of the same kind and refId takes the new sender, text, link and time.
 */
import { DurableObject } from 'cloudflare:workers';
import type { NotificationAnnounce, NotificationInput, StoredNotification } from '../ports/notifications';
import { migrateObjectSchema } from '../db/object-schema';
import type { MemberCard } from '../members/schemas';
import { toNotification } from './wire';

/** Bumped (with the statements in `migrate`) when the tables change. */
const SCHEMA_VERSION = 2;

const COLUMNS = 'id, sender_id, kind, title, body, link, ref_id, is_seen, event_id, created_at';

/** `sender_id` is null or not one of the JSON array `?` (the senders the caller leaves out). */
const SHOWN = '(sender_id IS NULL OR sender_id NOT IN (SELECT value FROM json_each(?)))';

/** How long the ids of applied events and deliveries are remembered (a retry comes within hours). */
const APPLIED_KEPT_MS = 30 * 24 * 3600 * 1000;

type Row = StoredNotification & Record<string, SqlStorageValue>;

export class MemberNotifications extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate(): void {
    migrateObjectSchema(this.ctx.storage.sql, SCHEMA_VERSION, [
      `CREATE TABLE IF NOT EXISTS notifications (
      id TEXT PRIMARY KEY, sender_id TEXT, kind TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, link TEXT, ref_id TEXT,
      is_seen INTEGER NOT NULL DEFAULT 0, event_id TEXT, created_at TEXT NOT NULL)`,
      // The list (newest first), the collapse and thread lookups (unseen by kind and ref), and a sender's rows.
      'CREATE INDEX IF NOT EXISTS notifications_created ON notifications (created_at, id)',
      'CREATE INDEX IF NOT EXISTS notifications_unseen ON notifications (kind, ref_id) WHERE is_seen = 0',
      'CREATE INDEX IF NOT EXISTS notifications_sender ON notifications (sender_id)',
      // The events and outbox deliveries already applied: a second one stores nothing.
      'CREATE TABLE IF NOT EXISTS applied (id TEXT PRIMARY KEY, at INTEGER NOT NULL)',
      // Version 2: the pruning of old ids reads a range, not the whole table.
      'CREATE INDEX IF NOT EXISTS applied_at ON applied (at)',
    ]);
  }

  private one(id: string): StoredNotification | null {
    return (this.ctx.storage.sql.exec<Row>(`SELECT ${COLUMNS} FROM notifications WHERE id = ?`, id).toArray()[0] as StoredNotification | undefined) ?? null;
  }

  /** Whether any of the ids was applied already; records them otherwise. */
  private seenBefore(ids: string[]): boolean {
    const sql = this.ctx.storage.sql;
    for (const id of ids) if (sql.exec('SELECT 1 FROM applied WHERE id = ?', id).toArray().length > 0) return true;
    const now = Date.now();
    for (const id of ids) sql.exec('INSERT INTO applied (id, at) VALUES (?, ?)', id, now);
    sql.exec('DELETE FROM applied WHERE at < ?', now - APPLIED_KEPT_MS);
    return false;
  }

  /** Stores a notification (see the file's comment); answers the row written, or null when nothing was. */
  store(input: NotificationInput): StoredNotification | null {
    return this.ctx.storage.transactionSync(() => {
      const keys = [input.eventId, input.deliveryId].filter((key): key is string => Boolean(key));
      if (this.seenBefore(keys)) return null;
      const sql = this.ctx.storage.sql;
      if (input.collapse) {
        const [same] = sql
          .exec<{ id: string }>('SELECT id FROM notifications WHERE kind = ? AND ref_id IS ? AND is_seen = 0 ORDER BY created_at DESC, id DESC LIMIT 1', input.kind, input.refId)
          .toArray();
        if (same) {
          sql.exec(
            'UPDATE notifications SET sender_id = ?, title = ?, body = ?, link = ?, created_at = ?, event_id = coalesce(?, event_id) WHERE id = ?',
            input.senderId,
            input.title,
            input.body,
            input.link,
            input.at,
            input.eventId ?? null,
            same.id,
          );
          return this.one(same.id);
        }
      }
      sql.exec(
        `INSERT INTO notifications (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
        input.id,
        input.senderId,
        input.kind,
        input.title,
        input.body,
        input.link,
        input.refId,
        input.eventId ?? null,
        input.at,
      );
      return this.one(input.id);
    });
  }

  /** The row `store` would write for `input` (null: nothing), read without writing. */
  private planned(input: NotificationInput): StoredNotification | null {
    const sql = this.ctx.storage.sql;
    for (const key of [input.eventId, input.deliveryId]) if (key && sql.exec('SELECT 1 FROM applied WHERE id = ?', key).toArray().length > 0) return null;
    const changed = { sender_id: input.senderId, title: input.title, body: input.body, link: input.link, created_at: input.at };
    if (input.collapse) {
      const [same] = sql
        .exec<Row>(`SELECT ${COLUMNS} FROM notifications WHERE kind = ? AND ref_id IS ? AND is_seen = 0 ORDER BY created_at DESC, id DESC LIMIT 1`, input.kind, input.refId)
        .toArray();
      if (same) return { ...(same as StoredNotification), ...changed, event_id: input.eventId ?? same.event_id };
    }
    return { id: input.id, kind: input.kind, ref_id: input.refId, is_seen: 0, event_id: input.eventId ?? null, ...changed };
  }

  /**
   * Stores, and sends the live `notification` event straight to the member's live object
   * (`userId`: this object's name), so the event leaves one call after the message's batch
   * rather than after a return to the worker. The event goes BEFORE the write: an object's
   * outgoing calls wait for its pending writes to be durable, and the notification is durable
   * already in the sender's D1 outbox row (a write that failed is delivered again, under the
   * same id: storeInputOf). Other calls wait meanwhile, so the row sent is the row written. A
   * failed event is logged; a failed write answers `written: false`, so the caller neither
   * deletes its outbox row nor announces a second time.
   */
  async storeAndAnnounce(userId: string, input: NotificationInput, announce: NotificationAnnounce): Promise<{ row: StoredNotification | null; written: boolean }> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const row = this.planned(input);
      const sender = announce.sender as MemberCard | null;
      const notification = row ? toNotification(row, userId, sender) : null;
      try {
        const live = this.env.LIVE.get(this.env.LIVE.idFromName(userId));
        await live.emit(
          'notification',
          { title: announce.title, body: announce.body, userSender: sender, notification } as never,
          // A stored notification only: with no tab open, the member's devices get it as a web push.
          row && announce.push ? { userId, note: announce.push } : undefined,
        );
      } catch (error) {
        console.error(`live: notification to ${userId} not delivered`, error);
      }
      try {
        return { row: this.store(input), written: true };
      } catch (error) {
        console.error(`notification ${input.id} to ${userId} announced but not written`, error);
        return { row: null, written: false };
      }
    });
  }

  /** One page, newest first, and how many there are, leaving out the `hidden` senders. */
  page(limit: number, offset: number, hidden: string[]): { rows: StoredNotification[]; total: number } {
    const sql = this.ctx.storage.sql;
    const ids = JSON.stringify(hidden);
    const rows = sql.exec<Row>(`SELECT ${COLUMNS} FROM notifications WHERE ${SHOWN} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, ids, limit, offset).toArray();
    const total = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM notifications WHERE ${SHOWN}`, ids).one().n;
    return { rows, total };
  }

  /** The unseen notifications counted by sender (null: the product's own), for the badge. */
  unseenBySender(): Array<{ senderId: string | null; n: number }> {
    return this.ctx.storage.sql
      .exec<{ senderId: string | null; n: number }>('SELECT sender_id AS senderId, count(*) AS n FROM notifications WHERE is_seen = 0 GROUP BY sender_id')
      .toArray();
  }

  /** Marks one seen; answers it as it is now (null: no such notification) and the unseen counts. */
  markSeen(id: string): { row: StoredNotification | null; unseen: Array<{ senderId: string | null; n: number }> } {
    this.ctx.storage.sql.exec('UPDATE notifications SET is_seen = 1 WHERE id = ? AND is_seen = 0', id);
    return { row: this.one(id), unseen: this.unseenBySender() };
  }

  /** Marks every one seen; answers how many changed (the count is then 0). */
  markAllSeen(): number {
    return this.ctx.storage.sql.exec('UPDATE notifications SET is_seen = 1 WHERE is_seen = 0 RETURNING id').toArray().length;
  }

  /** Marks the unseen ones of `kind` about `refId` seen (reading a thread sees its New Message); answers the unseen counts. */
  markRefSeen(kind: string, refId: string): Array<{ senderId: string | null; n: number }> {
    this.ctx.storage.sql.exec('UPDATE notifications SET is_seen = 1 WHERE kind = ? AND ref_id = ? AND is_seen = 0', kind, refId);
    return this.unseenBySender();
  }

  /** Replaces the body of the ones of `kind` about `refId` whose body is still `from` (a deleted message's quote). */
  rewriteBody(kind: string, refId: string, from: string, to: string): number {
    return this.ctx.storage.sql.exec('UPDATE notifications SET body = ? WHERE kind = ? AND ref_id = ? AND body = ? RETURNING id', to, kind, refId, from).toArray().length;
  }

  /** Deletes what the given senders sent (they deleted their accounts: D1 no longer knows them). */
  forgetSenders(senderIds: string[]): number {
    return this.ctx.storage.sql.exec('DELETE FROM notifications WHERE sender_id IN (SELECT value FROM json_each(?)) RETURNING id', JSON.stringify(senderIds)).toArray().length;
  }

  /** How many arrived after `since`, by kind and sender (the digest mail). */
  countsSince(since: string): Array<{ kind: string; senderId: string | null; n: number }> {
    return this.ctx.storage.sql
      .exec<{ kind: string; senderId: string | null; n: number }>(
        'SELECT kind, sender_id AS senderId, count(*) AS n FROM notifications WHERE created_at > ? GROUP BY kind, sender_id',
        since,
      )
      .toArray();
  }

  /** Every notification, oldest first (the data export). */
  all(): StoredNotification[] {
    return this.ctx.storage.sql.exec<Row>(`SELECT ${COLUMNS} FROM notifications ORDER BY created_at, id`).toArray();
  }

  /** Deletes everything the object holds (the member's account was deleted). */
  async wipe(): Promise<void> {
    await this.ctx.storage.deleteAll();
    // The instance may live on: the next call finds empty tables, not missing ones.
    this.migrate();
  }

  /** Bulk rows for development (the scale generator through the dev route); an id already held is skipped. */
  importRows(rows: StoredNotification[]): number {
    const sql = this.ctx.storage.sql;
    let written = 0;
    this.ctx.storage.transactionSync(() => {
      for (const row of rows) {
        written += sql
          .exec(
            `INSERT OR IGNORE INTO notifications (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            row.id,
            row.sender_id,
            row.kind,
            row.title,
            row.body,
            row.link,
            row.ref_id,
            row.is_seen ? 1 : 0,
            row.event_id,
            row.created_at,
          )
          .toArray().length;
      }
    });
    return written;
  }
}

/**
 * One member's profile views (docs/decisions.md "Profile views live in one object per
 * member"): a SQLite-backed Durable Object named by the member's user id, reached through
 * the `profileViews` port of Deps (profile-views-binding.ts). A view is kept on both sides: in the
 * viewed member's object (side `viewers`: who viewed me) and in the viewer's (side `viewed`:
 * what I viewed), one row per other member and UTC day. It knows nothing of other members:
 * who is blocked or gone is D1's to say, and the callers hand the members to leave out.
 */
import { DurableObject } from 'cloudflare:workers';
import type { ProfileViewSide, StoredProfileView } from '../ports/profile-views';
import { migrateObjectSchema } from '../db/object-schema';

/** Bumped (with the steps in `migrate`) when the tables change. */
const SCHEMA_VERSION = 1;

/** `member_id` is not one of the JSON array `?` (the members the caller leaves out). */
const SHOWN = 'member_id NOT IN (SELECT value FROM json_each(?))';

/** A later view the same day moves the time; a private one keeps the row private. */
const UPSERT = `INSERT INTO views (side, member_id, day, private, viewed_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (side, member_id, day) DO UPDATE SET viewed_at = max(viewed_at, excluded.viewed_at), private = max(private, excluded.private)`;

type Row = StoredProfileView & Record<string, SqlStorageValue>;

export class MemberProfileViews extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => this.migrate());
  }

  private migrate(): void {
    migrateObjectSchema(this.ctx.storage.sql, SCHEMA_VERSION, [
      `CREATE TABLE IF NOT EXISTS views (
      side TEXT NOT NULL CHECK (side IN ('viewers', 'viewed')), member_id TEXT NOT NULL, day TEXT NOT NULL,
      private INTEGER NOT NULL DEFAULT 0, viewed_at TEXT NOT NULL, PRIMARY KEY (side, member_id, day)) WITHOUT ROWID`,
      // Both lists and the digest's count read one side newest first within a window.
      'CREATE INDEX IF NOT EXISTS views_time ON views (side, viewed_at)',
    ]);
  }

  /** Records a view on one side at `at` (ISO), upserting the row of that member and UTC day. */
  record(side: ProfileViewSide, memberId: string, at: string, isPrivate: boolean): void {
    this.ctx.storage.sql.exec(UPSERT, side, memberId, at.slice(0, 10), isPrivate ? 1 : 0, at);
  }

  /** Who viewed this member since `since` (ISO), newest first, `limit` rows and the total; `hidden` left out. */
  viewers(since: string, hidden: string[], limit: number): { rows: StoredProfileView[]; total: number } {
    const sql = this.ctx.storage.sql;
    const skip = JSON.stringify(hidden);
    const rows = sql
      .exec<Row>(
        `SELECT side, member_id, day, private, viewed_at FROM views WHERE side = 'viewers' AND viewed_at >= ? AND ${SHOWN}
         ORDER BY viewed_at DESC, member_id LIMIT ?`,
        since,
        skip,
        limit,
      )
      .toArray();
    const total = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM views WHERE side = 'viewers' AND viewed_at >= ? AND ${SHOWN}`, since, skip).one().n;
    return { rows, total };
  }

  /** The members this member viewed since `since`, one row each at its latest view, newest first; `hidden` left out. */
  viewed(since: string, hidden: string[], limit: number): { rows: Array<{ member_id: string; viewed_at: string }>; total: number } {
    const sql = this.ctx.storage.sql;
    const skip = JSON.stringify(hidden);
    const rows = sql
      .exec<{ member_id: string; viewed_at: string }>(
        `SELECT member_id, max(viewed_at) AS viewed_at FROM views WHERE side = 'viewed' AND viewed_at >= ? AND ${SHOWN}
         GROUP BY member_id ORDER BY viewed_at DESC, member_id LIMIT ?`,
        since,
        skip,
        limit,
      )
      .toArray();
    const total = sql.exec<{ n: number }>(`SELECT count(DISTINCT member_id) AS n FROM views WHERE side = 'viewed' AND viewed_at >= ? AND ${SHOWN}`, since, skip).one().n;
    return { rows, total };
  }

  /** How many views of this member's profile came after `since` (private ones too): the digest. */
  countSince(since: string): number {
    return this.ctx.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM views WHERE side = 'viewers' AND viewed_at > ?`, since).one().n;
  }

  /** Every row, both sides, oldest first (the data export, account deletion). */
  all(): StoredProfileView[] {
    return this.ctx.storage.sql.exec<Row>('SELECT side, member_id, day, private, viewed_at FROM views ORDER BY viewed_at, side, member_id').toArray();
  }

  /** Removes every row about these members (an erased account, or the counterparts it has been taken out of). */
  forget(memberIds: string[]): void {
    this.ctx.storage.sql.exec('DELETE FROM views WHERE member_id IN (SELECT value FROM json_each(?))', JSON.stringify(memberIds));
  }

  /** Erases the object's storage (the member's account deletion), leaving the empty tables for a late call. */
  async wipe(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.migrate();
  }

  /** Bulk upsert (development: the demo seed and the scale generator through the dev route); answers how many rows. */
  importRows(rows: StoredProfileView[]): number {
    this.ctx.storage.transactionSync(() => {
      for (const row of rows) this.ctx.storage.sql.exec(UPSERT, row.side, row.member_id, row.day, row.private ? 1 : 0, row.viewed_at);
    });
    return rows.length;
  }
}

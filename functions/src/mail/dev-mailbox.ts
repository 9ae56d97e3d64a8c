/**
 * The development mailbox: in development every mail lands in the dev_mail table, and
 * GET /dev/mailbox shows it, so sign-up and password reset work with no mail account.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { devMail } from '../db/schema';
import type { Mailer } from './mailer';

/** A Mailer that stores messages in dev_mail. */
export function devMailbox(db: Db, clock: Clock): Mailer {
  return {
    async send({ to, subject, text, html, headers }) {
      await db
        .insert(devMail)
        .values({ id: newId(), toAddress: to.trim().toLowerCase(), subject, text, html, headers: JSON.stringify(headers ?? {}), createdAt: clock.now().toISOString() });
    },
  };
}

export type StoredMail = { _id: string; to: string; subject: string; text: string; html: string; headers: Record<string, string>; createdAt: string };

const LATEST_LIMIT = 50;
// Mails stored within the same millisecond keep their insertion order through the rowid.
const newestFirst = [desc(devMail.createdAt), desc(sql`rowid`)];

/** Stored mail newest first: all of it for one address, or the latest 50 of everyone's. */
export async function listDevMail(db: Db, to?: string): Promise<StoredMail[]> {
  const query = db.select().from(devMail).$dynamic();
  const rows = to ? await query.where(eq(devMail.toAddress, to.trim().toLowerCase())).orderBy(...newestFirst) : await query.orderBy(...newestFirst).limit(LATEST_LIMIT);
  return rows.map((row) => ({
    _id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: JSON.parse(row.headers) as Record<string, string>,
    createdAt: row.createdAt,
  }));
}

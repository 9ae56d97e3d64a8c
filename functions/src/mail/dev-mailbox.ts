/**
 * The development mailbox: in development every mail lands in the dev_mail table, and
 * GET /dev/mailbox shows it, so sign-up and password reset work with no mail account. Each
 * message lists its attachments (name, type, size); GET /dev/mailbox/{id}/attachments/{index}
 * answers one as the file, so a test downloads a calendar invitation as a person would.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { devMail } from '../db/schema';
import type { MailAttachment, Mailer } from './mailer';

/** A Mailer that stores messages in dev_mail. */
export function devMailbox(db: Db, clock: Clock): Mailer {
  return {
    async send({ to, subject, text, html, headers, attachments }) {
      await db.insert(devMail).values({
        id: newId(),
        toAddress: to.trim().toLowerCase(),
        subject,
        text,
        html,
        headers: JSON.stringify(headers ?? {}),
        attachments: JSON.stringify(attachments ?? []),
        createdAt: clock.now().toISOString(),
      });
    },
  };
}

/** An attachment as the mailbox lists it; `index` names it in the download path. */
export type StoredAttachment = { index: number; filename: string; contentType: string; size: number };

export type StoredMail = {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: StoredAttachment[];
  createdAt: string;
};

const attachmentsOf = (json: string) => JSON.parse(json) as MailAttachment[];

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
    attachments: attachmentsOf(row.attachments).map((file, index) => ({
      index,
      filename: file.filename,
      contentType: file.contentType,
      size: new TextEncoder().encode(file.content).length,
    })),
    createdAt: row.createdAt,
  }));
}

/** One attachment of a stored mail, or null when the mail or the index is not there. */
export async function devMailAttachment(db: Db, id: string, index: number): Promise<MailAttachment | null> {
  const [row] = await db.select({ attachments: devMail.attachments }).from(devMail).where(eq(devMail.id, id));
  return row ? (attachmentsOf(row.attachments)[index] ?? null) : null;
}

/**
 * The member's verification for the export (verification/): their badges, each way with the
 * address proved and whether an administrator withdrew it, and a work code waiting (its
 * address and times; the code's hash is not the member's data and stays out).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberVerifications, workEmailCodes } from '../db/schema';

export type VerificationRows = {
  memberVerifications: (typeof memberVerifications.$inferSelect)[];
  workEmailCodes: { email: string; sentAt: string; expiresAt: string }[];
};

/** The member's verification rows. */
export async function verificationRows(db: Db, userId: string): Promise<VerificationRows> {
  const [badges, codes] = await db.batch([
    db.select().from(memberVerifications).where(eq(memberVerifications.userId, userId)).orderBy(asc(memberVerifications.verifiedAt)),
    db.select({ email: workEmailCodes.email, sentAt: workEmailCodes.sentAt, expiresAt: workEmailCodes.expiresAt }).from(workEmailCodes).where(eq(workEmailCodes.userId, userId)),
  ]);
  return { memberVerifications: badges, workEmailCodes: codes };
}

/** verification.json: each way's badge and a code waiting. */
export function verificationDocument(rows: VerificationRows) {
  return {
    badges: rows.memberVerifications.map((row) => ({ method: row.method, email: row.email, domain: row.domain, verifiedAt: row.verifiedAt, withdrawnAt: row.withdrawnAt })),
    pendingCode: rows.workEmailCodes[0] ?? null,
  };
}

/**
 * Consent records (migration 0035): what a member agreed to, when, and to which version
 * (versions.ts). Rows are only added; the latest of a kind is the answer now. The writes
 * answer statements, so that a consent joins the change that gives it in one D1 batch.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { BatchStatement } from '../db/batch';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type consentSources, consents, type ConsentRow } from '../db/schema';
import type { Clock } from '../clock';
import { CONSENT_VERSIONS, type ConsentKind } from './versions';

export type ConsentSource = (typeof consentSources)[number];

/** The statement that records the member's answer for `kind` now, to its current version. */
export function recordConsent(db: Db, clock: Clock, userId: string, kind: ConsentKind, granted: boolean, source: ConsentSource): BatchStatement {
  return db.insert(consents).values({ id: newId(), userId, kind, version: CONSENT_VERSIONS[kind], granted, source, createdAt: clock.now().toISOString() });
}

/**
 * The statements of a new account's consents: the terms and the privacy policy (a condition
 * of the account), and the digest as the member chose it. Without the opt-in the digest is
 * set to `off` (push/preferences.ts reads a missing row as the weekly default, which members
 * from before the opt-in had agreed to).
 */
export function registrationConsents(db: Db, clock: Clock, userId: string, digest: boolean, source: ConsentSource): BatchStatement[] {
  const statements = [
    recordConsent(db, clock, userId, 'terms', true, source),
    recordConsent(db, clock, userId, 'privacy', true, source),
    recordConsent(db, clock, userId, 'digest', digest, source),
  ];
  if (!digest) {
    statements.push(sql`INSERT INTO notification_settings (user_id, digest, updated_at) VALUES (${userId}, 'off', ${clock.now().toISOString()})
      ON CONFLICT (user_id) DO UPDATE SET digest = 'off', updated_at = excluded.updated_at`);
  }
  return statements;
}

/** The member's consent records, oldest first (the data export; tests). */
export function consentsOf(db: Db, userId: string): Promise<ConsentRow[]> {
  return db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.createdAt), asc(consents.kind));
}

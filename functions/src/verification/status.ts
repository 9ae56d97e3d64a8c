/**
 * A member's verification as they see it in settings. The badge every member card carries is
 * read by members/verified-badge.ts (in the card's own query).
 */
import { eq } from 'drizzle-orm';
import { memberVerifications, workEmailCodes } from '../db/schema';
import type { Deps } from '../deps';
import { badgeOf } from '../members/verified-badge';
import type { VerifiedBadge } from '../shared/verification-messages';

export type VerificationStatus = {
  badge: VerifiedBadge | null;
  linkedin: { verified: boolean; withdrawn: boolean };
  work: { verified: boolean; withdrawn: boolean; email: string | null; domain: string | null };
  pending: { email: string; expiresAt: string } | null;
};

/** The member's verifications and the code waiting, if any (an expired code is no longer waiting). */
export async function verificationStatus(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<VerificationStatus> {
  const [rows, codes] = await Promise.all([
    deps.db.select().from(memberVerifications).where(eq(memberVerifications.userId, userId)),
    deps.db.select().from(workEmailCodes).where(eq(workEmailCodes.userId, userId)),
  ]);
  const linkedin = rows.find((row) => row.method === 'linkedin');
  const work = rows.find((row) => row.method === 'work');
  const code = codes[0];
  const live = (row: typeof linkedin) => Boolean(row && !row.withdrawnAt);
  return {
    badge: badgeOf(live(linkedin) ? 1 : 0, live(work) ? (work?.domain ?? null) : null),
    linkedin: { verified: live(linkedin), withdrawn: Boolean(linkedin?.withdrawnAt) },
    work: { verified: live(work), withdrawn: Boolean(work?.withdrawnAt), email: live(work) ? (work?.email ?? null) : null, domain: live(work) ? (work?.domain ?? null) : null },
    pending: code && code.expiresAt > deps.clock.now().toISOString() ? { email: code.email, expiresAt: code.expiresAt } : null,
  };
}

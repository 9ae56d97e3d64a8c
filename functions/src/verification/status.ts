/**
 * A member's verification as they see it in settings, and the badge every member card
 * carries (members/cards.ts reads BADGE_COLUMNS in the card's own query).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { memberVerifications, workEmailCodes } from '../db/schema';
import type { Deps } from '../deps';
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

/**
 * The badge columns of a member card's query (the user is `u`): two primary-key probes.
 * `v_linkedin` 1 when LinkedIn is linked, `v_domain` the proved work domain; withdrawn ones read as none.
 */
export const BADGE_COLUMNS = [
  "(SELECT count(*) FROM member_verifications v WHERE v.user_id = u.id AND v.method = 'linkedin' AND v.withdrawn_at IS NULL) AS v_linkedin",
  "(SELECT v.domain FROM member_verifications v WHERE v.user_id = u.id AND v.method = 'work' AND v.withdrawn_at IS NULL) AS v_domain",
].join(', ');

/** The badge of the two columns, null when the member is verified neither way. */
export function badgeOf(linkedin: number | null, domain: string | null): VerifiedBadge | null {
  return linkedin || domain ? { linkedin: Boolean(linkedin), workDomain: domain } : null;
}

/** The badge of one member (a profile page's), null when none. */
export async function badgeFor(deps: Pick<Deps, 'db'>, userId: string): Promise<VerifiedBadge | null> {
  const rows = await deps.db
    .select()
    .from(memberVerifications)
    .where(and(eq(memberVerifications.userId, userId), isNull(memberVerifications.withdrawnAt)));
  return badgeOf(rows.some((row) => row.method === 'linkedin') ? 1 : 0, rows.find((row) => row.method === 'work')?.domain ?? null);
}

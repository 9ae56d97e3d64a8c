/**
 * The verified badge as members see it on cards and profiles (docs/product.md "Verified
 * members"): read from member_verifications, which verification/ writes. Here, not there, so
 * members/cards.ts reads it without importing the verification folder (which builds on members).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { memberVerifications } from '../db/schema';
import type { Deps } from '../deps';
import type { VerifiedBadge } from '../shared/verification-messages';

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

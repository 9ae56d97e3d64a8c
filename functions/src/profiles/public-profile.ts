/**
 * GET /founder/profile?slug and GET /advisor/profile?slug: a public profile, read by
 * anyone. A member who has not finished onboarding or whose deletion is pending is visible
 * only to themself, and a member who blocked the viewer does not exist for them. A signed-in member opening
 * someone else's profile leaves a profile view, unless the read is a prefetch (`recordView` false).
 */
import { eq } from 'drizzle-orm';
import { blockBetween } from '../members/blocks';
import { isListedMember } from '../members/listed';
import type { Deps } from '../deps';
import { advisors, founders, users } from '../db/schema';
import { ApiError } from '../errors';
import type { MemberType } from '../users/schemas';
import type { Account } from '../users/wire';
import { toAdvisorDetails, toFounderDetails } from './details';
import { PROFILE_MESSAGES as M } from './messages';
import type { AdvisorDetails, FounderDetails } from './schemas';
import { recordView } from './views';
import { badgeFor } from '../members/verified-badge';

type Details<T extends MemberType> = T extends 'founder' ? FounderDetails : AdvisorDetails;

async function findBySlug(deps: Pick<Deps, 'db'>, memberType: MemberType, slug: string) {
  if (memberType === 'founder') {
    const [row] = await deps.db.select({ user: users, record: founders }).from(founders).innerJoin(users, eq(users.id, founders.userId)).where(eq(founders.slug, slug)).limit(1);
    return row && { user: row.user, details: toFounderDetails(row.user, row.record) };
  }
  const [row] = await deps.db.select({ user: users, record: advisors }).from(advisors).innerJoin(users, eq(users.id, advisors.userId)).where(eq(advisors.slug, slug)).limit(1);
  return row && { user: row.user, details: toAdvisorDetails(row.user, row.record) };
}

/** The profile with this slug as `viewer` (null: a visitor) may see it; records the view unless told not to. */
export async function publicProfile<T extends MemberType>(
  deps: Pick<Deps, 'db' | 'clock' | 'profileViews'>,
  memberType: T,
  slug: string,
  viewer: Account | null,
  { recordsView = true }: { recordsView?: boolean } = {},
): Promise<Details<T>> {
  const found = await findBySlug(deps, memberType, slug);
  if (!found) throw new ApiError(404, M.profileNotFound);
  const self = viewer?.user.id === found.user.id;
  if (!found.user.onboarded && !self) throw new ApiError(404, M.profileNotFound);
  // A member whose deletion is pending is gone for everyone else until they withdraw it.
  if (!self && !(await isListedMember(deps, found.user.id))) throw new ApiError(404, M.profileNotFound);
  if (viewer && !self) {
    const { viewerBlocked, theyBlocked } = await blockBetween(deps, viewer.user.id, found.user.id);
    if (theyBlocked) throw new ApiError(404, M.profileNotFound);
    // Looking up someone you blocked (to unblock them) is not a visit worth telling them about.
    if (!viewerBlocked && recordsView) await recordView(deps, viewer.user, found.user.id);
  }
  return { ...found.details, verified: await badgeFor(deps, found.user.id) } as Details<T>;
}

/**
 * Rows → the wire User of ./schemas.ts, the shape docs/product.md#accounts-and-sign-in names (`_id`, `profile`,
 * `advisor`, `founder.premium`, `role.type`, …).
 */
import type { AdvisorRow, FounderRow, UserRow } from '../db/schema';
import type { Advisor, FounderProfile, MediaRef, User } from './schemas';

/** A user with the founder or advisor record that goes with its member type. */
export type Account = { user: UserRow; founder: FounderRow | null; advisor: AdvisorRow | null };

function mediaRef(url: string | null): MediaRef | null {
  return url ? { url } : null;
}

/** The founder profile on the wire. */
export function toFounderProfile(row: FounderRow): FounderProfile {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    tagline: row.tagline,
    slug: row.slug,
    profilePicture: mediaRef(row.profilePictureUrl),
    profileBanner: mediaRef(row.profileBannerUrl),
  };
}

/** The advisor record on the wire. */
export function toAdvisor(row: AdvisorRow): Advisor {
  return {
    _id: row.id,
    name: row.name,
    position: row.position,
    slug: row.slug,
    profilePicture: mediaRef(row.profilePictureUrl),
    profileBanner: mediaRef(row.profileBannerUrl),
  };
}

/** The User every auth route answers. */
export function toWireUser({ user, founder, advisor }: Account): User {
  return {
    _id: user.id,
    email: user.email,
    phone: user.phone,
    firstName: user.firstName,
    lastName: user.lastName,
    memberType: user.memberType,
    userRole: user.userRole,
    role: { type: user.roleType },
    onboarded: user.onboarded,
    emailVerified: user.emailVerified,
    refreshToken: null,
    profile: founder ? toFounderProfile(founder) : null,
    advisor: advisor ? toAdvisor(advisor) : null,
    founder: founder ? { premium: founder.premium } : null,
    createdAt: user.createdAt,
  };
}

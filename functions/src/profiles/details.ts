/**
 * Rows → the full profiles of the wire (FounderDetails, AdvisorDetails): the docs/product.md#profiles
 * fields plus the matching fields, with list columns narrowed to today's vocabulary so
 * a key retired later never breaks an answer.
 */
import { rowIsPremium } from '../premium/entitlements';
import type { AdvisorRow, FounderRow, UserRow } from '../db/schema';
import { toAdvisor, toFounderProfile, type Account } from '../users/wire';
import type { AdvisorDetails, CofounderPreferences, FounderDetails, ProfileDetails } from './schemas';
import { ENGAGEMENTS, EXPERTISE, HELP_STAGES, HELP_TYPES, INDUSTRIES, RESPONSIBILITIES, SKILLS } from '../shared/profile-vocabulary';

/** The values of a stored list that are keys of the vocabulary, in their stored order. */
function known<K extends string>(values: readonly string[], vocabulary: Record<K, string>): K[] {
  return values.filter((value): value is K => Object.hasOwn(vocabulary, value));
}

function image(url: string | null, alt: string | null) {
  return url ? { url, alt } : null;
}

/** The fields both profiles add to their docs/product.md#profiles record (pictures gain their alt texts). */
function common(user: UserRow, row: FounderRow | AdvisorRow) {
  return {
    userId: user.id,
    bio: row.bio,
    industries: known(row.industries, INDUSTRIES),
    city: row.cityId !== null && row.cityName ? { id: row.cityId, label: row.cityName } : null,
    openToRemote: row.openToRemote,
    links: row.links,
    profilePicture: image(row.profilePictureUrl, row.profilePictureAlt),
    profileBanner: image(row.profileBannerUrl, row.profileBannerAlt),
    searchIndexing: user.searchIndexing,
    premium: rowIsPremium(user.roleType, 'premium' in row ? row.premium : null),
    joinedAt: user.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The founder profile of GET /founder/profile. */
export function toFounderDetails(user: UserRow, row: FounderRow): FounderDetails {
  return {
    ...toFounderProfile(row),
    ...common(user, row),
    memberType: 'founder',
    technical: row.isTechnical,
    skills: known(row.skills, SKILLS),
    commitment: row.commitment,
    ideaStage: row.ideaStage,
    interests: row.interests,
    lookingForCofounder: row.lookingForCofounder,
    cofounderPreferences: row.cofounderPreferences as CofounderPreferences,
    startupName: row.startupName,
    startupWebsite: row.startupWebsite,
    builtSoFar: row.builtSoFar,
    takesRoles: known(row.takesRoles, RESPONSIBILITIES),
    wantsRoles: known(row.wantsRoles, RESPONSIBILITIES),
    equity: row.equity,
    fullTime: row.fullTime,
    hoursPerWeek: row.hoursPerWeek,
  };
}

/** The advisor profile of GET /advisor/profile. */
export function toAdvisorDetails(user: UserRow, row: AdvisorRow): AdvisorDetails {
  return {
    ...toAdvisor(row),
    ...common(user, row),
    memberType: 'advisor',
    expertise: known(row.expertise, EXPERTISE),
    yearsExperience: row.yearsExperience,
    experience: row.experience,
    helpTypes: known(row.helpTypes, HELP_TYPES),
    engagements: known(row.engagements, ENGAGEMENTS),
    helpStages: known(row.helpStages, HELP_STAGES),
  };
}

/** The profile of an account, whichever its member type. */
export function toProfileDetails({ user, founder, advisor }: Account): ProfileDetails {
  if (founder) return toFounderDetails(user, founder);
  if (advisor) return toAdvisorDetails(user, advisor);
  throw new Error(`user ${user.id} has no founder or advisor record`);
}

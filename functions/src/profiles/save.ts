/**
 * Saving a profile from its validated form: onboarding (which also marks the member
 * onboarded and drops the draft) and later edits from settings. The profile row, the
 * user's names, the draft and the search rows change in one D1 batch; pictures go to R2
 * first and are removed again when the batch fails, replaced ones once it succeeded.
 */
import { eq } from 'drizzle-orm';
import { findCity } from '../cities/repository';
import type { Deps } from '../deps';
import { advisors, founders, onboardingDrafts, users, type AdvisorRow, type FounderRow, type UserRow } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import { deleteImages, storeImage } from '../media/image-store';
import type { MemberType, User } from '../users/schemas';
import { toWireUser, type Account } from '../users/wire';
import { toProfileDetails } from './details';
import { indexStatements } from './index-rows';
import { PROFILE_MESSAGES as M } from './messages';
import { IMAGE_FIELDS, type ImageField } from './image-fields';
import type { AdvisorFields, FounderFields } from './openapi';
import type { CurrentImages, ProfileForm } from './profile-form';
import type { ProfileDetails } from './schemas';

/** What saving needs: the database, the clock and the media bucket. */
export type ProfileDeps = Pick<Deps, 'db' | 'clock'> & { media: R2Bucket };

export type SaveMode = 'onboarding' | 'edit';

export type SavedProfile = { user: User; profile: ProfileDetails };

/** The profile record of an account (founder or advisor). */
export function profileRecord({ founder, advisor }: Account): FounderRow | AdvisorRow {
  const record = founder ?? advisor;
  if (!record) throw new Error('account without a profile record');
  return record;
}

/** The pictures the account's profile has now. */
export function currentImages(account: Account): CurrentImages {
  const record = profileRecord(account);
  return {
    profilePicture: { url: record.profilePictureUrl, alt: record.profilePictureAlt },
    profileBanner: { url: record.profileBannerUrl, alt: record.profileBannerAlt },
  };
}

/**
 * Only the member's own type may use a form, and settings only once onboarded. Checked
 * before the form is read, so a refused request costs no image work.
 */
export function assertCanSave(account: Account, memberType: MemberType, mode: SaveMode): void {
  if (account.user.memberType !== memberType) throw new ApiError(403, M.wrongMemberType(account.user.memberType));
  if (mode === 'edit' && !account.user.onboarded) throw new ApiError(409, M.onboardFirst);
}

/** The city id and label the profile keeps; the label stays when the city is unchanged. */
async function resolveCity(deps: Pick<Deps, 'db'>, cityId: number | null, record: FounderRow | AdvisorRow) {
  if (cityId === null) return { cityId: null, cityName: null };
  if (cityId === record.cityId && record.cityName) return { cityId, cityName: record.cityName };
  const city = await findCity(deps, cityId);
  if (!city) throw invalidFields({ cityId: M.unknownCity });
  return { cityId, cityName: city.label };
}

type ImageColumn = (typeof IMAGE_FIELDS)[ImageField]['url' | 'altColumn'];
type StoredImages = { columns: Partial<Record<ImageColumn, string | null>>; added: string[]; replaced: (string | null)[] };

/** Uploads the new pictures; answers the columns to set and the paths added and replaced. */
async function storeImages(deps: ProfileDeps, record: FounderRow | AdvisorRow, images: ProfileForm<unknown>['images']): Promise<StoredImages> {
  const stored: StoredImages = { columns: {}, added: [], replaced: [] };
  try {
    for (const field of Object.keys(IMAGE_FIELDS) as ImageField[]) {
      const change = images[field];
      const { url, altColumn, folder } = IMAGE_FIELDS[field];
      if (change.upload) {
        const path = await storeImage(deps.media, folder, change.upload);
        stored.added.push(path);
        stored.columns[url] = path;
        stored.replaced.push(record[url]);
      } else if (change.remove) {
        stored.columns[url] = null;
        stored.replaced.push(record[url]);
      }
      stored.columns[altColumn] = change.alt;
    }
  } catch (error) {
    await deleteImages(deps.media, stored.added);
    throw error;
  }
  return stored;
}

/** The user row's names: a founder's own; an advisor's single name split at its first space. */
function userNames(fields: FounderFields | AdvisorFields): Pick<UserRow, 'firstName' | 'lastName'> {
  if ('firstName' in fields) return { firstName: fields.firstName, lastName: fields.lastName };
  const [first, ...rest] = fields.name.split(/\s+/);
  return { firstName: first!, lastName: rest.join(' ') };
}

/** The founders columns a founder form sets. */
export function founderColumns(fields: FounderFields) {
  const { technical, ...rest } = fields;
  return {
    firstName: rest.firstName,
    lastName: rest.lastName,
    tagline: rest.tagline,
    bio: rest.bio,
    isTechnical: technical,
    skills: rest.skills,
    commitment: rest.commitment,
    ideaStage: rest.ideaStage,
    industries: rest.industries,
    interests: rest.interests,
    openToRemote: rest.openToRemote,
    links: rest.links,
    lookingForCofounder: rest.lookingForCofounder,
    cofounderPreferences: rest.cofounderPreferences,
    startupName: rest.startupName,
    startupWebsite: rest.startupWebsite,
    builtSoFar: rest.builtSoFar,
    takesRoles: rest.takesRoles,
    wantsRoles: rest.wantsRoles,
    equity: rest.equity,
    fullTime: rest.fullTime,
    hoursPerWeek: rest.hoursPerWeek,
  };
}

/** The advisors columns an advisor form sets. */
export function advisorColumns(fields: AdvisorFields) {
  const { name, position, bio, expertise, industries, yearsExperience, experience, helpTypes, openToRemote, links, engagements, helpStages } = fields;
  return { name, position, bio, expertise, industries, yearsExperience, experience, helpTypes, openToRemote, links, engagements, helpStages };
}

/**
 * Saves the member's profile from a validated form and answers the user and the full
 * profile. The slug never changes: a new name keeps the address members shared.
 */
export async function saveProfile(deps: ProfileDeps, account: Account, form: ProfileForm<FounderFields | AdvisorFields>, mode: SaveMode): Promise<SavedProfile> {
  assertCanSave(account, account.user.memberType, mode);
  const record = profileRecord(account);
  const now = deps.clock.now().toISOString();
  const city = await resolveCity(deps, form.fields.cityId, record);
  const images = await storeImages(deps, record, form.images);
  const fields = form.fields;
  const user: UserRow = { ...account.user, ...userNames(fields), onboarded: account.user.onboarded || mode === 'onboarding', updatedAt: now };
  const changes = { ...city, ...images.columns, updatedAt: now };
  const founderChanges = 'firstName' in fields ? { ...founderColumns(fields), ...changes } : null;
  const advisorChanges = 'name' in fields ? { ...advisorColumns(fields), ...changes } : null;
  const saved: Account = {
    user,
    founder: founderChanges && { ...account.founder!, ...founderChanges },
    advisor: advisorChanges && { ...account.advisor!, ...advisorChanges },
  };
  try {
    await deps.db.batch([
      founderChanges
        ? deps.db.update(founders).set(founderChanges).where(eq(founders.id, record.id))
        : deps.db.update(advisors).set(advisorChanges!).where(eq(advisors.id, record.id)),
      deps.db.update(users).set({ firstName: user.firstName, lastName: user.lastName, onboarded: user.onboarded, updatedAt: now }).where(eq(users.id, user.id)),
      ...(mode === 'onboarding' ? [deps.db.delete(onboardingDrafts).where(eq(onboardingDrafts.userId, user.id))] : []),
      ...indexStatements(deps.db, saved),
    ]);
  } catch (error) {
    await deleteImages(deps.media, images.added);
    throw error;
  }
  // The profile is saved: a replaced file that cannot be deleted now is only wasted space.
  await deleteImages(deps.media, images.replaced).catch((error) => console.error('deleting replaced profile images failed:', error));
  return { user: toWireUser(saved), profile: toProfileDetails(saved) };
}

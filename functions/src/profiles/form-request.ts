/**
 * The handler side of the profile forms: read the multipart body, check who may save,
 * validate, save. Kept apart from the routes so that each route stays one line.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../http/context';
import { readFormBody } from '../http/forms';
import type { MemberType } from '../users/schemas';
import { PROFILE_MESSAGES as M } from './messages';
import { readProfileForm } from './profile-form';
import { assertCanSave, currentImages, saveProfile, type SaveMode } from './save';
import type { SavedAdvisorProfile, SavedFounderProfile } from './schemas';

type Saved<T extends MemberType> = T extends 'founder' ? SavedFounderProfile : SavedAdvisorProfile;

/** Saves the signed-in member's profile from the request's form. */
export async function saveFromForm<T extends MemberType>(c: Context<AppEnv>, memberType: T, mode: SaveMode): Promise<Saved<T>> {
  const account = c.get('account');
  assertCanSave(account, memberType, mode);
  const form = await readProfileForm(await readFormBody(c, M.multipartOnly), memberType as MemberType, currentImages(account));
  // The member type was checked above, so the profile answered is of that type.
  return (await saveProfile({ ...c.get('deps'), media: c.env.MEDIA }, account, form, mode)) as Saved<T>;
}

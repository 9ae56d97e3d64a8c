/**
 * The multipart body of POST /founder/onboarding, POST /advisor/onboarding and the
 * PUT …/profile edits: text fields trimmed, lists as the key repeated, booleans as
 * 'true'/'false', the structured fields as JSON strings, and the chosen files.
 */
import type { ProfileForm } from './form-model';
import { preferencesFromForm } from './form-model';
import { filledLinks } from './validation';

export interface ImageFiles {
  profilePicture?: Blob | null;
  profileBanner?: Blob | null;
}

export interface MultipartOptions {
  files?: ImageFiles;
  /** On edit: drop the saved picture / banner (ignored when a new file replaces it). */
  remove?: { profilePicture?: boolean; profileBanner?: boolean };
}

/** The form as the multipart body the API reads. */
export function profileFormData(form: ProfileForm, { files = {}, remove = {} }: MultipartOptions = {}): FormData {
  const body = new FormData();
  const text = (name: string, value: string) => body.append(name, value.trim());
  const list = (name: string, values: readonly string[]) => values.forEach((value) => body.append(name, value));
  const flag = (name: string, value: boolean) => body.append(name, value ? 'true' : 'false');

  if (form.memberType === 'founder') {
    text('firstName', form.firstName);
    text('lastName', form.lastName);
    text('tagline', form.tagline);
    if (form.technical !== '') flag('technical', form.technical === 'yes');
    list('skills', form.skills);
    if (form.commitment) body.append('commitment', form.commitment);
    if (form.ideaStage) body.append('ideaStage', form.ideaStage);
    list('interests', form.interests.map((interest) => interest.trim()).filter(Boolean));
    flag('lookingForCofounder', form.lookingForCofounder);
    // A founder not looking keeps no criteria: nothing to filter or weigh.
    body.append('cofounderPreferences', JSON.stringify(form.lookingForCofounder ? preferencesFromForm(form.cofounderPreferences) : {}));
    text('startupName', form.startupName);
    text('startupWebsite', form.startupWebsite);
    text('builtSoFar', form.builtSoFar);
    list('takesRoles', form.takesRoles);
    list('wantsRoles', form.wantsRoles);
    if (form.equity) body.append('equity', form.equity);
    if (form.fullTime) body.append('fullTime', form.fullTime);
    if (form.hoursPerWeek.trim() !== '') text('hoursPerWeek', form.hoursPerWeek);
  } else {
    text('name', form.name);
    text('position', form.position);
    list('expertise', form.expertise);
    if (form.yearsExperience.trim() !== '') text('yearsExperience', form.yearsExperience);
    text('experience', form.experience);
    list('helpTypes', form.helpTypes);
    list('engagements', form.engagements);
    list('helpStages', form.helpStages);
  }

  text('bio', form.bio);
  list('industries', form.industries);
  if (form.city) body.append('cityId', String(form.city.id));
  flag('openToRemote', form.openToRemote);
  body.append('links', JSON.stringify(filledLinks(form.links).map((link) => ({ label: link.label.trim(), url: link.url.trim() }))));

  for (const [field, altField] of [
    ['profilePicture', 'profilePictureAlt'],
    ['profileBanner', 'profileBannerAlt'],
  ] as const) {
    const file = files[field];
    if (file) body.append(field, file, file instanceof File ? file.name : field);
    else if (remove[field]) body.append(field === 'profilePicture' ? 'removeProfilePicture' : 'removeProfileBanner', 'true');
    if (form[altField].trim() !== '' || file) text(altField, form[altField]);
  }
  return body;
}

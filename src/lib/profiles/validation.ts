/**
 * The profile forms' checks, mirroring the API's (same limits, from PROFILE_LIMITS) so a
 * member hears about a problem on the step where they made it. The server still decides:
 * its field errors are shown the same way (see steps.ts).
 * Errors are keyed by form field; nested ones are dotted (`links.1.url`).
 */
import { PROFILE_LIMITS as L } from '@api/shared/profile-vocabulary';
import type { AdvisorForm, FounderForm, LinkValue, ProfileForm } from './form-model';
import { PREFERENCE_KEYS } from './form-model';
import { overLimitReason } from '../text/limits';
import { stepsFor, type StepKey } from './steps';

export type FieldErrors = Record<string, string>;

/** What the form knows about a picture or banner the member chose (files stay out of the form). */
export interface ImageChoice {
  /** A new file is chosen. */
  chosen: boolean;
  /** The saved image stays (settings: there is one and it is not being removed). */
  kept?: boolean;
  /** What the client check found wrong with it (type, size, dimensions), if anything. */
  problem: string | null;
}
export interface ImageChoices {
  profilePicture: ImageChoice;
  profileBanner: ImageChoice;
}

export const NO_IMAGES: ImageChoices = {
  profilePicture: { chosen: false, problem: null },
  profileBanner: { chosen: false, problem: null },
};

/** What each limited text field is called in its over-limit reason ("Your bio is…"). */
const TEXT_NOUN: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  name: 'name',
  tagline: 'tagline',
  position: 'position',
  bio: 'bio',
  experience: 'experience',
  startupName: 'startup name',
  builtSoFar: 'description of what is built',
  profilePictureAlt: 'picture description',
  profileBannerAlt: 'banner description',
};

/** Text over its limit is refused with a reason naming the field, never cut. */
const tooLong = (noun: string, length: number, max: number) => overLimitReason(noun, length, max, 'save') ?? '';

function checkText(errors: FieldErrors, field: string, value: string, max: number, required?: string): void {
  const trimmed = value.trim();
  if (required && trimmed === '') errors[field] = required;
  else if (trimmed.length > max) errors[field] = tooLong(TEXT_NOUN[field] ?? field, trimmed.length, max);
}

/** An http or https address, as the API accepts in links. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Rows the member left entirely empty are not links; they are dropped before sending. */
/** Whether `value` is an https address with a host (a startup's website). */
export function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export function filledLinks(links: readonly LinkValue[]): LinkValue[] {
  return links.filter((link) => link.label.trim() !== '' || link.url.trim() !== '');
}

function checkLinks(errors: FieldErrors, links: readonly LinkValue[]): void {
  if (filledLinks(links).length > L.linksMax) errors.links = `Add at most ${L.linksMax} links.`;
  links.forEach((link, index) => {
    if (link.label.trim() === '' && link.url.trim() === '') return;
    if (link.label.trim() === '') errors[`links.${index}.label`] = 'Give this link a label, like "Website".';
    else if (link.label.trim().length > L.linkLabelMax) errors[`links.${index}.label`] = tooLong('link label', link.label.trim().length, L.linkLabelMax);
    if (link.url.trim().length > L.urlMax) errors[`links.${index}.url`] = tooLong('link address', link.url.trim().length, L.urlMax);
    else if (!isWebAddress(link.url)) errors[`links.${index}.url`] = 'Enter a full address starting with https://';
  });
}

function checkCount(errors: FieldErrors, field: string, count: number, max: number, noun: string, required?: string): void {
  if (required && count === 0) errors[field] = required;
  else if (count > max) errors[field] = `Choose at most ${max} ${noun}.`;
}

function checkInterests(errors: FieldErrors, interests: readonly string[]): void {
  if (interests.length > L.interestsMax) errors.interests = `Add at most ${L.interestsMax} interests.`;
  else if (interests.some((item) => item.trim().length > L.interestMax)) errors.interests = `Keep each interest to ${L.interestMax} characters or fewer.`;
}

function checkImages(errors: FieldErrors, form: ProfileForm, images: ImageChoices): void {
  for (const [field, altField, noun] of [
    ['profilePicture', 'profilePictureAlt', 'picture'],
    ['profileBanner', 'profileBannerAlt', 'banner'],
  ] as const) {
    const choice = images[field];
    if (choice.problem) errors[field] = choice.problem;
    const alt = form[altField].trim();
    // A refused file is not an image yet: its own message comes first.
    const hasImage = (choice.chosen && !choice.problem) || choice.kept === true;
    if (hasImage && alt === '') errors[altField] = `Describe your ${noun} for people who cannot see it.`;
    else if (alt.length > L.altMax) errors[altField] = tooLong(TEXT_NOUN[altField]!, alt.length, L.altMax);
  }
}

function checkPreferences(errors: FieldErrors, form: FounderForm): void {
  if (!form.lookingForCofounder) return;
  for (const key of PREFERENCE_KEYS) {
    const criterion = form.cofounderPreferences[key];
    if (criterion.importance === 'dont-care' || !('value' in criterion)) continue;
    const value: unknown = criterion.value;
    const empty = Array.isArray(value) ? value.length === 0 : value === '';
    if (empty) errors[`cofounderPreferences.${key}`] = 'Choose what you look for, or mark it "Don\'t care".';
  }
  if (form.cofounderPreferences.skills.value.length > L.skillsMax) {
    errors['cofounderPreferences.skills'] = `Choose at most ${L.skillsMax} skills.`;
  }
}

type Check<F> = (errors: FieldErrors, form: F, images: ImageChoices) => void;

const FOUNDER_CHECKS: Record<string, Check<FounderForm>> = {
  about: (errors, form) => {
    checkText(errors, 'firstName', form.firstName, L.nameMax, 'Enter your first name.');
    checkText(errors, 'lastName', form.lastName, L.nameMax, 'Enter your last name.');
    checkText(errors, 'tagline', form.tagline, L.taglineMax);
    checkLinks(errors, form.links);
  },
  skills: (errors, form) => {
    if (form.technical === '') errors.technical = 'Tell us whether you are technical.';
    checkCount(errors, 'skills', form.skills.length, L.skillsMax, 'skills', 'Choose at least one skill.');
    if (form.commitment === '') errors.commitment = 'Choose how much time you can give.';
  },
  startup: (errors, form) => {
    if (form.ideaStage === '') errors.ideaStage = 'Choose where you are with an idea.';
    checkText(errors, 'startupName', form.startupName, L.startupNameMax);
    const website = form.startupWebsite.trim();
    if (website !== '' && !isHttpsAddress(website)) errors.startupWebsite = 'Enter an https address, e.g. https://example.com.';
    checkText(errors, 'builtSoFar', form.builtSoFar, L.builtSoFarMax);
    checkCount(errors, 'industries', form.industries.length, L.industriesMax, 'industries');
    checkInterests(errors, form.interests);
    checkText(errors, 'bio', form.bio, L.bioMax);
  },
  cofounder: (errors, form) => {
    checkPreferences(errors, form);
    const hours = form.hoursPerWeek.trim();
    if (hours !== '' && (!/^\d{1,2}$/.test(hours) || Number(hours) > L.hoursPerWeekMax)) errors.hoursPerWeek = `Enter a whole number of hours from 0 to ${L.hoursPerWeekMax}.`;
  },
  photos: (errors, form, images) => checkImages(errors, form, images),
};

const ADVISOR_CHECKS: Record<string, Check<AdvisorForm>> = {
  about: (errors, form) => {
    checkText(errors, 'name', form.name, L.nameMax, 'Enter your name.');
    checkText(errors, 'position', form.position, L.positionMax);
    checkLinks(errors, form.links);
  },
  expertise: (errors, form) => {
    checkCount(errors, 'expertise', form.expertise.length, L.expertiseMax, 'areas', 'Choose at least one area of expertise.');
    checkCount(errors, 'industries', form.industries.length, L.industriesMax, 'industries');
    const years = form.yearsExperience.trim();
    if (years !== '' && (!/^\d{1,2}$/.test(years) || Number(years) > 70)) errors.yearsExperience = 'Enter a whole number of years from 0 to 70.';
    checkText(errors, 'experience', form.experience, L.experienceMax);
  },
  help: (errors, form) => {
    if (form.helpTypes.length === 0) errors.helpTypes = 'Choose at least one way you help.';
    checkText(errors, 'bio', form.bio, L.bioMax);
  },
  photos: (errors, form, images) => checkImages(errors, form, images),
};

/** The problems on one step (or section) of the form; empty when it may go on. */
export function validateStep(form: ProfileForm, step: StepKey, images: ImageChoices = NO_IMAGES): FieldErrors {
  const errors: FieldErrors = {};
  if (form.memberType === 'founder') FOUNDER_CHECKS[step]?.(errors, form, images);
  else ADVISOR_CHECKS[step]?.(errors, form, images);
  return errors;
}

/** The problems of the whole form, in step order. */
export function validateProfile(form: ProfileForm, images: ImageChoices = NO_IMAGES): FieldErrors {
  return Object.assign({}, ...stepsFor(form.memberType).map((step) => validateStep(form, step.key, images)));
}

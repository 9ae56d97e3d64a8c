/**
 * The onboarding draft: what the member typed so far, saved through PUT /onboarding and
 * read back from GET /onboarding. The stored data came from a browser, so reading it back
 * trusts nothing: every value is checked against the form's shape and the vocabulary,
 * and anything else falls back to the saved profile's value.
 */
import {
  COMMITMENTS,
  ENGAGEMENTS,
  EQUITY_EXPECTATIONS,
  EXPERTISE,
  FULL_TIME_TIMING,
  HELP_STAGES,
  HELP_TYPES,
  IDEA_STAGES,
  IMPORTANCE,
  INDUSTRIES,
  PROFILE_LIMITS,
  RESPONSIBILITIES,
  SKILLS,
  type Importance,
} from '@api/shared/profile-vocabulary';
import type { InferRequestType } from 'hono/client';
import type { ApiClient } from '../api/client';
import type { CofounderPreferencesForm, CityValue, LinkValue, ProfileForm } from './form-model';

/** What PUT /onboarding takes. */
export type OnboardingDraft = InferRequestType<ApiClient['onboarding']['$put']>['json'];

/** The API keeps at most this much draft data (bytes of JSON); the form stays well under it. */
const DRAFT_MAX_BYTES = 16 * 1024;

type Value = unknown;

const isRecord = (value: Value): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
// Texts come back whole: one over its limit is refused on its step with the reason, never cut (the API bounds the whole draft).
const text = (value: Value, fallback: string): string => (typeof value === 'string' ? value : fallback);
const bool = (value: Value, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** A value of a vocabulary (or one of `allowed`), else the fallback. */
function oneOf<K extends string>(value: Value, allowed: Record<K, string> | readonly K[], fallback: K | ''): K | '' {
  const keys = Array.isArray(allowed) ? allowed : Object.keys(allowed);
  return typeof value === 'string' && keys.includes(value) ? (value as K) : fallback;
}

/** The vocabulary keys in `value` (each once, at most `max`), else the fallback. */
function keys<K extends string>(value: Value, vocabulary: Record<K, string>, max: number, fallback: K[]): K[] {
  if (!Array.isArray(value)) return fallback;
  const known = value.filter((item): item is K => typeof item === 'string' && Object.hasOwn(vocabulary, item));
  return [...new Set(known)].slice(0, max);
}

function city(value: Value, fallback: CityValue | null): CityValue | null {
  if (value === null) return null;
  if (!isRecord(value) || !Number.isInteger(value.id) || typeof value.label !== 'string') return fallback;
  return { id: value.id as number, label: value.label.slice(0, 200) };
}

function links(value: Value, fallback: LinkValue[]): LinkValue[] {
  if (!Array.isArray(value)) return fallback;
  return value
    .filter(isRecord)
    .slice(0, PROFILE_LIMITS.linksMax)
    .map((link) => ({ label: text(link.label, ''), url: text(link.url, '') }));
}

function interests(value: Value, fallback: string[]): string[] {
  if (!Array.isArray(value)) return fallback;
  return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, PROFILE_LIMITS.interestsMax);
}

/** One criterion's stored part, or an empty object. */
function part(value: Record<string, unknown>, key: keyof CofounderPreferencesForm): Record<string, unknown> {
  return isRecord(value[key]) ? value[key] : {};
}

function preferences(value: Value, base: CofounderPreferencesForm): CofounderPreferencesForm {
  if (!isRecord(value)) return base;
  const importance = (key: keyof CofounderPreferencesForm) => (oneOf(part(value, key).importance, IMPORTANCE, '') || base[key].importance) as Importance;
  const stored = (key: keyof CofounderPreferencesForm) => part(value, key).value;
  return {
    technical: { value: oneOf(stored('technical'), ['technical', 'non-technical'] as const, base.technical.value), importance: importance('technical') },
    skills: { value: keys(stored('skills'), SKILLS, PROFILE_LIMITS.skillsMax, base.skills.value), importance: importance('skills') },
    commitment: { value: oneOf(stored('commitment'), COMMITMENTS, base.commitment.value), importance: importance('commitment') },
    location: { value: oneOf(stored('location'), ['same-city', 'remote-ok'] as const, base.location.value), importance: importance('location') },
    industries: { importance: importance('industries') },
    ideaStage: { value: keys(stored('ideaStage'), IDEA_STAGES, Object.keys(IDEA_STAGES).length, base.ideaStage.value), importance: importance('ideaStage') },
  };
}

/**
 * The form with the draft's values laid over `base` (the saved profile's values). A draft
 * for the other member type, or one that is not an object, changes nothing.
 */
export function applyDraft<F extends ProfileForm>(base: F, data: unknown): F {
  if (!isRecord(data) || data.memberType !== base.memberType) return base;
  const L = PROFILE_LIMITS;
  const common = {
    city: city(data.city, base.city),
    openToRemote: bool(data.openToRemote, base.openToRemote),
    links: links(data.links, base.links),
    industries: keys(data.industries, INDUSTRIES, L.industriesMax, base.industries),
    bio: text(data.bio, base.bio),
    profilePictureAlt: text(data.profilePictureAlt, base.profilePictureAlt),
    profileBannerAlt: text(data.profileBannerAlt, base.profileBannerAlt),
  };
  if (base.memberType === 'founder') {
    return {
      ...base,
      ...common,
      firstName: text(data.firstName, base.firstName),
      lastName: text(data.lastName, base.lastName),
      tagline: text(data.tagline, base.tagline),
      technical: oneOf(data.technical, ['yes', 'no'] as const, base.technical),
      skills: keys(data.skills, SKILLS, L.skillsMax, base.skills),
      commitment: oneOf(data.commitment, COMMITMENTS, base.commitment),
      ideaStage: oneOf(data.ideaStage, IDEA_STAGES, base.ideaStage),
      interests: interests(data.interests, base.interests),
      lookingForCofounder: bool(data.lookingForCofounder, base.lookingForCofounder),
      cofounderPreferences: preferences(data.cofounderPreferences, base.cofounderPreferences),
      startupName: text(data.startupName, base.startupName),
      startupWebsite: text(data.startupWebsite, base.startupWebsite),
      builtSoFar: text(data.builtSoFar, base.builtSoFar),
      takesRoles: keys(data.takesRoles, RESPONSIBILITIES, Object.keys(RESPONSIBILITIES).length, base.takesRoles),
      wantsRoles: keys(data.wantsRoles, RESPONSIBILITIES, Object.keys(RESPONSIBILITIES).length, base.wantsRoles),
      equity: oneOf(data.equity, EQUITY_EXPECTATIONS, base.equity),
      fullTime: oneOf(data.fullTime, FULL_TIME_TIMING, base.fullTime),
      hoursPerWeek: text(data.hoursPerWeek, base.hoursPerWeek),
    };
  }
  return {
    ...base,
    ...common,
    name: text(data.name, base.name),
    position: text(data.position, base.position),
    expertise: keys(data.expertise, EXPERTISE, L.expertiseMax, base.expertise),
    yearsExperience: text(data.yearsExperience, base.yearsExperience),
    experience: text(data.experience, base.experience),
    helpTypes: keys(data.helpTypes, HELP_TYPES, Object.keys(HELP_TYPES).length, base.helpTypes),
    engagements: keys(data.engagements, ENGAGEMENTS, Object.keys(ENGAGEMENTS).length, base.engagements),
    helpStages: keys(data.helpStages, HELP_STAGES, Object.keys(HELP_STAGES).length, base.helpStages),
  };
}

/** A saved step index kept within the flow's steps (0 when missing or out of range). */
export function restoredStep(step: unknown, stepCount: number): number {
  return typeof step === 'number' && Number.isInteger(step) && step >= 0 && step < stepCount ? step : 0;
}

/** The body of PUT /onboarding for the form at `step`. */
export function draftOf(form: ProfileForm, step: number): OnboardingDraft {
  return { step, data: { ...form } };
}

/** Whether a draft is small enough for the API to keep. */
export function draftFits(draft: OnboardingDraft): boolean {
  return new TextEncoder().encode(JSON.stringify(draft.data)).length <= DRAFT_MAX_BYTES;
}

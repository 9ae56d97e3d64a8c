/**
 * The onboarding steps of each member type and the fields each one holds, so a field
 * error (the form's own or the server's) can be shown on the step that has the field.
 * The settings screen shows the same groups as sections of one page.
 */
import type { MemberType } from '@api/users/schemas';

export type FounderStepKey = 'about' | 'skills' | 'startup' | 'cofounder' | 'photos';
export type AdvisorStepKey = 'about' | 'expertise' | 'help' | 'photos';
export type StepKey = FounderStepKey | AdvisorStepKey;

export interface StepDefinition {
  key: StepKey;
  title: string;
  /** One sentence under the title: why we ask. */
  intro: string;
  /** Top-level form fields on this step (a nested error like `links.0.url` belongs to `links`). */
  fields: readonly string[];
}

const PHOTOS: StepDefinition = {
  key: 'photos',
  title: 'Photos',
  intro: 'A clear picture makes members far more likely to answer. Both are optional.',
  fields: ['profilePicture', 'profilePictureAlt', 'profileBanner', 'profileBannerAlt', 'removeProfilePicture', 'removeProfileBanner'],
};

export const FOUNDER_STEPS: readonly StepDefinition[] = [
  { key: 'about', title: 'About you', intro: 'How other founders will find and recognise you.', fields: ['firstName', 'lastName', 'tagline', 'city', 'openToRemote', 'links'] },
  { key: 'skills', title: 'Skills', intro: 'What you bring to a founding team.', fields: ['technical', 'skills', 'commitment'] },
  {
    key: 'startup',
    title: 'Your startup',
    intro: 'Where you are and what you care about.',
    fields: ['ideaStage', 'startupName', 'startupWebsite', 'builtSoFar', 'industries', 'interests', 'bio'],
  },
  {
    key: 'cofounder',
    title: 'Your co-founder',
    intro: 'What you look for. Must-haves filter matches; nice-to-haves rank them.',
    fields: ['lookingForCofounder', 'cofounderPreferences', 'takesRoles', 'wantsRoles', 'equity', 'fullTime', 'hoursPerWeek'],
  },
  PHOTOS,
];

export const ADVISOR_STEPS: readonly StepDefinition[] = [
  { key: 'about', title: 'About you', intro: 'How founders will find and recognise you.', fields: ['name', 'position', 'city', 'openToRemote', 'links'] },
  { key: 'expertise', title: 'Expertise', intro: 'Where your experience helps founders most.', fields: ['expertise', 'industries', 'yearsExperience', 'experience'] },
  { key: 'help', title: 'How you help', intro: 'The ways founders can work with you.', fields: ['helpTypes', 'engagements', 'helpStages', 'bio'] },
  PHOTOS,
];

/** The steps of a member type's onboarding. */
export function stepsFor(memberType: MemberType): readonly StepDefinition[] {
  return memberType === 'founder' ? FOUNDER_STEPS : ADVISOR_STEPS;
}

/** The API's names for fields the form calls otherwise. */
const SERVER_ALIASES: Readonly<Record<string, string>> = { cityId: 'city' };

/**
 * The form field a server error names: `cityId` is the city picker, `links.0.url` stays as it
 * is (the link row has that field), `cofounderPreferences.skills.value` is the skills criterion.
 */
export function formFieldOf(serverField: string): string {
  const [root, ...rest] = serverField.split('.');
  const name = SERVER_ALIASES[root!] ?? root!;
  if (name === 'cofounderPreferences' && rest.length > 0) return `cofounderPreferences.${rest[0]}`;
  return [name, ...rest].join('.');
}

/** The index of the step holding `field` (a form field, possibly dotted), or -1. */
export function stepIndexOf(steps: readonly StepDefinition[], field: string): number {
  const root = field.split('.')[0]!;
  return steps.findIndex((step) => step.fields.includes(root));
}

/** The first step (in order) with an error among `fields`, or -1 when none has one. */
export function firstStepWithError(steps: readonly StepDefinition[], fields: Iterable<string>): number {
  let first = -1;
  for (const field of fields) {
    const index = stepIndexOf(steps, field);
    if (index !== -1 && (first === -1 || index < first)) first = index;
  }
  return first;
}

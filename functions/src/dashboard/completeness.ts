/**
 * Profile completeness (docs/product.md#the-dashboard): each field a profile can hold has a
 * weight (what it does for being found and answered; the weights add up to 100) and the one
 * next step is the heaviest field still missing, linked to the settings section that holds it.
 * Pure: the caller reads the profile row.
 */
import type { MemberType } from '../users/schemas';
import type { NextStep } from './schemas';

/** The profile facts completeness reads; null where a profile has no such field. */
export type ProfileFacts = {
  picture: string | null;
  tagline: string | null;
  bio: string | null;
  city: number | null;
  links: number;
  industries: number;
  /** Founders: skills; advisors: expertise. */
  strengths: number;
  /** Founders: idea stage; advisors: years of experience or a written experience. */
  stage: string | null;
  /** Founders: weekly commitment; advisors: how they help (count). */
  offer: string | number | null;
};

type Rule = { field: string; weight: number; section: string; label: string; hint: string; has: (facts: ProfileFacts) => boolean };

const filled = (text: string | null) => text !== null && text.trim() !== '';
const some = (count: number) => count > 0;

const PHOTO: Rule = {
  field: 'profilePicture',
  weight: 20,
  section: 'photos',
  label: 'Add a profile photo',
  hint: 'Profiles with a photo come first in search, and members answer them more often.',
  has: (facts) => filled(facts.picture),
};
const CITY = (who: string): Rule => ({
  field: 'city',
  weight: 10,
  section: 'about',
  label: 'Add your city',
  hint: `${who} near you find you by city.`,
  has: (facts) => facts.city !== null,
});
const LINKS: Rule = {
  field: 'links',
  weight: 5,
  section: 'about',
  label: 'Add a link',
  hint: 'A website or a LinkedIn profile helps members trust you.',
  has: (facts) => some(facts.links),
};

/** Heaviest first: the order decides the next step. */
const RULES: Record<MemberType, readonly Rule[]> = {
  founder: [
    PHOTO,
    {
      field: 'tagline',
      weight: 15,
      section: 'about',
      label: 'Write a tagline',
      hint: 'One line under your name in every list says what you do.',
      has: (facts) => filled(facts.tagline),
    },
    { field: 'skills', weight: 15, section: 'skills', label: 'List your skills', hint: 'Co-founder matching and search filter by skill.', has: (facts) => some(facts.strengths) },
    {
      field: 'bio',
      weight: 15,
      section: 'startup',
      label: 'Tell your story',
      hint: 'A short bio tells co-founders and advisors why to talk to you.',
      has: (facts) => filled(facts.bio),
    },
    CITY('Founders and advisors'),
    {
      field: 'industries',
      weight: 10,
      section: 'startup',
      label: 'Pick your industries',
      hint: 'Advisors with your industries find you in search.',
      has: (facts) => some(facts.industries),
    },
    { field: 'ideaStage', weight: 5, section: 'startup', label: 'Say where your idea stands', hint: 'Matching weighs your stage.', has: (facts) => facts.stage !== null },
    {
      field: 'commitment',
      weight: 5,
      section: 'skills',
      label: 'Say how much time you give',
      hint: 'Co-founders look for the same weekly commitment.',
      has: (facts) => facts.offer !== null,
    },
    LINKS,
  ],
  advisor: [
    PHOTO,
    { field: 'position', weight: 15, section: 'about', label: 'Add your position', hint: 'Your role shows under your name in every list.', has: (facts) => filled(facts.tagline) },
    { field: 'expertise', weight: 15, section: 'expertise', label: 'List your expertise', hint: 'Founders search advisors by expertise.', has: (facts) => some(facts.strengths) },
    { field: 'bio', weight: 15, section: 'help', label: 'Write a bio', hint: 'Founders read it before they ask for your time.', has: (facts) => filled(facts.bio) },
    {
      field: 'helpTypes',
      weight: 10,
      section: 'help',
      label: 'Say how you help',
      hint: 'Founders look for mentoring, investing or hands-on help.',
      has: (facts) => typeof facts.offer === 'number' && facts.offer > 0,
    },
    CITY('Founders'),
    {
      field: 'industries',
      weight: 5,
      section: 'expertise',
      label: 'Pick your industries',
      hint: 'Founders in your industries find you in search.',
      has: (facts) => some(facts.industries),
    },
    {
      field: 'experience',
      weight: 5,
      section: 'expertise',
      label: 'Describe your experience',
      hint: 'Years and highlights make your advice count.',
      has: (facts) => facts.stage !== null,
    },
    LINKS,
  ],
};

/** Before the profile exists, finishing onboarding is the only step. */
const ONBOARDING: NextStep = {
  field: 'onboarding',
  label: 'Finish your profile',
  hint: 'A few short steps so founders and advisors can find you.',
  href: '/onboarding',
};

/** How complete a member's profile is and its one next step (null facts: not onboarded yet). */
export function profileCompleteness(memberType: MemberType, facts: ProfileFacts | null): { percent: number; next: NextStep | null } {
  if (!facts) return { percent: 0, next: ONBOARDING };
  const rules = RULES[memberType];
  const percent = rules.reduce((sum, rule) => sum + (rule.has(facts) ? rule.weight : 0), 0);
  const missing = rules.find((rule) => !rule.has(facts));
  return {
    percent,
    next: missing ? { field: missing.field, label: missing.label, hint: missing.hint, href: `/settings/profile#pf-section-${missing.section}` } : null,
  };
}

/** The weights of a member type (for the test that they add up to 100). */
export const completenessWeights = (memberType: MemberType): number[] => RULES[memberType].map((rule) => rule.weight);

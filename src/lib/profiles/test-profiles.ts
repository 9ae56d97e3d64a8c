/** Profiles shaped like the API's answers, for the unit tests of the profile forms. */
import type { AdvisorDetails, FounderDetails } from '@api/profiles/schemas';

const common = {
  userId: 'u_1',
  bio: null,
  industries: [],
  city: null,
  openToRemote: false,
  links: [],
  profilePicture: null,
  profileBanner: null,
  searchIndexing: true,
  premium: false,
  joinedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A founder just registered: names and slug only. Pass fields to change. */
export function makeFounderDetails(overrides: Partial<FounderDetails> = {}): FounderDetails {
  return {
    _id: 'f_1',
    memberType: 'founder',
    firstName: 'Ada',
    lastName: 'Lovelace',
    tagline: null,
    slug: 'ada-lovelace',
    ...common,
    technical: null,
    skills: [],
    commitment: null,
    ideaStage: null,
    interests: [],
    lookingForCofounder: false,
    cofounderPreferences: {},
    startupName: null,
    startupWebsite: null,
    builtSoFar: null,
    takesRoles: [],
    wantsRoles: [],
    equity: null,
    fullTime: null,
    hoursPerWeek: null,
    ...overrides,
  };
}

/** An advisor just registered. Pass fields to change. */
export function makeAdvisorDetails(overrides: Partial<AdvisorDetails> = {}): AdvisorDetails {
  return {
    _id: 'a_1',
    memberType: 'advisor',
    name: 'Grace Hopper',
    position: null,
    slug: 'grace-hopper',
    ...common,
    userId: 'u_2',
    expertise: [],
    yearsExperience: null,
    experience: null,
    helpTypes: [],
    engagements: [],
    helpStages: [],
    ...overrides,
  };
}

/**
 * Profiles as the API answers them, for the unit tests of the profile modules (and nothing
 * else: no page imports this file). Each test overrides the fields it is about.
 */
import type { AdvisorDetails, FounderDetails } from '@api/profiles/schemas';

/** A complete founder profile. */
export function founderDetails(overrides: Partial<FounderDetails> = {}): FounderDetails {
  return {
    _id: 'f00000000000000000000001',
    memberType: 'founder',
    userId: 'u00000000000000000000001',
    firstName: 'Ada',
    lastName: 'Lovelace',
    tagline: 'Building analytical engines',
    slug: 'ada-lovelace',
    profilePicture: { url: 'avatars/ada.webp', alt: 'Ada smiling' },
    profileBanner: null,
    bio: 'I write programs.\n\nFor engines that do not exist yet.',
    industries: ['fintech', 'ai'],
    city: { id: 2643743, label: 'London, United Kingdom' },
    openToRemote: true,
    links: [{ label: 'Site', url: 'https://ada.example/' }],
    searchIndexing: true,
    premium: false,
    joinedAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    technical: true,
    skills: ['engineering', 'product'],
    commitment: 'full-time',
    ideaStage: 'prototype',
    interests: ['poetry', 'looms'],
    lookingForCofounder: true,
    cofounderPreferences: { technical: { value: 'non-technical', importance: 'must-have' } },
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

/** A complete advisor profile. */
export function advisorDetails(overrides: Partial<AdvisorDetails> = {}): AdvisorDetails {
  return {
    _id: 'a00000000000000000000001',
    memberType: 'advisor',
    userId: 'u00000000000000000000002',
    name: 'Helen Park',
    position: 'Former VP Product',
    slug: 'helen-park',
    profilePicture: null,
    profileBanner: { url: 'banners/helen.png', alt: null },
    bio: null,
    industries: ['b2b-saas'],
    city: null,
    openToRemote: false,
    links: [],
    searchIndexing: true,
    premium: false,
    joinedAt: '2025-12-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    expertise: ['pricing', 'go-to-market'],
    yearsExperience: 15,
    experience: 'Led product at a large commerce platform.',
    helpTypes: ['mentoring', 'advising'],
    engagements: [],
    helpStages: [],
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { completenessWeights, profileCompleteness, type ProfileFacts } from './completeness';

const EMPTY: ProfileFacts = { picture: null, tagline: null, bio: null, city: null, links: 0, industries: 0, strengths: 0, stage: null, offer: null };
const FULL_FOUNDER: ProfileFacts = {
  picture: 'a.webp',
  tagline: 'Building tools',
  bio: 'Ten years',
  city: 1,
  links: 1,
  industries: 2,
  strengths: 3,
  stage: 'idea',
  offer: 'full-time',
};

describe('profile completeness', () => {
  it('weighs each member type’s fields to 100 in all', () => {
    expect(completenessWeights('founder').reduce((a, b) => a + b)).toBe(100);
    expect(completenessWeights('advisor').reduce((a, b) => a + b)).toBe(100);
  });

  it('names the photo first, then the heaviest missing field, with the settings section that holds it', () => {
    expect(profileCompleteness('founder', EMPTY)).toEqual({ percent: 0, next: expect.objectContaining({ field: 'profilePicture', href: '/settings/profile#pf-section-photos' }) });
    expect(profileCompleteness('founder', { ...EMPTY, picture: 'a.webp', tagline: 'Hi' })).toEqual({
      percent: 35,
      next: expect.objectContaining({ field: 'skills', href: '/settings/profile#pf-section-skills' }),
    });
    expect(profileCompleteness('advisor', { ...EMPTY, picture: 'a.webp' }).next).toMatchObject({ field: 'position', href: '/settings/profile#pf-section-about' });
  });

  it('counts blank text as missing', () => {
    expect(profileCompleteness('founder', { ...FULL_FOUNDER, bio: '   ' })).toEqual({ percent: 85, next: expect.objectContaining({ field: 'bio' }) });
  });

  it('has no next step for a complete profile, and onboarding before there is one', () => {
    expect(profileCompleteness('founder', FULL_FOUNDER)).toEqual({ percent: 100, next: null });
    expect(profileCompleteness('advisor', { ...FULL_FOUNDER, offer: 2, stage: 'yes' })).toEqual({ percent: 100, next: null });
    expect(profileCompleteness('founder', null)).toEqual({ percent: 0, next: expect.objectContaining({ field: 'onboarding', href: '/onboarding' }) });
  });
});

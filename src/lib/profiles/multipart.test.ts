import { expect, test } from 'vitest';
import { advisorFormFrom, founderFormFrom } from './form-model';
import { profileFormData } from './multipart';
import { makeAdvisorDetails, makeFounderDetails } from './test-profiles';

test('a founder form becomes the multipart fields of the contract', () => {
  const form = {
    ...founderFormFrom(makeFounderDetails()),
    firstName: ' Ada ',
    tagline: 'Payments for Lagos',
    technical: 'no' as const,
    skills: ['sales-marketing' as const, 'product' as const],
    commitment: 'full-time' as const,
    ideaStage: 'prototype' as const,
    industries: ['fintech' as const],
    interests: ['open banking', ' '],
    city: { id: 42, label: 'Lagos, Nigeria' },
    openToRemote: true,
    links: [
      { label: ' Site ', url: 'https://ada.dev ' },
      { label: '', url: '' },
    ],
    lookingForCofounder: true,
  };
  form.cofounderPreferences.technical = { value: 'technical', importance: 'must-have' };
  const body = profileFormData(form);
  expect(body.get('firstName')).toBe('Ada');
  expect(body.get('technical')).toBe('false');
  expect(body.getAll('skills')).toEqual(['sales-marketing', 'product']);
  expect(body.getAll('interests')).toEqual(['open banking']);
  expect(body.get('cityId')).toBe('42');
  expect(body.get('openToRemote')).toBe('true');
  expect(body.get('lookingForCofounder')).toBe('true');
  expect(JSON.parse(body.get('cofounderPreferences') as string)).toEqual({ technical: { value: 'technical', importance: 'must-have' } });
  expect(JSON.parse(body.get('links') as string)).toEqual([{ label: 'Site', url: 'https://ada.dev' }]);
  expect(body.has('profilePicture')).toBe(false);
  expect(body.has('profilePictureAlt')).toBe(false);
});

test('a founder not looking sends no criteria, and unanswered choices are left out', () => {
  const form = founderFormFrom(makeFounderDetails());
  form.cofounderPreferences.commitment = { value: 'part-time', importance: 'must-have' };
  const body = profileFormData(form);
  expect(body.get('cofounderPreferences')).toBe('{}');
  expect(body.has('technical')).toBe(false);
  expect(body.has('commitment')).toBe(false);
  expect(body.has('cityId')).toBe(false);
});

test('files go with their alt text; removal is asked only when no new file replaces the image', () => {
  const form = { ...advisorFormFrom(makeAdvisorDetails()), profilePictureAlt: 'Grace at the lectern', profileBannerAlt: '' };
  const picture = new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' });
  const body = profileFormData(form, { files: { profilePicture: picture }, remove: { profilePicture: true, profileBanner: true } });
  expect((body.get('profilePicture') as File).name).toBe('me.png');
  expect(body.get('profilePictureAlt')).toBe('Grace at the lectern');
  expect(body.has('removeProfilePicture')).toBe(false);
  expect(body.get('removeProfileBanner')).toBe('true');
  expect(body.has('profileBannerAlt')).toBe(false);
});

test('an advisor form sends the advisor fields', () => {
  const form = {
    ...advisorFormFrom(makeAdvisorDetails()),
    position: 'Partner',
    expertise: ['fundraising' as const],
    helpTypes: ['investing' as const, 'mentoring' as const],
    yearsExperience: ' 15 ',
    experience: 'Two exits.',
  };
  const body = profileFormData(form);
  expect(body.get('name')).toBe('Grace Hopper');
  expect(body.getAll('helpTypes')).toEqual(['investing', 'mentoring']);
  expect(body.get('yearsExperience')).toBe('15');
  expect(body.has('firstName')).toBe(false);
});

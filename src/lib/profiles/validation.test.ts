import { describe, expect, test } from 'vitest';
import { advisorFormFrom, founderFormFrom, type FounderForm } from './form-model';
import { makeAdvisorDetails, makeFounderDetails } from './test-profiles';
import { filledLinks, isWebAddress, NO_IMAGES, validateProfile, validateStep } from './validation';

/** A founder who answered every required question. */
function completeFounder(overrides: Partial<FounderForm> = {}): FounderForm {
  return { ...founderFormFrom(makeFounderDetails()), technical: 'yes', skills: ['engineering'], commitment: 'full-time', ideaStage: 'idea', ...overrides };
}

describe('founder steps', () => {
  test('a complete founder passes every step', () => {
    expect(validateProfile(completeFounder())).toEqual({});
  });

  test('About you asks for both names and keeps the tagline within its limit', () => {
    const errors = validateStep(completeFounder({ firstName: '  ', lastName: '', tagline: 'x'.repeat(121) }), 'about');
    expect(errors).toEqual({
      firstName: 'Enter your first name.',
      lastName: 'Enter your last name.',
      tagline: 'Your tagline is 1 character over the limit of 120. Shorten it to save it.',
    });
  });

  test('links: empty rows are ignored, half-filled ones name the part missing, addresses must be http(s)', () => {
    const links = [
      { label: '', url: '' },
      { label: 'Site', url: 'ftp://ada.dev' },
      { label: '', url: 'https://ada.dev' },
      { label: 'Blog', url: 'javascript:alert(1)' },
    ];
    expect(validateStep(completeFounder({ links }), 'about')).toEqual({
      'links.1.url': 'Enter a full address starting with https://',
      'links.2.label': 'Give this link a label, like "Website".',
      'links.3.url': 'Enter a full address starting with https://',
    });
  });

  test('Skills needs the technical answer, one to six skills and a commitment', () => {
    expect(Object.keys(validateStep(completeFounder({ technical: '', skills: [], commitment: '' }), 'skills'))).toEqual(['technical', 'skills', 'commitment']);
    const seven = ['engineering', 'product', 'design', 'data', 'operations', 'finance', 'legal'] as FounderForm['skills'];
    expect(validateStep(completeFounder({ skills: seven }), 'skills')).toEqual({ skills: 'Choose at most 6 skills.' });
  });

  test('Your startup limits industries and interests', () => {
    const errors = validateStep(completeFounder({ ideaStage: '', industries: ['fintech', 'ai', 'climate', 'edtech', 'media', 'gaming'], interests: ['y'.repeat(31)] }), 'startup');
    expect(errors).toEqual({
      ideaStage: 'Choose where you are with an idea.',
      industries: 'Choose at most 5 industries.',
      interests: 'Keep each interest to 30 characters or fewer.',
    });
  });

  test('a criterion that matters needs a value, but only while looking for a co-founder', () => {
    const form = completeFounder({ lookingForCofounder: true });
    form.cofounderPreferences.skills = { value: [], importance: 'must-have' };
    form.cofounderPreferences.industries = { importance: 'must-have' };
    form.cofounderPreferences.commitment = { value: '', importance: 'dont-care' };
    expect(validateStep(form, 'cofounder')).toEqual({ 'cofounderPreferences.skills': 'Choose what you look for, or mark it "Don\'t care".' });
    expect(validateStep({ ...form, lookingForCofounder: false }, 'cofounder')).toEqual({});
  });
});

describe('photos', () => {
  test('alt text is required once a good file is chosen; a refused file shows its own problem first', () => {
    const images = { profilePicture: { chosen: true, problem: null }, profileBanner: { chosen: true, problem: 'Your banner must be a JPEG, PNG or WebP image.' } };
    expect(validateStep(completeFounder(), 'photos', images)).toEqual({
      profilePictureAlt: 'Describe your picture for people who cannot see it.',
      profileBanner: 'Your banner must be a JPEG, PNG or WebP image.',
    });
    expect(validateStep(completeFounder({ profilePictureAlt: 'Ada at her desk' }), 'photos', { ...NO_IMAGES, profilePicture: { chosen: true, problem: null } })).toEqual({});
  });

  test('a saved image that stays keeps needing its alt text; one being removed does not', () => {
    const kept = { ...NO_IMAGES, profileBanner: { chosen: false, kept: true, problem: null } };
    expect(validateStep(completeFounder(), 'photos', kept)).toEqual({ profileBannerAlt: 'Describe your banner for people who cannot see it.' });
    expect(validateStep(completeFounder(), 'photos', { ...NO_IMAGES, profileBanner: { chosen: false, kept: false, problem: null } })).toEqual({});
  });
});

describe('advisor steps', () => {
  const advisor = () => ({
    ...advisorFormFrom(makeAdvisorDetails()),
    position: 'Partner at Example Ventures',
    expertise: ['fundraising' as const],
    helpTypes: ['investing' as const],
  });

  test('a complete advisor passes', () => {
    expect(validateProfile(advisor())).toEqual({});
  });

  test('name, expertise and a way to help are required; years are a whole number up to 70', () => {
    const errors = validateProfile({ ...advisor(), name: '', position: '', expertise: [], helpTypes: [], yearsExperience: '7.5' });
    expect(Object.keys(errors)).toEqual(['name', 'expertise', 'yearsExperience', 'helpTypes']);
    expect(validateProfile({ ...advisor(), yearsExperience: '71' })).toHaveProperty('yearsExperience');
    expect(validateProfile({ ...advisor(), yearsExperience: ' 30 ' })).toEqual({});
  });
});

test('isWebAddress accepts http(s) addresses with a host name only', () => {
  expect(isWebAddress('https://ada.dev/about')).toBe(true);
  expect(isWebAddress('http://linkedin.com/in/ada')).toBe(true);
  for (const value of ['ada.dev', 'mailto:ada@ada.dev', 'https://localhost', 'javascript:alert(1)', '']) expect(isWebAddress(value)).toBe(false);
});

test('filledLinks drops rows left empty', () => {
  expect(
    filledLinks([
      { label: ' ', url: '' },
      { label: 'Site', url: '' },
    ]),
  ).toEqual([{ label: 'Site', url: '' }]);
});

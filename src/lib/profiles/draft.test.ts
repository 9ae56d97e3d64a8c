import { describe, expect, test } from 'vitest';
import { applyDraft, draftFits, draftOf, restoredStep } from './draft';
import { advisorFormFrom, founderFormFrom } from './form-model';
import { makeAdvisorDetails, makeFounderDetails } from './test-profiles';

const founder = () => founderFormFrom(makeFounderDetails());

describe('applyDraft', () => {
  test('brings back what a founder typed, over the saved profile', () => {
    const typed = { ...founder(), tagline: 'Building payments for Lagos', skills: ['engineering'], technical: 'yes', city: { id: 3, label: 'Lagos, Nigeria' } };
    const form = applyDraft(founder(), JSON.parse(JSON.stringify(typed)));
    expect(form).toMatchObject({ tagline: 'Building payments for Lagos', skills: ['engineering'], technical: 'yes', city: { id: 3, label: 'Lagos, Nigeria' } });
  });

  test('drops values outside the vocabulary and the wrong types, keeping the base instead', () => {
    const form = applyDraft(founder(), {
      memberType: 'founder',
      skills: ['engineering', 'juggling', 42, 'engineering'],
      commitment: 'weekends',
      technical: true,
      firstName: 7,
      links: [{ label: 'Site', url: 'https://ada.dev' }, 'nope'],
      cofounderPreferences: { skills: { value: ['design', 'x'], importance: 'must-have' }, technical: { value: 'wizard', importance: 'always' } },
    });
    expect(form.skills).toEqual(['engineering']);
    expect(form.commitment).toBe('');
    expect(form.technical).toBe('');
    expect(form.firstName).toBe('Ada');
    expect(form.links).toEqual([{ label: 'Site', url: 'https://ada.dev' }]);
    expect(form.cofounderPreferences.skills).toEqual({ value: ['design'], importance: 'must-have' });
    expect(form.cofounderPreferences.technical).toEqual({ value: '', importance: 'dont-care' });
  });

  test('keeps texts whole, even over a limit (the step refuses them with the reason), and a cleared city cleared', () => {
    const base = { ...founder(), city: { id: 1, label: 'Paris, France' } };
    const form = applyDraft(base, { memberType: 'founder', tagline: 'x'.repeat(500), city: null });
    expect(form.tagline).toHaveLength(500);
    expect(form.city).toBeNull();
  });

  test('ignores a draft of the other member type or one that is not an object', () => {
    const base = founder();
    expect(applyDraft(base, { memberType: 'advisor', firstName: 'Eve' })).toBe(base);
    expect(applyDraft(base, ['x'])).toBe(base);
    expect(applyDraft(base, null)).toBe(base);
  });

  test('brings back an advisor draft', () => {
    const base = advisorFormFrom(makeAdvisorDetails());
    const form = applyDraft(base, { memberType: 'advisor', position: 'Partner', expertise: ['fundraising', 'nope'], helpTypes: ['investing'], yearsExperience: '15' });
    expect(form).toMatchObject({ position: 'Partner', expertise: ['fundraising'], helpTypes: ['investing'], yearsExperience: '15' });
  });
});

test('restoredStep keeps a saved step inside the flow', () => {
  expect(restoredStep(3, 5)).toBe(3);
  expect(restoredStep(5, 5)).toBe(0);
  expect(restoredStep(-1, 5)).toBe(0);
  expect(restoredStep('2', 5)).toBe(0);
});

test('a full form is a draft well within the API limit; an oversized one is told apart', () => {
  const form = { ...founder(), bio: 'é'.repeat(2000) };
  const draft = draftOf(form, 2);
  expect(draft.step).toBe(2);
  expect(draftFits(draft)).toBe(true);
  expect(draftFits({ step: 0, data: { bio: 'x'.repeat(17 * 1024) } })).toBe(false);
});

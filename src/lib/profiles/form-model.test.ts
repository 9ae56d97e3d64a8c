import { describe, expect, test } from 'vitest';
import { advisorFormFrom, emptyPreferences, founderFormFrom, preferencesFormFrom, preferencesFromForm } from './form-model';
import { makeAdvisorDetails, makeFounderDetails } from './test-profiles';

describe('founderFormFrom', () => {
  test('a new founder starts from the registration names with every question unanswered', () => {
    const form = founderFormFrom(makeFounderDetails());
    expect(form).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', tagline: '', technical: '', commitment: '', ideaStage: '', bio: '', city: null });
    expect(form.cofounderPreferences).toEqual(emptyPreferences());
  });

  test('a saved profile fills every control, alt texts included', () => {
    const form = founderFormFrom(
      makeFounderDetails({
        technical: false,
        skills: ['sales-marketing'],
        city: { id: 7, label: 'Lagos, Nigeria' },
        profilePicture: { url: 'avatars/a.png', alt: 'Ada smiling' },
        cofounderPreferences: { technical: { value: 'technical', importance: 'must-have' } },
      }),
    );
    expect(form.technical).toBe('no');
    expect(form.city).toEqual({ id: 7, label: 'Lagos, Nigeria' });
    expect(form.profilePictureAlt).toBe('Ada smiling');
    expect(form.cofounderPreferences.technical).toEqual({ value: 'technical', importance: 'must-have' });
    expect(form.cofounderPreferences.skills).toEqual({ value: [], importance: 'dont-care' });
  });
});

test('advisorFormFrom keeps years as text so a half-typed number is never lost', () => {
  expect(advisorFormFrom(makeAdvisorDetails({ yearsExperience: 12 })).yearsExperience).toBe('12');
  expect(advisorFormFrom(makeAdvisorDetails()).yearsExperience).toBe('');
});

describe('preferencesFromForm', () => {
  test("leaves out criteria marked Don't care and criteria without a value", () => {
    const form = emptyPreferences();
    form.technical = { value: 'technical', importance: 'dont-care' };
    form.skills = { value: [], importance: 'must-have' };
    form.commitment = { value: 'full-time', importance: 'nice-to-have' };
    form.industries = { importance: 'nice-to-have' };
    expect(preferencesFromForm(form)).toEqual({ commitment: { value: 'full-time', importance: 'nice-to-have' }, industries: { importance: 'nice-to-have' } });
  });

  test('round-trips with preferencesFormFrom', () => {
    const saved = {
      skills: { value: ['engineering' as const, 'design' as const], importance: 'must-have' as const },
      location: { value: 'remote-ok' as const, importance: 'nice-to-have' as const },
      ideaStage: { value: ['prototype' as const], importance: 'nice-to-have' as const },
    };
    expect(preferencesFromForm(preferencesFormFrom(saved))).toEqual(saved);
  });
});

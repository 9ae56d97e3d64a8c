import { expect, test } from 'vitest';
import { onboardingRedirect } from './onboarding-guard';

const newcomer = { onboarded: false };

test('a member who has not finished onboarding is sent there from member-only screens', () => {
  for (const path of ['/connections', '/founders', '/advisors/', '/matching', '/views']) {
    expect(onboardingRedirect(path, newcomer)).toBe('/onboarding');
  }
});

test('onboarding itself, the settings screens and public pages stay open', () => {
  for (const path of ['/onboarding', '/settings/password', '/settings/profile', '/settings/privacy', '/', '/founder/ada-lovelace', '/sign-in', '/admin']) {
    expect(onboardingRedirect(path, newcomer)).toBeNull();
  }
});

test('onboarded members and visitors are never redirected', () => {
  expect(onboardingRedirect('/connections', { onboarded: true })).toBeNull();
  expect(onboardingRedirect('/connections', null)).toBeNull();
});

test('a look-alike of the settings prefix is not exempt', () => {
  expect(onboardingRedirect('/onboardingx', newcomer)).toBeNull();
});

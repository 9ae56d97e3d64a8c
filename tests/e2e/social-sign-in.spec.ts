/**
 * Social sign-in in a real browser, against the loopback provider of the e2e stack
 * (tests/e2e/oauth-stand-in.global.ts), whose consent page plays Google, LinkedIn and GitHub.
 */
import type { Page } from '@playwright/test';
import { OAUTH_STAND_IN } from '../../playwright.config';
import { expect, expectNoSeriousA11yViolations, test, uniqueEmail } from './support';

/** A provider account id no other test uses. */
function newSubject(): string {
  return String(Date.now() * 1000 + Math.floor(Math.random() * 1000));
}

/** At the provider's consent page: signs in as this person and allows (or denies). */
async function consent(page: Page, person: { sub: string; email: string; first: string; last: string; picture?: string }, decision: 'Allow' | 'Deny' = 'Allow') {
  await expect(page.getByRole('heading', { name: 'Sign in to the stand-in provider' })).toBeVisible();
  await page.getByLabel('Account id').fill(person.sub);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('First name').fill(person.first);
  await page.getByLabel('Last name').fill(person.last);
  if (person.picture) await page.getByLabel('Picture address').fill(person.picture);
  await page.getByRole('button', { name: decision }).click();
}

test.describe('social sign-in', () => {
  test('registers with Google and reaches onboarding with the name filled in, then links and unlinks a provider', async ({ page }) => {
    const person = {
      sub: newSubject(),
      email: uniqueEmail('social-google'),
      first: 'Radia',
      last: `Perlman${newSubject().slice(-5)}`,
      picture: `${OAUTH_STAND_IN}/picture.png`,
    };
    await page.goto('/register');
    await expectNoSeriousA11yViolations(page);
    // Never prefetched on hover: a second flow's cookie could land after the click's.
    for (const link of await page.locator('a[href^="/auth/start"]').all()) await expect(link).toHaveAttribute('data-astro-prefetch', 'false');
    await page.getByRole('link', { name: 'Sign up with Google', exact: true }).click();
    await consent(page, person);

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue(person.first);
    await expect(page.getByLabel('Last name')).toHaveValue(person.last);
    // The provider's picture is the profile's already, described for screen readers.
    const state = await (await page.request.get('/api/session/onboarding')).json();
    expect(state.profile.profilePicture).toMatchObject({ url: expect.stringMatching(/^avatars\//), alt: `Profile picture of ${person.first} ${person.last}` });

    // Settings: Google is the only way in, so it can't be unlinked until GitHub is linked.
    await page.goto('/settings/account');
    const methods = page.getByRole('region', { name: 'Sign-in methods' });
    await expect(methods.getByText(`Linked as ${person.email}.`)).toBeVisible();
    await expect(methods.getByRole('button', { name: 'Unlink Google' })).toBeDisabled();
    await expect(methods.getByRole('link', { name: 'Set a password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await expect(methods.getByRole('link', { name: 'Link your GitHub account' })).toHaveAttribute('data-astro-prefetch', 'false');
    await methods.getByRole('link', { name: 'Link your GitHub account' }).click();
    await consent(page, { ...person, sub: newSubject() });
    await expect(page).toHaveURL(/\/settings\/account\?notice=provider-linked$/);
    await expect(page.getByText('The provider is linked: you can now sign in with it.')).toBeVisible();
    await methods.getByRole('button', { name: 'Unlink Google' }).click();
    await expect(page.getByText('The provider is unlinked from your account.')).toBeVisible();
    await expect(methods.getByRole('link', { name: 'Link your Google account' })).toBeVisible();
    await expect(methods.getByRole('button', { name: 'Unlink GitHub' })).toBeDisabled();
  });

  test('a denied consent returns to sign-in with a clear message', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Continue with LinkedIn' }).click();
    await consent(page, { sub: newSubject(), email: uniqueEmail('social-deny'), first: 'Dee', last: 'Nied' }, 'Deny');
    await expect(page).toHaveURL(/\/sign-in\?notice=social-denied$/);
    await expect(page.getByRole('status').filter({ hasText: 'Signing in was cancelled at the provider' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });
});

import type { Page } from '@playwright/test';
import { DEMO_MEMBER, expect, expectNoSeriousA11yViolations, signIn, test } from './support';

/** Every screen with a password field, and the labels of its password fields. */
const SCREENS = [
  { path: '/sign-in', fields: ['Password'] },
  { path: '/register', fields: ['Password'] },
  { path: '/reset-password?code=checked-only-on-submit', fields: ['New password', 'Confirm new password'] },
  { path: '/settings/password', fields: ['Current password', 'New password', 'Confirm new password'], member: true },
];

/** Checks that each named password field can be shown and masked again, by mouse and by keyboard. */
async function expectShowPasswordToggles(page: Page, fields: string[]): Promise<void> {
  for (const label of fields) {
    const input = page.getByLabel(label, { exact: true });
    const id = await input.getAttribute('id');
    const toggle = page.locator(`button[aria-controls="${id}"]`);
    await expect(toggle).toHaveAccessibleName('Show password');
    await input.fill('a secret phrase');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await toggle.click();
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveValue('a secret phrase');

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(input).toHaveAttribute('type', 'text');
    await page.keyboard.press('Enter');
    await expect(input).toHaveAttribute('type', 'password');
  }
}

for (const theme of ['dark', 'light'] as const) {
  for (const screen of SCREENS) {
    test(`the password fields of ${screen.path.split('?')[0]} have a "Show password" toggle for mouse and keyboard (${theme} theme)`, async ({ page }) => {
      test.slow();
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      if (screen.member) {
        await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
        // The sign-in must have set its cookies before the next page is asked for.
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      }
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectShowPasswordToggles(page, screen.fields);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test('a shown password is masked again when its form is sent', async ({ page }) => {
  await page.goto('/sign-in');
  const input = page.getByLabel('Password', { exact: true });
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(input).toHaveAttribute('type', 'text');
  // Stop the navigation, so the field can still be read once the submit event has run.
  await page.evaluate(() => document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault()));
  await page.getByLabel('Email').fill('someone@example.com');
  await input.fill('a secret phrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(input).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
});

/**
 * The legal pages and the consents of registration (issue 28, finding 10): /terms and
 * /privacy exist, read well at 375 px in both themes, and are linked from registration,
 * the footer and the settings; the digest is an unticked opt-in that registration does
 * without, and the settings turn it on.
 */
import { expect, expectNoSeriousA11yViolations, openHydrated, registerVerified, test, uniqueEmail } from './support';

const PASSWORD = 'legal-pages-password-1';
const PAGES = [
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
] as const;

for (const { path, heading } of PAGES) {
  test(`${path} answers 200 with its heading, version and contact`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/Version \d{4}-\d{2}-\d{2}, in effect since/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'privacy@foundermesh.app' }).first()).toHaveAttribute('href', 'mailto:privacy@foundermesh.app');
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(4);
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`${path} is readable at 375 px in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test('the privacy policy names what keeps data and for how long', async ({ page }) => {
  await page.goto('/privacy');
  for (const words of ['7 days from sign-in', 'Removed after 24 hours', 'Up to 30 days', 'Stripe', 'push service', 'Cloudflare']) {
    await expect(page.getByText(words).first()).toBeVisible();
  }
});

test('the footer links both pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
});

test('registration links the terms and the privacy policy, and the digest box starts unticked', async ({ page }) => {
  await page.goto('/register');
  const terms = page.getByLabel('I agree to the Terms of Service and Privacy Policy');
  await expect(terms).not.toBeChecked();
  const consent = page.locator('label.check').filter({ has: terms });
  await expect(consent.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(consent.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(page.getByLabel('Send me the FounderMesh digest')).not.toBeChecked();
  await expect(page.getByLabel('Send me the FounderMesh digest')).not.toHaveAttribute('required');
});

test('a member registered without the digest has it off, and turns it on in the settings', async ({ page, request }) => {
  await registerVerified(page, request, uniqueEmail('nodigest'), PASSWORD);
  await openHydrated(page, '/settings/notifications');
  const digest = page.getByRole('group', { name: 'Email digest' });
  await expect(digest.getByLabel('Off')).toBeChecked();
  await digest.getByLabel('Weekly').check();
  await expect(digest.getByLabel('Weekly')).toBeChecked();
  await openHydrated(page, '/settings/notifications');
  await expect(page.getByRole('group', { name: 'Email digest' }).getByLabel('Weekly')).toBeChecked();
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toBeVisible();
});

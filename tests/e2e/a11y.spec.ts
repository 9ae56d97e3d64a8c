import { DEMO_ADMIN, DEMO_MEMBER, expect, expectNoSeriousA11yViolations, signIn, test } from './support';

const visitorScreens = [
  '/',
  '/sign-in',
  '/register',
  '/verify-email?email=someone%40example.com',
  '/forgot-password',
  '/reset-password?code=abc',
  '/dev/mailbox',
  '/dev/error-boundary',
  '/no-such-page',
];
// The feed (its post links' target size) and notifications (unread rows' contrast) as Lighthouse found them (issue 29).
// Matching (the shortlist, the interest queue and the deck), saved people and searches, and
// verification are issue 31's screens.
const memberScreens = ['/', '/feed', '/notifications', '/settings/password', '/settings/notifications', '/matching', '/saved', '/settings/verification', '/admin'];

for (const theme of ['dark', 'light'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    test('every visitor screen has no serious or critical axe violation', async ({ page }) => {
      for (const path of visitorScreens) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoSeriousA11yViolations(page);
      }
    });

    test('every member screen has no serious or critical axe violation', async ({ page }) => {
      await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      for (const path of memberScreens) {
        await page.goto(path);
        await expectNoSeriousA11yViolations(page);
      }
    });

    test('every admin screen (overview, moderation, members, deletion requests, groups, audit log) has no serious or critical axe violation', async ({ page }) => {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      for (const path of [
        '/admin',
        '/admin/reports',
        '/admin/reports?state=handled&kind=post',
        '/admin/members',
        '/admin/deletion-requests?status=all',
        '/admin/groups',
        '/admin/audit',
      ]) {
        await page.goto(path);
        await expectNoSeriousA11yViolations(page);
      }
    });
  });
}

/**
 * The settings area as a member meets it: one column width on every tab with all ten tabs
 * whole at 1280 px, and a saved notification choice confirmed on screen as the privacy
 * switches are.
 */
import { expectShownWhole } from './layout';
import { newMember } from './profile-page-support';
import { expect, test } from './support';

const SETTINGS = [
  '/settings/profile',
  '/settings/privacy',
  '/settings/notifications',
  '/settings/office-hours',
  '/settings/invitations',
  '/settings/verification',
  '/settings/password',
  '/settings/sessions',
  '/settings/billing',
  '/settings/account',
];

test('every settings page has the same column, with all ten tabs shown whole at 1280 px', async ({ browser, baseURL, extraHTTPHeaders }) => {
  const { page, context } = await newMember({ browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} }, { firstName: 'Sam' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const widths = new Map<string, number>();
  for (const path of SETTINGS) {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await expect(nav.getByRole('link')).toHaveCount(SETTINGS.length);
    await expectShownWhole(nav.getByRole('link'));
    widths.set(path, Math.round((await nav.boundingBox())!.width));
  }
  expect(new Set(widths.values()).size, `the tab row's width on each page: ${JSON.stringify(Object.fromEntries(widths))}`).toBe(1);
  await context.close();
});

test('a notification choice is confirmed once saved, and kept', async ({ browser, baseURL, extraHTTPHeaders }) => {
  const { page, context } = await newMember({ browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} }, { firstName: 'Ada' });
  await page.goto('/settings/notifications');
  const status = page.locator('section[aria-labelledby="kinds-heading"]').getByRole('status');
  const mentions = page.getByRole('group', { name: 'Mentions' });
  await expect(page.locator('astro-island[component-url*="NotificationSettings"]:not([ssr])')).toBeAttached();

  await mentions.getByRole('radio', { name: 'Off' }).check();
  await expect(status).toHaveText('Saved: Mentions off.');
  await page.getByRole('group', { name: 'Email digest' }).getByRole('radio', { name: 'Daily' }).check();
  await expect(status).toHaveText('Saved: the email digest daily.');

  await page.reload();
  await expect(mentions.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Email digest' }).getByRole('radio', { name: 'Daily' })).toBeChecked();
  await context.close();
});

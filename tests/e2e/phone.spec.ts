/**
 * The member's private phone number on /settings/privacy: refused numbers are told at the
 * field, a saved number is kept across a reload and reaches the support chat as E.164, and
 * it can be removed. Checked with the keyboard and in both themes.
 */
import type { Page } from '@playwright/test';
import { newMember, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, test } from './support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings/privacy');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The commands the page gave the chat widget (`window.$crisp`). */
const chatCommands = (page: Page) => page.evaluate(() => (window as unknown as { $crisp?: unknown[][] }).$crisp ?? []);

for (const theme of ['dark', 'light'] as const) {
  test(`a member saves, keeps and removes a private phone number (${theme} theme)`, async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(90_000);
    const member = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: theme === 'dark' ? 'Phoebe' : 'Philippa' });
    const { page } = member;
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.route('https://client.crisp.chat/l.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await openSettings(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    const field = page.getByRole('textbox', { name: 'Phone number' });
    await expect(field).toHaveAttribute('type', 'tel');
    await expect(field).toHaveAttribute('autocomplete', 'tel');
    await expect(field).toHaveAccessibleDescription(/Private: only you and our support chat see it/);
    await expect(field).toHaveValue('');

    // A number without its country code is refused at the field, which takes the focus.
    await field.fill('020 7946 0958');
    await field.press('Enter');
    const problem = 'Phone number must be a valid number with its country code, such as +44 20 7946 0958.';
    await expect(page.locator('#pf-phone-error')).toHaveText(problem);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(problem.replace(/[.+]/g, '\\$&')));
    await expect(field).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // A valid one is saved as E.164 and kept across a reload.
    await field.fill('+44 20 7946 0958');
    await expect(page.locator('#pf-phone-error')).toHaveCount(0);
    await field.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Your phone number +442079460958 is saved.' })).toBeVisible();
    await page.reload();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+442079460958');
    await expectNoSeriousA11yViolations(page);

    // The support chat now knows the member by it.
    await page.mouse.move(10, 10);
    await expect.poll(() => chatCommands(page)).toContainEqual(['set', 'user:phone', ['+442079460958']]);

    // Remove clears it, with the keyboard too.
    const remove = page.getByRole('button', { name: 'Remove phone number' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Your phone number is removed.' })).toBeVisible();
    await expect(remove).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    await member.context.close();
  });
}

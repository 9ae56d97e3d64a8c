import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, latestMail, randomLetters, test, uniqueEmail } from './support';

/** The page is no wider than its viewport: nothing sticks out sideways at 375 px. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The /join/<token> path of the newest invitation mailed to `to`. */
async function invitationPath(page: Page, to: string): Promise<string> {
  const mail = await latestMail(page.request, to, /invited you to FounderMesh/);
  const match = mail.text.match(/https?:\/\/\S+(\/join\/[\w-]{43})/);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return match[1]!;
}

test.describe('invitations', () => {
  test('a member invites by email, the invited person lands on a page naming them, registers, and the inviter sees "joined"', async ({
    makeMember,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(120_000);
    const lastName = `Inviter${randomLetters(5)}`;
    const inviter = await makeMember({ firstName: 'Ines', lastName, profile: { tagline: '<b>Payroll</b> for Lagos & Accra' } });
    const { page } = inviter;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/settings/invitations');
    await expect(page.getByTestId('invitations-empty')).toBeVisible();
    await expectNoSidewaysScroll(page);

    // By keyboard: the address, then Enter sends the form.
    const invited = uniqueEmail('colleague');
    await page.getByLabel('Email address').focus();
    await page.keyboard.type(invited);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Your invitation is on its way.' })).toBeVisible();
    const row = page.getByTestId('invitations').getByRole('listitem').filter({ hasText: invited });
    await expect(row).toContainText('Sent');

    // The same address again is refused with the reason.
    await page.getByLabel('Email address').fill(invited);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('alert').first()).toContainText('You have invited this address already');

    // The invited person, on a phone, in a browser of their own.
    const visitor = await browser.newContext({ baseURL, extraHTTPHeaders, viewport: { width: 375, height: 800 } });
    const guest = await visitor.newPage();
    await guest.goto(await invitationPath(page, invited));
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`Ines ${lastName} invited you to FounderMesh`);
    // Member text is shown as typed, never as markup.
    await expect(guest.getByTestId('inviter')).toContainText('<b>Payroll</b> for Lagos & Accra');
    await expect(guest.getByTestId('inviter').locator('b')).toHaveCount(0);
    await expectNoSidewaysScroll(guest);
    await guest.getByRole('link', { name: 'Accept and create your account' }).click();
    await expect(guest).toHaveURL(/\/register\?invitation=/);
    await expect(guest.getByLabel('Email', { exact: true })).toHaveValue(invited);
    await guest.getByLabel('First name').fill('Jo');
    await guest.getByLabel('Last name').fill('Joiner');
    await guest.getByLabel('Password', { exact: true }).fill('invited-password-2026');
    await guest.getByLabel('Founder', { exact: true }).check();
    await guest.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    await guest.getByRole('button', { name: 'Create account' }).click();
    await expect(guest).toHaveURL(/\/verify-email/);
    await visitor.close();

    await page.reload();
    const joined = page.getByTestId('invitations').getByRole('listitem').filter({ hasText: invited });
    await expect(joined).toContainText('Joined');
    await expect(joined).toContainText('Jo Joiner joined through your invitation');
    await expectNoSidewaysScroll(page);
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`the invitations screen and the invitation page have no serious axe violation in the ${theme} theme`, async ({ makeMember, browser, baseURL, extraHTTPHeaders }) => {
      test.setTimeout(120_000);
      const inviter = await makeMember({ firstName: 'Theo' });
      const { page } = inviter;
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const invited = uniqueEmail('theme');
      await page.goto('/settings/invitations');
      await page.getByLabel('Email address').fill(invited);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByTestId('invitations')).toContainText('Sent');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousA11yViolations(page);

      const visitor = await browser.newContext({ baseURL, extraHTTPHeaders });
      const guest = await visitor.newPage();
      await guest.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await guest.goto(await invitationPath(page, invited));
      await expect(guest.getByTestId('inviter')).toContainText('Theo');
      await expect(guest.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousA11yViolations(guest);
      // An unknown link says so and still offers registration.
      await guest.goto(`/join/${'x'.repeat(43)}`);
      await expect(guest.getByText('This invitation link is not valid')).toBeVisible();
      await expect(guest.getByRole('link', { name: 'Create an account' })).toBeVisible();
      await visitor.close();
    });
  }
});

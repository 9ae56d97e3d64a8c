import { expect, expectNoSeriousA11yViolations, latestMail, openHydrated, signIn, signOut, test } from './support';

for (const theme of ['dark', 'light'] as const) {
  test(`a member asks for deletion, signs out and in, sees the request and withdraws it (${theme} theme)`, async ({ page, member }) => {
    test.setTimeout(90_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const { email } = member;

    await openHydrated(page, '/settings/account');
    const section = page.locator('#delete-account');
    await expect(section.getByRole('heading', { name: 'Delete account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Keyboard: open the confirmation, Escape leaves it with focus back on the button.
    const open = section.getByRole('button', { name: 'Delete account…' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep my account' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Every session is signed out')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('Why are you leaving? (optional)').fill('Found a co-founder elsewhere');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText(/Your account will be deleted by/)).toBeVisible();
    await expect(section.getByText('Your reason: Found a co-founder elsewhere')).toBeVisible();
    expect((await latestMail(page.context().request, email, /will be deleted by/)).subject).toContain('will be deleted by');

    await signOut(page);
    await signIn(page, email, member.password);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const banner = page.locator('[data-deletion-pending-banner]');
    await expect(banner).toContainText('Your account will be deleted by');
    await expectNoSeriousA11yViolations(page);
    await banner.getByRole('link', { name: 'Review or withdraw the request' }).click();
    await expect(page).toHaveURL(/\/settings\/account#delete-account$/);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await section.getByRole('button', { name: 'Withdraw the request' }).click();
    await expect(section.getByText('You withdrew your deletion request')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Delete account…' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
}

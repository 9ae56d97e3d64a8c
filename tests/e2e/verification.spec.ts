/**
 * The verified badge earned both ways in a real browser: a work address proved by the code
 * mailed to it (the development mailbox; free mail refused), and a LinkedIn sign-in linked
 * at the loopback provider (tests/e2e/oauth-stand-in.global.ts). The badge shows on the
 * profile and in search, the "verified only" filter keeps only verified members, and an
 * administrator withdraws it.
 */
import type { Page } from '@playwright/test';
import { expectCleanLayout } from './layout';
import { expect, expectNoSeriousA11yViolations, latestMail, newMember, profileHref, randomLetters, test } from './support';

const DOMAIN = 'acme.example';

/** At the provider's consent page: signs in as this person and allows. */
async function consent(page: Page, person: { sub: string; email: string; first: string; last: string }) {
  await expect(page.getByRole('heading', { name: 'Sign in to the stand-in provider' })).toBeVisible();
  await page.getByLabel('Account id').fill(person.sub);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('First name').fill(person.first);
  await page.getByLabel('Last name').fill(person.last);
  await page.getByRole('button', { name: 'Allow' }).click();
}

test.describe('the verified badge', () => {
  test('its settings fit 375 px in the dark theme and work from the keyboard alone', async ({ stack }) => {
    const { page } = await newMember(stack, { firstName: 'Kai' });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/settings/verification');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectCleanLayout(page);
    await page.getByLabel('Work email address').focus();
    await page.keyboard.type('kai@gmail.com');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/free mail addresses \(such as gmail\.com\) cannot prove where you work/).first()).toBeVisible();
    await expectCleanLayout(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('is earned with a work address and LinkedIn, shows on the profile and in search, filters, and an admin withdraws it', async ({ stack }) => {
    const lastName = `Trust${randomLetters(8)}`;
    const ada = await newMember(stack, { firstName: 'Ada', lastName, memberType: 'founder' });
    const bob = await newMember(stack, { firstName: 'Bob', lastName, memberType: 'founder' });
    const viewer = await newMember(stack, { firstName: 'Vera' });
    const admin = await newMember(stack, { firstName: 'Ann', admin: true });
    const page = ada.page;

    // Free mail is refused, naming the field.
    await page.goto('/settings/verification');
    await expect(page.getByTestId('my-badge')).toHaveText(/No badge yet/);
    await page.getByLabel('Work email address').fill('ada@gmail.com');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByText(/free mail addresses \(such as gmail\.com\) cannot prove where you work/).first()).toBeVisible();

    // A work address: the code comes by mail and earns the badge.
    const work = `ada-${randomLetters(6)}@${DOMAIN}`;
    await page.getByLabel('Work email address').fill(work);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByText('We emailed you a code: type it below.')).toBeVisible();
    const mail = await latestMail(page.request, work, /work verification code/);
    const code = /code is (\d{6})/.exec(mail.text)?.[1] ?? '';
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Your work address is verified: your badge shows its domain.')).toBeVisible();
    await expect(page.getByTestId('my-badge')).toContainText(`Verified: works at ${DOMAIN}`);

    // LinkedIn linked at the provider: the second way.
    await page.goto('/settings/account');
    await page.getByRole('region', { name: 'Sign-in methods' }).getByRole('link', { name: 'Link your LinkedIn account' }).click();
    await consent(page, { sub: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)), email: `ada-${randomLetters(6)}@linkedin.example`, first: 'Ada', last: lastName });
    await expect(page).toHaveURL(/\/settings\/account\?notice=provider-linked$/);
    await page.goto('/settings/verification');
    await expect(page.getByTestId('my-badge')).toContainText('LinkedIn linked');

    // Others see it on her profile and her search card; "verified only" leaves Bob out.
    const seen = viewer.page;
    await seen.goto(profileHref(ada));
    const hero = seen.locator('.pf-hero');
    await expect(hero.getByText(`Verified: works at ${DOMAIN}`)).toBeVisible();
    await expect(hero.getByText('LinkedIn linked')).toBeVisible();
    await seen.goto(`/founders?q=${lastName}`);
    await expect(seen.locator('.result-card')).toHaveCount(2);
    await expect(seen.locator('.result-card', { hasText: 'Ada' }).getByText(`Verified: works at ${DOMAIN}`)).toBeVisible();
    await expect(seen.locator('.result-card', { hasText: 'Bob' }).locator('[data-verified-badge]')).toHaveCount(0);
    await seen.goto(`/founders?q=${lastName}&verified=true`);
    await expect(seen.getByRole('checkbox', { name: 'Verified only' })).toBeChecked();
    await expect(seen.locator('.result-card')).toHaveCount(1);
    await expect(seen.locator('.result-card')).toContainText('Ada');

    // An administrator withdraws the work badge, with a reason the member is told.
    await admin.page.goto(`/admin/members/${ada.id}`);
    await expect(admin.page.getByTestId('admin-badge')).toContainText(`Verified: works at ${DOMAIN}`);
    const withdraw = admin.page.locator('form', { has: admin.page.getByRole('button', { name: `Withdraw “works at ${DOMAIN}”` }) });
    await withdraw.getByLabel('Reason (told to the member)').fill('Not an employee there');
    await withdraw.getByRole('button', { name: `Withdraw “works at ${DOMAIN}”` }).click();
    await expect(admin.page.getByText('The work verification is withdrawn; the member was told.')).toBeVisible();
    await expect(admin.page.getByTestId('admin-badge')).not.toContainText(DOMAIN);

    await seen.goto(profileHref(ada));
    await expect(seen.locator('.pf-hero').getByText('LinkedIn linked')).toBeVisible();
    await expect(seen.locator('.pf-hero').getByText(`Verified: works at ${DOMAIN}`)).toHaveCount(0);
    await page.goto('/notifications');
    await expect(page.getByText(/Reason: Not an employee there/)).toBeVisible();
    await page.goto('/settings/verification');
    await expect(page.getByText('An administrator withdrew your work verification.', { exact: false })).toBeVisible();

    await Promise.all([ada, bob, viewer, admin].map((member) => member.context.close()));
  });
});

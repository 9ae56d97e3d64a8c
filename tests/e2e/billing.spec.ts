import type { Page } from '@playwright/test';
import { api, type Member, newMember, profileHref, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, openHydrated, test } from './support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

/** A day as the billing screens write it (`5 November 2026`). */
const dayPattern = /\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/;

/** Buys the monthly plan through the test-mode checkout; the member ends on the success page. */
async function buyMonthly(page: Page): Promise<void> {
  await openHydrated(page, '/premium');
  await expect(page.getByText('no card is charged', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Choose monthly' }).click();
  await expect(page).toHaveURL(/\/premium\/test-checkout\//);
  await expect(page.getByText('Test mode: no real payment is made.')).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/premium\/success\?session_id=/);
}

test.describe('Premium billing', () => {
  test('a free member buys monthly, cancels with a reason, undoes it, and a failed renewal shows the banner', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const ada = await newMember(stack, { firstName: 'Ada' });
    const { page } = ada;

    // Free: billing settings offer the plans.
    await openHydrated(page, '/settings/billing');
    await expect(page.getByRole('heading', { name: 'You are on the free plan' })).toBeVisible();

    // Another tab, open on billing settings, learns of the purchase through the live connection.
    const otherTab = await ada.context.newPage();
    await openHydrated(otherTab, '/settings/billing');
    await expect(otherTab.getByRole('heading', { name: 'You are on the free plan' })).toBeVisible();
    await expect.poll(async () => (await (await api(ada, stack.baseURL, 'GET', 'dev/live/sockets')).json()).connected, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    await buyMonthly(page);
    // Premium shows at once on the return page, without waiting for a webhook.
    await expect(page.getByRole('heading', { name: 'You are now a Premium member' })).toBeVisible();
    await expect(otherTab.getByText('Premium is on.')).toBeVisible();
    await expect(otherTab.locator('[data-billing-status]')).toHaveText('Active');
    await otherTab.close();
    await expect(page.getByText(new RegExp(`Monthly plan, renewing on ${dayPattern.source}`))).toBeVisible();

    // Already subscribed: the plans page sends the member to billing settings instead.
    await openHydrated(page, '/premium');
    await expect(page.getByRole('button', { name: 'Choose monthly' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage your Premium' }).first()).toHaveAttribute('href', '/settings/billing');

    await openHydrated(page, '/settings/billing');
    await expect(page.locator('[data-billing-status]')).toHaveText('Active');
    await expect(page.getByText('Monthly', { exact: true })).toBeVisible();
    await expect(page.getByText('Renews on', { exact: true })).toBeVisible();
    const renewal = (await page.locator('[data-billing-date]').textContent()) ?? '';
    expect(renewal).toMatch(dayPattern);

    // Cancel, by keyboard: the dialog takes focus, Escape keeps Premium.
    await page.getByRole('button', { name: 'Cancel Premium' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel Premium?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Premium stays until ${renewal}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel Premium' })).toBeFocused();
    await expect(page.locator('[data-billing-status]')).toHaveText('Active');

    // Cancel with an optional reason: Premium stays until the end of the paid period.
    await page.getByRole('button', { name: 'Cancel Premium' }).click();
    await dialog.getByLabel('Why are you leaving? (optional)').fill('Trying it for one month');
    await dialog.getByRole('button', { name: 'Cancel Premium' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Cancelled: Premium ends on ${renewal}.`)).toBeVisible();
    await expect(page.locator('[data-billing-status]')).toHaveText('Active until the end of the paid period');
    await expect(page.getByText('Ends on', { exact: true })).toBeVisible();
    await expect(page.locator('[data-billing-date]')).toHaveText(renewal);
    // The pending end is what the server says too, after a reload.
    await openHydrated(page, '/settings/billing');
    await expect(page.getByText('Ends on', { exact: true })).toBeVisible();
    await expect(page.locator('[data-billing-date]')).toHaveText(renewal);

    // Undo.
    await page.getByRole('button', { name: 'Keep Premium (undo cancellation)' }).click();
    await expect(page.getByText('Your Premium will renew as before.')).toBeVisible();
    await expect(page.locator('[data-billing-status]')).toHaveText('Active');
    await expect(page.getByText('Renews on', { exact: true })).toBeVisible();

    // A failed renewal (the test billing portal) shows the banner with the fix.
    await page.getByRole('link', { name: 'Open the test billing portal' }).click();
    await expect(page).toHaveURL(/\/settings\/billing\/test-portal$/);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Fail the renewal payment' }).click();
    await expect(page.getByText('The renewal payment failed.')).toBeVisible();
    await openHydrated(page, '/settings/billing');
    await expect(page.locator('[data-billing-status]')).toHaveText('Payment failed: we are retrying your card');
    await expect(page.locator('main [data-payment-failed]')).toContainText('Your last payment failed.');
    // The billing page shows its own banner, not the shell's as well.
    await expect(page.locator('[data-payment-failed-banner]')).toHaveCount(0);
    // Every other member page carries the shell's banner, leading to the fix.
    for (const path of ['/feed', '/premium']) {
      await page.goto(path);
      await expect(page.locator('main [data-payment-failed-banner]')).toContainText('Your Premium payment failed.');
    }
    await page.locator('[data-payment-failed-banner]').getByRole('link', { name: 'Update your card' }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    // Renewed: the banner is gone.
    await openHydrated(page, '/settings/billing/test-portal');
    await page.getByRole('button', { name: 'Renew now' }).click();
    await expect(page.getByText('Renewed (or ended, when a cancellation was pending).')).toBeVisible();
    await page.goto('/feed');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.locator('[data-payment-failed-banner]')).toHaveCount(0);
    await ada.context.close();
  });

  test('after buying, the member sees every profile viewer and the Premium badge on their own profile', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(150_000);
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const ada = await newMember(stack, { firstName: 'Ada' });
    const viewers: Member[] = [];
    for (const name of ['Cleo', 'Dev', 'Eve', 'Finn', 'Gus']) viewers.push(await newMember(stack, { firstName: name }));
    // Each viewer opens Ada's profile through the API, signed in: that records a view.
    for (const viewer of viewers) {
      const response = await api(viewer, stack.baseURL, 'GET', `${ada.memberType}/profile?slug=${ada.slug}`);
      expect(response.status()).toBe(200);
    }
    const { page } = ada;
    const rows = page.locator('[data-view-row]');
    const upsell = page.locator('[data-views-upsell]');
    const badge = page.locator('.pf-page [data-premium-badge]');

    // Free: the three most recent viewers, the other two offered with Premium.
    await page.goto('/views');
    await expect(page.getByText('5 profile views in the last 90 days')).toBeVisible();
    await expect(rows).toHaveCount(3);
    for (const shown of viewers.slice(2)) await expect(rows.getByRole('link', { name: shown.name })).toBeVisible();
    for (const hidden of viewers.slice(0, 2)) await expect(page.getByText(hidden.name)).toHaveCount(0);
    await expect(upsell.getByRole('heading')).toHaveText('2 more members viewed your profile — see them all with Premium');
    await expect(upsell.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/premium');
    await expect(page.getByText(/^Premium: you see every viewer/)).toHaveCount(0);
    await page.goto(profileHref(ada));
    await expect(page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
    await expect(badge).toHaveCount(0);

    await buyMonthly(page);
    await expect(page.getByRole('heading', { name: 'You are now a Premium member' })).toBeVisible();

    // Premium: every viewer by name, no offer.
    await page.goto('/views');
    await expect(page.getByText(/^Premium: you see every viewer of the last 90 days/)).toBeVisible();
    await expect(rows).toHaveCount(5);
    for (const viewer of viewers) await expect(rows.getByRole('link', { name: viewer.name })).toHaveAttribute('href', profileHref(viewer));
    await expect(upsell).toHaveCount(0);
    // And the member's own public profile carries the Premium badge.
    await page.goto(profileHref(ada));
    await expect(page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
    await expect(badge).toHaveCount(1);
    await expect(badge).toHaveText('Premium');
    await expect(badge).toBeVisible();
    for (const member of [ada, ...viewers]) await member.context.close();
  });

  test('abandoning the test checkout lands on the cancelled page and leaves the member free', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const ben = await newMember(stack, { firstName: 'Ben' });
    const { page } = ben;
    await openHydrated(page, '/premium');
    await page.getByRole('button', { name: 'Choose yearly' }).click();
    await expect(page).toHaveURL(/\/premium\/test-checkout\//);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Abandon checkout' }).click();
    await expect(page).toHaveURL(/\/premium\/cancelled$/);
    await expect(page.getByText('Nothing was charged and you are still on the free plan.')).toBeVisible();
    await openHydrated(page, '/settings/billing');
    await expect(page.getByRole('heading', { name: 'You are on the free plan' })).toBeVisible();
    await ben.context.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`the plans page and billing settings are axe-clean at 360 px in the ${theme} theme`, async ({ browser, baseURL, extraHTTPHeaders }) => {
      test.setTimeout(120_000);
      const stack = stackOf(browser, baseURL, extraHTTPHeaders);
      const cleo = await newMember(stack, { firstName: 'Cleo' });
      const { page } = cleo;
      await page.setViewportSize({ width: 360, height: 800 });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const path of ['/premium', '/settings/billing']) {
        await openHydrated(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoSeriousA11yViolations(page);
      }
      // And with Premium on, cancelled (the undo button and the end date), and past due (the banner).
      await buyMonthly(page);
      await expect(page.getByRole('heading', { name: 'You are now a Premium member' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await openHydrated(page, '/settings/billing');
      await page.getByRole('button', { name: 'Cancel Premium' }).click();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel Premium' }).click();
      await expect(page.getByRole('button', { name: 'Keep Premium (undo cancellation)' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await openHydrated(page, '/settings/billing/test-portal');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Fail the renewal payment' }).click();
      await expect(page.getByText('The renewal payment failed.')).toBeVisible();
      await openHydrated(page, '/settings/billing');
      await expect(page.locator('main [data-payment-failed]')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await openHydrated(page, '/premium');
      await expect(page.locator('[data-payment-failed-banner]')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await cleo.context.close();
    });
  }
});

import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signIn, test } from './support';
import { api, newMember, profileHref, type Member, type Stack } from './profile-page-support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

const rows = (page: Page) => page.locator('[data-view-row]');
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Profile views' }).getByRole('link', { name: new RegExp(`^${name}`) });

/** `viewer` opens `member`'s profile through the API, signed in: that records a view. */
async function view(viewer: Member, member: Member, baseURL: string): Promise<void> {
  const response = await api(viewer, baseURL, 'GET', `${member.memberType}/profile?slug=${member.slug}`);
  expect(response.status()).toBe(200);
}

test.describe('profile views', () => {
  test('Ben opens Ada’s profile: Ada sees Ben under Who viewed me, Ben sees Ada under Whom I viewed', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const [ada, ben] = [
      await newMember(stack, { firstName: 'Ada', memberType: 'founder', profile: { tagline: 'Analytical engines' } }),
      await newMember(stack, { firstName: 'Ben', memberType: 'advisor', profile: { position: 'Angel investor' } }),
    ];

    await ben.page.goto(profileHref(ada));
    await expect(ben.page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();

    await ada.page.goto('/views');
    await expect(tab(ada.page, 'Who viewed me')).toHaveAttribute('aria-current', 'page');
    await expect(ada.page.getByText('1 profile view in the last 90 days')).toBeVisible();
    await expect(rows(ada.page)).toHaveCount(1);
    const benRow = rows(ada.page).first();
    await expect(benRow.getByRole('link', { name: ben.name })).toHaveAttribute('href', profileHref(ben));
    await expect(benRow.getByText('Angel investor')).toBeVisible();
    await expect(benRow.locator('time')).toHaveText('just now');
    await expect(ada.page.locator('[data-views-upsell]')).toHaveCount(0);
    // Opening one's own profile is never a view.
    await ada.page.goto(profileHref(ada));
    await ada.page.goto('/views');
    await expect(rows(ada.page)).toHaveCount(1);

    await ben.page.goto('/views');
    await tab(ben.page, 'Whom I viewed').click();
    await expect(ben.page).toHaveURL(/\/views\?tab=viewed$/);
    await expect(ben.page.getByText('You viewed 1 profile')).toBeVisible();
    await expect(rows(ben.page).first().getByRole('link', { name: ada.name })).toHaveAttribute('href', profileHref(ada));
    await expect(ben.page.getByText('0 profile views', { exact: false })).toHaveCount(0);
    for (const member of [ada, ben]) await member.context.close();
  });

  test('hovering or focusing a profile link (a prefetch) records no view; opening it records one', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const [ada, ben] = [await newMember(stack, { firstName: 'Ada' }), await newMember(stack, { firstName: 'Ben' })];
    // Ada looks at Ben's profile, so Ben's views list links to Ada's.
    await view(ada, ben, stack.baseURL);
    const adaViewers = async () => {
      await ada.page.goto('/views');
      return rows(ada.page);
    };
    const prefetchOf = (page: Page) => page.waitForRequest((request) => new URL(request.url()).pathname === profileHref(ada));

    for (const reach of ['hover', 'focus'] as const) {
      await ben.page.goto('/views');
      const link = rows(ben.page).first().getByRole('link', { name: ada.name });
      const prefetch = prefetchOf(ben.page);
      await (reach === 'hover' ? link.hover() : link.focus());
      const request = await prefetch;
      expect(`${request.headers()['sec-purpose'] ?? ''}${request.headers().purpose ?? ''}`).toContain('prefetch');
      await request.response();
      await expect(await adaViewers()).toHaveCount(0);
    }

    await rows(ben.page).first().getByRole('link', { name: ada.name }).click();
    await expect(ben.page.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
    await expect(async () => {
      const viewers = await adaViewers();
      await expect(viewers).toHaveCount(1, { timeout: 1_000 });
      await expect(viewers.first().getByRole('link', { name: ben.name })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    for (const member of [ada, ben]) await member.context.close();
  });

  test('a free member sees the three latest viewers, a private one unnamed, and the rest offered with Premium', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const ada = await newMember(stack, { firstName: 'Ada' });
    const viewers = [];
    for (const name of ['Cleo', 'Dev', 'Eve', 'Finn', 'Gus']) viewers.push(await newMember(stack, { firstName: name }));
    const [cleo, dev, eve, finn, gus] = viewers as [Member, Member, Member, Member, Member];
    // Gus browses privately and looks last, so his is the newest view.
    expect((await api(gus, stack.baseURL, 'PATCH', 'profile/privacy', { privateBrowsing: true })).ok()).toBe(true);
    for (const viewer of [cleo, dev, eve, finn, gus]) await view(viewer, ada, stack.baseURL);

    await ada.page.goto('/views');
    await expect(ada.page.getByText('5 profile views in the last 90 days')).toBeVisible();
    await expect(tab(ada.page, 'Who viewed me')).toContainText('5');
    await expect(rows(ada.page)).toHaveCount(3);
    await expect(rows(ada.page).nth(0)).toHaveAttribute('data-view-row', 'private');
    await expect(rows(ada.page).nth(0).getByRole('heading', { name: 'Someone browsing privately' })).toBeVisible();
    await expect(rows(ada.page).nth(0).getByRole('link')).toHaveCount(0);
    await expect(ada.page.getByText(gus.name)).toHaveCount(0);
    await expect(rows(ada.page).nth(1).getByRole('link', { name: finn.name })).toBeVisible();
    await expect(rows(ada.page).nth(2).getByRole('link', { name: eve.name })).toBeVisible();
    for (const hidden of [cleo, dev]) await expect(ada.page.getByText(hidden.name)).toHaveCount(0);
    const upsell = ada.page.locator('[data-views-upsell]');
    await expect(upsell.getByRole('heading')).toHaveText('2 more members viewed your profile — see them all with Premium');
    await expect(upsell).toContainText('Premium shows every member who viewed your profile in the last 90 days');
    await expectNoSeriousA11yViolations(ada.page);

    // Gus, browsing privately, still keeps his own list.
    await gus.page.goto('/views?tab=viewed');
    await expect(rows(gus.page).first().getByRole('link', { name: ada.name })).toBeVisible();
    for (const member of [ada, ...viewers]) await member.context.close();
  });

  test('a premium member sees every viewer by name and no Premium offer', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    // Priya Raman is a premium founder of the demo community.
    const priya = { memberType: 'founder', slug: 'priya-raman' } as Member;
    const viewers = [];
    for (const name of ['Hana', 'Ivo', 'Jun', 'Kai']) viewers.push(await newMember(stack, { firstName: name }));
    for (const viewer of viewers) await view(viewer, priya, stack.baseURL);

    await signIn(page, 'priya.raman@foundermesh.dev', 'demo-password-2026');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.goto('/views');
    await expect(page.getByText(/^Premium: you see every viewer of the last 90 days/)).toBeVisible();
    for (const viewer of viewers) await expect(rows(page).getByRole('link', { name: viewer.name })).toBeVisible();
    await expect(page.locator('[data-views-upsell]')).toHaveCount(0);
    for (const member of viewers) await member.context.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`a new member sees both empty states, accessible in the ${theme} theme`, async ({ browser, baseURL, extraHTTPHeaders }) => {
      const stack = stackOf(browser, baseURL, extraHTTPHeaders);
      const ada = await newMember(stack, { firstName: 'Ada' });
      await ada.page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await ada.page.goto('/views');
      await expect(ada.page.getByRole('heading', { level: 1, name: 'Profile views' })).toBeVisible();
      await expect(ada.page.getByRole('heading', { name: 'No profile views yet' })).toBeVisible();
      await expect(ada.page.getByRole('link', { name: 'Improve your profile' })).toHaveAttribute('href', '/settings/profile');
      await expectNoSeriousA11yViolations(ada.page);
      await ada.page.goto('/views?tab=viewed');
      await expect(tab(ada.page, 'Whom I viewed')).toHaveAttribute('aria-current', 'page');
      await expect(ada.page.getByRole('heading', { name: 'You have not viewed any profiles yet' })).toBeVisible();
      await expectNoSeriousA11yViolations(ada.page);
      await ada.page.setViewportSize({ width: 360, height: 800 });
      expect(await ada.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await ada.context.close();
    });
  }

  test('a visitor is sent to sign in, and comes back to the views afterwards', async ({ page }) => {
    await page.goto('/views?tab=viewed');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fviews%3Ftab%3Dviewed$/);
  });
});

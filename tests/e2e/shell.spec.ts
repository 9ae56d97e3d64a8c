import { expectHeaderOneRow, expectShownWhole } from './layout';
import { expect, test } from './support';

test('the theme is dark by default, toggles to light and survives a reload with no flash', async ({ page }) => {
  // Record the theme on the very first animation frame, before anything is painted.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameTheme: string | undefined }).firstFrameTheme = document.documentElement.dataset.theme;
    });
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => (window as unknown as { firstFrameTheme: string }).firstFrameTheme)).toBe('dark');

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstFrameTheme: string }).firstFrameTheme)).toBe('light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

  // A client-side navigation keeps it too.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the error boundary shows its fallback with the error and stack, and resets the island', async ({ page }) => {
  await page.goto('/dev/error-boundary');
  // A click before React hydrates the island reaches a plain button and throws nothing.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Throw an error' }).click();
  await expect(page.getByText('You have encountered an error')).toBeVisible();
  await expect(page.locator('pre').first()).not.toBeEmpty();
  await page.getByRole('button', { name: 'Click here to reset!' }).click();
  await expect(page.getByText('You have encountered an error')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Throw an error' })).toBeVisible();
});

test('navigating between pages is client-side and shows the progress bar', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('every page carries a title, description, canonical address and organisation JSON-LD', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page).toHaveTitle(/FounderMesh/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/sign-in$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((text) => JSON.parse(text)['@type'])).toContain('Organization');
});

test('at 360 px wide nothing overflows horizontally', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/sign-in', '/register']) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test('the sticky header blurs what scrolls under it, so page text never shows through', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('.site-header');
  await expect(header).toHaveCSS('position', 'sticky');
  expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur(12px)');
});

test('/favicon.ico answers with an icon for the browsers and crawlers that ask for it', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/icon/);
  expect((await response.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test('a member’s site header is one row at 1280 px, its brand whole', async ({ member }) => {
  await member.page.setViewportSize({ width: 1280, height: 800 });
  await member.page.goto('/');
  await expectHeaderOneRow(member.page);
  await expect(member.page.locator('[data-site-header]').getByRole('link', { name: 'Sessions' })).toBeVisible();
  await expectShownWhole(member.page.locator('[data-site-header] .brand-name'));
});

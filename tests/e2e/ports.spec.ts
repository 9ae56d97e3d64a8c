import type { Page } from '@playwright/test';
import { DEMO_MEMBER, expect, signIn, test } from './support';

// playwright.config.ts starts the stack with ANALYTICS_PROVIDER=plausible and CHAT_PROVIDER=crisp,
// pointed at addresses these tests answer themselves.

async function countPageViews(page: Page): Promise<string[]> {
  const views: string[] = [];
  await page.route('https://analytics.foundermesh.test/api/event', async (route) => {
    const event = JSON.parse(route.request().postData() ?? '{}');
    if (event.name === 'pageview') views.push(new URL(event.url).pathname);
    await route.fulfill({ status: 202, body: 'ok' });
  });
  return views;
}

test('analytics reports exactly one page view per page shown, client navigations included', async ({ page }) => {
  const views = await countPageViews(page);
  await page.goto('/');
  await expect.poll(() => views.length).toBe(1);
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page
    .getByRole('link', { name: /create (an )?account/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/register/);
  await expect.poll(() => views).toEqual(['/', '/sign-in', '/register']);
  // One more page: a second view of /register would have come before this one's.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect.poll(() => views).toEqual(['/', '/sign-in', '/register', '/sign-in']);
});

test('the chat widget loads only after the page is shown and identifies the member as free or premium', async ({ page }) => {
  const scriptRequests: number[] = [];
  await page.route('https://client.crisp.chat/l.js', (route) => {
    scriptRequests.push(Date.now());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__crispLoaded = true;' });
  });
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.mouse.move(10, 10);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __crispLoaded?: boolean }).__crispLoaded)).toBe(true);

  // The widget may have loaded on the sign-in page, as a visitor; the member's identity then
  // follows with the navigation's page-load event, which can come after the header shows.
  const commands = () => page.evaluate(() => (window as unknown as { $crisp: unknown[] }).$crisp) as Promise<unknown[][]>;
  await expect.poll(commands).toContainEqual(['set', 'user:email', [DEMO_MEMBER.email]]);
  expect(await commands()).toContainEqual(['set', 'session:segments', [['free']]]);
  expect(scriptRequests.length).toBe(1);
});

test('a visitor page adds the chat script only once it has loaded and painted, when the browser is idle', async ({ page }) => {
  await page.route('https://client.crisp.chat/l.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  // When the script element is added, on the page's own clock, watched from the first byte.
  await page.addInitScript(() => {
    const record = window as unknown as { __chatScriptAt?: number };
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src.includes('crisp')) record.__chatScriptAt ??= performance.now();
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  // Nobody touches the page: the idle callback (at most 4 s after load) adds it.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __chatScriptAt?: number }).__chatScriptAt ?? null), { timeout: 10_000 }).not.toBeNull();
  const { scriptAt, paintAt, loadedAt } = await page.evaluate(() => ({
    scriptAt: (window as unknown as { __chatScriptAt: number }).__chatScriptAt,
    paintAt: performance.getEntriesByType('paint').find((entry) => entry.name === 'first-paint')?.startTime ?? null,
    loadedAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  }));
  expect(paintAt).not.toBeNull();
  expect(scriptAt).toBeGreaterThan(paintAt!);
  expect(loadedAt).toBeGreaterThan(0);
  expect(scriptAt).toBeGreaterThanOrEqual(loadedAt);
});

test('a page whose address carries a code reports no query and loads no outside script', async ({ page }) => {
  const reported: string[] = [];
  await page.route('https://analytics.foundermesh.test/api/event', async (route) => {
    reported.push(JSON.parse(route.request().postData() ?? '{}').url);
    await route.fulfill({ status: 202, body: 'ok' });
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    if (/crisp\.chat|cloudflareinsights\.com/.test(request.url())) outside.push(request.url());
  });
  for (const path of ['/reset-password?code=secret-reset-code', '/verify-email?email=someone%40example.com&code=123456']) {
    await page.goto(path);
    await expect.poll(() => reported.length).toBeGreaterThan(0);
    // A key press is an interaction that loads the chat widget at once where the page offers
    // it (client/chat.ts); these pages leave out the chat's settings element it loads from.
    await page.waitForLoadState('load');
    await page.keyboard.press('Shift');
    await expect(page.locator('[data-chat]')).toHaveCount(0);
    expect(reported.at(-1)).toBe(new URL(path.split('?')[0]!, page.url()).href);
    reported.length = 0;
  }
  expect(await page.locator('script[src*="crisp"], script[src*="cloudflareinsights"]').count()).toBe(0);
  expect(outside).toEqual([]);
});

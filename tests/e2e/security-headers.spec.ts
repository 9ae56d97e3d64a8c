import type { Page, Response } from '@playwright/test';
import { png, newMember } from './profile-page-support';
import { DEMO_ADMIN, DEMO_MEMBER, expect, registerVerified, signIn, test, uniqueEmail } from './support';

// Every screen is shown under the policy the app sends, with the providers of
// playwright.config.ts switched on; any refusal by the Content-Security-Policy fails the test.

const visitorScreens = [
  '/',
  '/sign-in',
  '/register',
  '/verify-email?email=someone%40example.com',
  '/forgot-password',
  '/reset-password?code=abc',
  '/founders',
  '/advisors',
  '/dev/mailbox',
  '/dev/error-boundary',
  '/no-such-page',
];
const memberScreens = [
  '/',
  '/feed',
  '/inbox',
  '/connections',
  '/notifications',
  '/matching',
  '/founders',
  '/advisors',
  '/views',
  '/settings/profile',
  '/settings/password',
  '/settings/privacy',
  '/founder/Maya-Okafor',
];
const adminScreens = ['/admin', '/admin/reports'];

/** Collects every CSP refusal the page reports, as the browser logs it and as the DOM event. */
async function watchPolicy(page: Page): Promise<string[]> {
  const refusals: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/.test(message.text())) refusals.push(`${page.url()}: ${message.text()}`);
  });
  // The providers' outside addresses are answered here, never reached.
  await page.route('https://analytics.foundermesh.test/api/event', (route) => route.fulfill({ status: 202, body: 'ok' }));
  await page.route('https://client.crisp.chat/l.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  return refusals;
}

/** The headers every page sends on this local plain-HTTP stack. */
function expectSecurityHeaders(response: Response | null, { isPrivate }: { isPrivate: boolean }): void {
  const headers = response?.headers() ?? {};
  const where = response?.url();
  expect(headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy'], where).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy'], where).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  // HSTS on 127.0.0.1 would pin this machine to HTTPS.
  expect(headers['strict-transport-security'], where).toBeUndefined();
  if (isPrivate) expect(headers['cache-control'], where).toBe('no-store');
  else expect(headers['cache-control'] ?? '', where).not.toContain('no-store');
}

const isAuthPath = (path: string) => /^\/(sign-in|register|verify-email|forgot-password|reset-password)/.test(path);

/**
 * Shows a screen, lets its islands hydrate and its scripts run, and checks its headers. The
 * page shown is private when a member is signed in or it is a page of the sign-in flow (a
 * visitor asking for a member screen lands on /sign-in).
 */
async function show(page: Page, path: string, { signedIn }: { signedIn: boolean }): Promise<void> {
  const response = await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.mouse.move(20, 20);
  expectSecurityHeaders(response, { isPrivate: signedIn || isAuthPath(new URL(page.url()).pathname) });
}

test('every visitor screen runs under the policy without a single refusal', async ({ page }) => {
  const refusals = await watchPolicy(page);
  for (const path of visitorScreens) await show(page, path, { signedIn: false });
  // Client-side navigations run each swapped-in page's scripts under the first page's policy.
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(refusals).toEqual([]);
});

test('every member screen, a post and a profile run under the policy without a refusal', async ({ page }) => {
  const refusals = await watchPolicy(page);
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const path of memberScreens) await show(page, path, { signedIn: true });
  await page.goto('/feed');
  const post = await page.locator('a[href^="/post/"]').first().getAttribute('href');
  expect(post).toBeTruthy();
  await show(page, post!, { signedIn: true });
  await page.goto('/advisors');
  const advisor = await page.locator('a[href^="/advisor/"]').first().getAttribute('href');
  expect(advisor).toBeTruthy();
  await show(page, advisor!, { signedIn: true });
  // A client-side navigation between member screens (the live socket stays open across it).
  await page
    .getByRole('link', { name: /^Messages/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/inbox/);
  expect(refusals).toEqual([]);
});

test('the admin screens run under the policy without a refusal', async ({ page }) => {
  const refusals = await watchPolicy(page);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const path of adminScreens) await show(page, path, { signedIn: true });
  expect(refusals).toEqual([]);
});

test('a fresh member onboards under the policy without a refusal', async ({ page, request }) => {
  const refusals = await watchPolicy(page);
  await registerVerified(page, request, uniqueEmail('csp'), 'a-long-enough-password-2026');
  await show(page, '/onboarding', { signedIn: true });
  expect(refusals).toEqual([]);
});

test('a message attachment opened in the browser keeps the API’s sandbox, not the page policy', async ({ browser, baseURL, extraHTTPHeaders }) => {
  const member = await newMember({ browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} }, { firstName: 'Sandy', onboarded: false });
  const uploaded = await member.context.request.post('/api/session/upload/attachment', {
    multipart: { file: { name: 'plan.png', mimeType: 'image/png', buffer: png(8, 8) } },
    headers: { origin: baseURL! },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { _id } = (await uploaded.json()) as { _id: string };
  // Opened as a page (a member following the file's link) and fetched as the inbox's <img> does.
  const opened = await member.page.goto(`/api/session/connections/attachments/${_id}`);
  const fetched = await member.context.request.get(`/api/session/connections/attachments/${_id}`);
  for (const response of [opened!, fetched]) {
    expect(response.status()).toBe(200);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy.split('; ')).toEqual(expect.arrayContaining(["default-src 'none'", 'sandbox']));
    expect(policy).not.toMatch(/script-src|'unsafe-eval'/);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  }
  await member.context.close();
});

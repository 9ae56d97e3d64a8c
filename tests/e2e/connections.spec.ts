import type { Page } from '@playwright/test';
import {
  api,
  DEMO_ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  liveConnected,
  newMember,
  randomLetters,
  signIn,
  test,
  openHydrated as open,
  type Member,
  type Stack,
} from './support';

/** A founder with a last name of their own, so another spec's "Ben Tester" never stands in for this one. */
const founder = (stack: Stack, firstName: string) => newMember(stack, { firstName, lastName: `Tester${randomLetters(5)}` });

async function connect(from: Member, to: Member, baseURL: string, note?: string): Promise<string> {
  const response = await api(from, baseURL, 'POST', 'connection/connect', note ? { receiverId: to.id, note } : { receiverId: to.id });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { connection: { _id: string } }).connection._id;
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const badge = (page: Page) => page.locator('[data-requests-badge]');

test.describe('connections', () => {
  test('A asks B and B accepts; A withdraws a request to C; B blocks C, who can no longer find or contact B', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [a, b, c] = [await founder(stack, 'Ada'), await founder(stack, 'Ben'), await founder(stack, 'Cleo')];

    // A asks B, with a note that must show as text, never as markup.
    await connect(a, b, stack.baseURL, 'Hello <b>Ben</b>, shall we talk pricing?');
    await open(b.page, '/connections');
    await expect(badge(b.page)).toHaveText(/1/);
    await expect(tab(b.page, 'Received')).toHaveAttribute('aria-selected', 'true');
    const request = row(b.page, a.name);
    await expect(request.getByText('Hello <b>Ben</b>, shall we talk pricing?')).toBeVisible();

    // B accepts from the Received tab: the row leaves, the badge clears, no reload.
    await request.getByRole('button', { name: `Accept request from ${a.name}` }).click();
    await expect(request).toHaveCount(0);
    await expect(b.page.locator('.toast').filter({ hasText: `You and ${a.name} are now connected.` })).toBeVisible();
    await expect(badge(b.page)).toBeHidden();
    await expect(b.page.getByText('No requests waiting')).toBeVisible();
    await tab(b.page, 'Connections').click();
    await expect(b.page).toHaveURL(/\?tab=connections$/);
    await expect(row(b.page, a.name)).toBeVisible();

    // Both see each other under Connections.
    await open(a.page, '/connections?tab=connections');
    await expect(row(a.page, b.name)).toBeVisible();
    await expect(tab(a.page, 'Connections')).toContainText('1');

    // A asks C, then withdraws from the Sent tab; C's Received tab no longer shows it.
    await connect(a, c, stack.baseURL);
    await open(c.page, '/connections');
    await expect(row(c.page, a.name)).toBeVisible();
    await tab(a.page, 'Sent').click();
    await a.page.getByRole('button', { name: `Withdraw request to ${c.name}` }).click();
    await expect(row(a.page, c.name)).toHaveCount(0);
    await expect(tab(a.page, 'Sent')).toContainText('0');
    await reload(c.page);
    await expect(c.page.getByText('No requests waiting')).toBeVisible();
    await expect(badge(c.page)).toBeHidden();

    // C asks B; B blocks C from the row's menu, with a confirmation.
    await connect(c, b, stack.baseURL);
    await tab(b.page, 'Received').click();
    await b.page.getByRole('button', { name: `More actions for ${c.name}` }).click();
    await b.page.getByRole('menuitem', { name: 'Block' }).click();
    const confirm = b.page.getByRole('dialog', { name: `Block ${c.name}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(row(b.page, c.name)).toHaveCount(0);
    await expect(tab(b.page, 'Blocked')).toContainText('1');
    await tab(b.page, 'Blocked').click();
    await expect(b.page.getByRole('button', { name: `Unblock ${c.name}` })).toBeVisible();

    // C can no longer find B: the request is gone, B is not suggested, B's status is "not found".
    await open(c.page, '/connections?tab=sent');
    await expect(c.page.getByText('No requests on their way')).toBeVisible();
    await tab(c.page, 'Suggestions').click();
    await expect(c.page.locator('#cx-panel-suggestions').getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(row(c.page, b.name)).toHaveCount(0);
    expect((await api(c, stack.baseURL, 'GET', `founder/connection-status/${b.id}`)).status()).toBe(404);

    // …nor contact B: a new request is refused as if B did not exist.
    const refused = await api(c, stack.baseURL, 'POST', 'connection/connect', { receiverId: b.id });
    expect(refused.status()).toBe(404);
    expect((await refused.json()).message).toBe('Member not found.');

    for (const member of [a, b, c]) await member.context.close();
  });

  test('the Sent tab and the counts follow live when the other side accepts', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [a, b] = [await newMember(stack, { firstName: 'Ada' }), await newMember(stack, { firstName: 'Ben' })];
    const id = await connect(a, b, stack.baseURL);
    const live = liveConnected(a.page);
    await open(a.page, '/connections?tab=sent');
    await live;
    await expect(row(a.page, b.name).getByRole('button', { name: `Withdraw request to ${b.name}` })).toBeVisible();
    await expect(tab(a.page, 'Sent')).toContainText('1');
    await expect(tab(a.page, 'Connections')).toContainText('0');

    expect((await api(b, stack.baseURL, 'PUT', `connection/accepted/${id}`)).ok()).toBe(true);
    // No reload: the accepted request leaves Sent and joins Connections.
    await expect(row(a.page, b.name)).toHaveCount(0);
    await expect(a.page.getByText('No requests on their way')).toBeVisible();
    await expect(tab(a.page, 'Sent')).toContainText('0');
    await expect(tab(a.page, 'Connections')).toContainText('1');
    await tab(a.page, 'Connections').click();
    await expect(row(a.page, b.name)).toBeVisible();
    for (const member of [a, b]) await member.context.close();
  });

  test('a refused accept is rolled back, with the server’s message in a toast', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [a, b] = [await founder(stack, 'Dora'), await founder(stack, 'Eli')];
    await connect(a, b, stack.baseURL);
    await open(b.page, '/connections');
    const request = row(b.page, a.name);
    await expect(request).toBeVisible();

    await b.page.route('**/api/session/connection/accepted/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.fulfill({ status: 500, json: { message: 'The server is having a moment.', status: 500, data: null } });
    });
    await request.getByRole('button', { name: `Accept request from ${a.name}` }).click();
    // Optimistic: gone at once, counts down…
    await expect(request).toHaveCount(0);
    await expect(badge(b.page)).toBeHidden();
    // …then back where it was, with the server's words.
    await expect(b.page.locator('.toast[data-kind="error"]')).toHaveText('The server is having a moment.');
    await expect(request).toBeVisible();
    await expect(badge(b.page)).toHaveText(/1/);
    await expect(tab(b.page, 'Received')).toContainText('1');

    for (const member of [a, b]) await member.context.close();
  });

  test('connecting from Suggestions sends a note; tabs follow the keyboard and the address; it fits 360 px', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const a = await founder(stack, 'Finn');
    const { page } = a;
    await page.setViewportSize({ width: 360, height: 800 });
    await open(page, '/connections');

    // Arrow keys move between tabs (wrapping), and the address follows.
    await tab(page, 'Received').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Blocked')).toBeFocused();
    await expect(page).toHaveURL(/\?tab=blocked$/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Suggestions')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=suggestions$/);

    // Connect with the first suggestion, with a note.
    const connectButton = page.getByRole('button', { name: /^Connect with / }).first();
    const name = ((await connectButton.getAttribute('aria-label')) ?? '').replace('Connect with ', '');
    await connectButton.click();
    const dialog = page.getByRole('dialog', { name: `Connect with ${name}` });
    await expect(dialog.getByLabel(/Note/)).toBeFocused();
    await dialog.getByLabel(/Note/).fill('We met at the climate-tech meetup.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('button', { name: `Withdraw request to ${name}` })).toBeFocused();
    await expect(tab(page, 'Sent')).toContainText('1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A reload keeps the tab; the Sent tab shows the note.
    await reload(page);
    await expect(tab(page, 'Suggestions')).toHaveAttribute('aria-selected', 'true');
    await tab(page, 'Sent').click();
    await expect(row(page, name).getByText('We met at the climate-tech meetup.')).toBeVisible();
    await a.context.close();
  });
});

for (const theme of ['dark', 'light'] as const) {
  test.describe(`connections in the ${theme} theme`, () => {
    test('every tab of the connections screen, its dialogs and the reports page have no serious axe violation', async ({ browser, baseURL, extraHTTPHeaders }) => {
      test.setTimeout(120_000);
      const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
      const [a, b, c] = [await founder(stack, 'Gus'), await founder(stack, 'Hana'), await founder(stack, 'Ivo')];
      // One row in every tab for A: received from B, connected with C, sent to and blocked a demo member.
      await connect(b, a, stack.baseURL, 'Fellow founder here.');
      const accepted = await connect(c, a, stack.baseURL);
      expect((await api(a, stack.baseURL, 'PUT', `connection/accepted/${accepted}`)).ok()).toBe(true);
      const suggestions = (await (await api(a, stack.baseURL, 'GET', 'connection/you-might-like?limit=20')).json()) as { data: { member: { _id: string } }[] };
      const [first, second] = suggestions.data.map((item) => item.member._id);
      expect((await api(a, stack.baseURL, 'POST', 'connection/connect', { receiverId: first })).status()).toBe(201);
      expect((await api(a, stack.baseURL, 'POST', `connection/block/${second}`)).ok()).toBe(true);
      expect((await api(a, stack.baseURL, 'POST', 'reports', { targetType: 'member', targetId: b.id, reason: 'spam', details: 'Axe check' })).status()).toBeLessThan(300);

      const { page } = a;
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const name of ['received', 'sent', 'connections', 'suggestions', 'blocked']) {
        await open(page, `/connections?tab=${name}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator(`#cx-panel-${name} .cx-row`).first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
      await page.getByRole('tab', { name: /^Received/ }).click();
      await page.getByRole('button', { name: `More actions for ${b.name}` }).click();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await expect(page.getByRole('dialog', { name: `Report ${b.name}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: `More actions for ${b.name}` })).toBeFocused();

      const admin = await browser.newContext({ baseURL, extraHTTPHeaders: stack.headers });
      const adminPage = await admin.newPage();
      await adminPage.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await signIn(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await expect(adminPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await adminPage.goto('/admin/reports');
      await expect(adminPage.getByRole('table')).toBeVisible();
      await expectNoSeriousA11yViolations(adminPage);
      for (const context of [a.context, b.context, c.context, admin]) await context.close();
    });
  });
}

/**
 * Notifications in two browser contexts: Ada's request and her mention reach Ben's bell
 * live over the socket (no reload, one socket that survives navigations), as does her
 * message (the Messages badge too), the drop-down
 * and the notifications page list them, a refused "mark as read" is rolled back with a
 * toast, "Mark all as read" empties the count, and visitors never load the live client.
 */
import type { Page, WebSocket } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, openHydrated as open } from './support';
import { api, newMember, type Member, type Stack } from './profile-page-support';

test.describe.configure({ mode: 'serial' });

let ada: Member;
let ben: Member;
let baseURL: string;
let requestId: string;
const sockets: WebSocket[] = [];
/** Sockets whose "/" namespace is connected (the server's `40{…}` arrived). */
const connected = new Set<WebSocket>();

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const dropDown = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test.beforeAll(async ({ browser, extraHTTPHeaders }, info) => {
  baseURL = info.project.use.baseURL!;
  const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
  ada = await newMember(stack, { firstName: 'Ada' });
  ben = await newMember(stack, { firstName: 'Ben' });
  ben.page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/socket.io/') return;
    sockets.push(socket);
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) connected.add(socket);
    });
  });
});

test.afterAll(async () => {
  await ada?.context.close();
  await ben?.context.close();
});

test('a connection request raises the bell live and the drop-down lists it; one socket lives across navigations', async () => {
  const page = ben.page;
  await open(page, '/feed');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect.poll(() => sockets.length).toBe(1);
  await expect.poll(() => connected.has(sockets[0]!)).toBe(true);
  expect(new URL(sockets[0]!.url()).searchParams.get('userId')).toBe(ben.id);

  const requested = await api(ada, baseURL, 'POST', 'connection/connect', { receiverId: ben.id, note: 'Loved your <b>pitch</b>, shall we talk?' });
  expect(requested.status()).toBe(201);
  requestId = ((await requested.json()) as { connection: { _id: string } }).connection._id;
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.locator('[data-bell-count]')).toHaveText('1');

  await bell(page).click();
  const panel = dropDown(page);
  await expect(panel).toBeVisible();
  const row = panel.getByRole('link', { name: /New connection request/ });
  await expect(row).toContainText('Loved your <b>pitch</b>, shall we talk?');
  await expect(row).toContainText('Ada Tester');
  // Keyboard: arrows move through the drop-down, Escape closes it and gives focus back.
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // A client-router navigation keeps the same socket and the store.
  await page.getByRole('link', { name: 'Connections' }).first().click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  expect(sockets).toHaveLength(1);
  expect(sockets[0]!.isClosed()).toBe(false);
});

test('a mention in a post reaches the bell live', async () => {
  const page = ben.page;
  const posted = await ada.context.request.post('/api/session/feed-post', {
    headers: { origin: baseURL },
    multipart: { post_by: ada.id, text: `Demo day soon, @[${ben.name}](${ben.id}) is pitching first. #demo` },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await bell(page).click();
  const row = dropDown(page).getByRole('link', { name: /Ada Tester mentioned you in a post/ });
  await expect(row).toContainText(`Demo day soon, @${ben.name} is pitching first.`);
  await expect(dropDown(page).getByRole('link').first()).toHaveAccessibleName(/mentioned you/);
  await page.keyboard.press('Escape');
});

test('a message raises the Messages badge live and its notification reaches the bell', async () => {
  const page = ben.page;
  const messages = page.getByRole('link', { name: /^Messages/ });
  await expect(messages).toHaveAccessibleName('Messages');
  expect((await api(ben, baseURL, 'PUT', `connection/accepted/${requestId}`)).ok()).toBe(true);
  const sent = await ada.context.request.post('/api/session/connections/messages', {
    headers: { origin: baseURL },
    multipart: { to: ben.id, body: 'Hi Ben, see you at demo day?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(messages).toHaveAccessibleName(/^Messages\s*, 1 unread$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await bell(page).click();
  await expect(dropDown(page).getByRole('link', { name: /New Message/ })).toContainText('Hi Ben, see you at demo day?');
  await page.keyboard.press('Escape');
});

test('marking seen while the server refuses is rolled back with a toast; Mark all as read empties the count', async () => {
  const page = ben.page;
  await open(page, '/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('3 unread', { exact: true })).toBeVisible();

  await page.route('**/api/session/notifications/seen?*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Notifications are resting.', status: 503, data: null }) }),
  );
  const mark = page.getByRole('button', { name: /^Mark as read: Ada Tester mentioned you/ });
  await mark.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Notifications are resting.' })).toBeVisible();
  await expect(mark).toBeVisible();
  await expect(list.locator('[data-unseen]')).toHaveCount(3);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await page.unroute('**/api/session/notifications/seen?*');

  // Marked for real, one survives a reload as seen.
  await mark.click();
  await expect(mark).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await open(page, '/notifications');
  await expect(list.locator('[data-unseen]')).toHaveCount(2);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByText('No unread notifications', { exact: true })).toBeVisible();
  await open(page, '/notifications');
  await expect(list.locator('[data-unseen]')).toHaveCount(0);
  expect(await (await api(ben, baseURL, 'GET', 'notifications/unseen-count')).json()).toEqual({ count: 0 });
});

test('a row of the notifications page opens its link', async () => {
  const page = ben.page;
  await open(page, '/notifications');
  await page.getByRole('link', { name: /New connection request/ }).click();
  await expect(page).toHaveURL(/\/connections/);
});

for (const theme of ['dark', 'light'] as const) {
  test(`the notifications page and the open drop-down pass axe in the ${theme} theme and fit 360 px`, async () => {
    const page = ben.page;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await open(page, '/notifications');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await bell(page).click();
    const box = (await dropDown(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 720 });
  });
}

test('signing out closes the socket', async () => {
  const page = ben.page;
  const before = sockets.length;
  await open(page, '/feed');
  // A full page load opens a socket of its own (the last page's closed on unload).
  await expect.poll(() => sockets.length).toBe(before + 1);
  const live = sockets.at(-1)!;
  await expect.poll(() => connected.has(live)).toBe(true);
  const opened = sockets.length;
  expect(live.isClosed()).toBe(false);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect.poll(() => live.isClosed()).toBe(true);
  // The signed-out home page opens none.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(sockets).toHaveLength(opened);
});

test('a visitor opens no socket and downloads no socket.io client', async ({ page }) => {
  const opened: string[] = [];
  const scripts: Promise<string>[] = [];
  page.on('websocket', (socket) => opened.push(socket.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  expect(opened.filter((url) => url.includes('/socket.io/'))).toEqual([]);
  const bodies = await Promise.all(scripts);
  expect(bodies.some((body) => body.includes('EIO'))).toBe(false);
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
});

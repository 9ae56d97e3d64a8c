/**
 * Web push and the installable app in Chromium. Headless Chromium can't create a real push
 * subscription offline (PushManager.subscribe needs Google's push service), so the "Turn on"
 * test hands the page a PushManager whose subscription carries real ECDH keys made by the
 * page's WebCrypto; everything else is the real service worker: a push event it shows, the
 * click that lands in the conversation, the clear message, the offline page.
 */
import type { Page, Worker } from '@playwright/test';
import { DEMO_MEMBER, expect, expectNoSeriousA11yViolations, openHydrated, signIn, test } from './support';

// worker.evaluate runs these in the service worker: its global and event types, for tsc (this file is typed for pages).
declare const self: { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
declare const PushEvent: new (type: string, init: { data: string }) => Event & { waitUntil(promise: Promise<unknown>): void };
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

// The suite blocks the service worker (playwright.config.ts); these tests are about it.
test.use({ serviceWorkers: 'allow' });

/**
 * Chromium's PushManager needs Google's push service; this one subscribes with real keys made
 * by the page's WebCrypto. It also counts the permission requests (window.permissionAsks).
 */
async function stubPushManager(page: Page, permission?: NotificationPermission): Promise<void> {
  await page.addInitScript((fixed) => {
    let current: PushSubscription | null = null;
    const counted = window as unknown as { permissionAsks: number };
    counted.permissionAsks = 0;
    const request = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = async () => {
      counted.permissionAsks += 1;
      return request();
    };
    if (fixed) Object.defineProperty(Notification, 'permission', { get: () => fixed });
    const toBase64url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async () => {
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
      const p256dh = toBase64url(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = toBase64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
      // Loopback, where nothing listens (the discard port): the API accepts it only with
      // PUSH_ALLOW_LOOPBACK_FOR_TESTS (playwright.config.ts), and a push it sends goes nowhere.
      const endpoint = `http://127.0.0.1:9/e2e/${crypto.randomUUID()}`;
      current = {
        endpoint,
        toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
  }, permission ?? null);
}

/**
 * Delivers a push to the service worker as a push service does, and waits, as the browser does,
 * for the work the worker hands to event.waitUntil (showing the notification) to finish. A
 * script-made event's own waitUntil throws, so nothing would wait, and Chromium loses a
 * notification whose getNotifications() (the test's poll) runs while it is still being shown.
 */
async function deliverPush(worker: Worker, data: Record<string, string>): Promise<void> {
  await worker.evaluate(async (payload) => {
    const event = new PushEvent('push', { data: JSON.stringify(payload) });
    const work: Array<Promise<unknown>> = [];
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => void work.push(promise) });
    self.dispatchEvent(event);
    await Promise.all(work);
  }, data);
}

test.describe('web push and the installable app', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
  });

  test('the manifest meets the install criteria: name, start URL, standalone, 192 and 512 icons, maskable, shortcuts', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveCount(1);
    await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveCount(1);
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'FounderMesh', short_name: 'FounderMesh', display: 'standalone', start_url: expect.stringMatching(/^\//) });
    expect(manifest.shortcuts.map((shortcut: { name: string; url: string }) => [shortcut.name, shortcut.url])).toEqual([
      ['Feed', '/feed'],
      ['Inbox', '/inbox'],
      ['Matching', '/matching'],
    ]);
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const answer = await request.get(icon.src);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('image/png');
    }
    // The service worker registers after load and controls the page.
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toMatch(/\/sw\.js$/);
    // Chromium's own verdict, the check behind its install prompt (and Lighthouse's former audit).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('offline, a page that cannot load shows the friendly offline page', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    await context.setOffline(true);
    await page.goto('/founders').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a push is shown, its click lands in the conversation, and reading it clears it', async ({ page, context }) => {
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.goto('/feed');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    const worker = context.serviceWorkers().find((sw) => sw.url().endsWith('/sw.js')) ?? (await context.waitForEvent('serviceworker'));
    const tag = `thread-e2e${Date.now()}`;
    const payload = { type: 'notification', title: 'Message from Ada', body: 'Are you free on Friday?', url: `/inbox?personalInbox=${tag.slice(7)}`, tag, kind: 'messages' };
    // The push event exactly as a push service delivers it (decrypted by the browser).
    await deliverPush(worker, payload);
    await expect
      .poll(() => worker.evaluate(async (t) => (await self.registration.getNotifications({ tag: t })).map((n) => [n.title, n.body, n.data.url]), tag))
      .toEqual([[payload.title, payload.body, payload.url]]);
    // A second push of the same conversation replaces the first (one tag).
    await deliverPush(worker, { ...payload, body: 'Or Saturday?' });
    await expect.poll(() => worker.evaluate(async (t) => (await self.registration.getNotifications({ tag: t })).map((n) => n.body), tag)).toEqual(['Or Saturday?']);
    // The click focuses this tab and takes it to the conversation.
    await worker.evaluate(async (t) => {
      const [notification] = await self.registration.getNotifications({ tag: t });
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    }, tag);
    await expect(page).toHaveURL(new RegExp(`/inbox\\?personalInbox=${tag.slice(7)}$`));
    // Away from the inbox, another push of it; then a tab reads the conversation: its notification goes.
    await page.goto('/feed');
    await deliverPush(worker, payload);
    await expect.poll(() => worker.evaluate(async (t) => (await self.registration.getNotifications({ tag: t })).length, tag)).toBe(1);
    await page.evaluate((t) => navigator.serviceWorker.controller?.postMessage({ type: 'clear', tag: t }), tag);
    await expect.poll(() => worker.evaluate(async (t) => (await self.registration.getNotifications({ tag: t })).length, tag)).toBe(0);
  });

  test('settings: turn on notifications for this device after a click, see it listed, remove it; keyboard and axe-clean in both themes', async ({ page }) => {
    await stubPushManager(page);
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await openHydrated(page, '/settings/notifications');
    await expect(page.getByRole('link', { name: 'Notifications', exact: true }).and(page.locator('[aria-current="page"]'))).toBeVisible();
    // Per-kind choice by keyboard: arrow keys move within a radio group and save at once.
    await page.getByRole('group', { name: 'Mentions' }).getByRole('radio', { name: 'Push' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('group', { name: 'Mentions' }).getByRole('radio', { name: 'Email' })).toBeChecked();
    await openHydrated(page, '/settings/notifications');
    await expect(page.getByRole('group', { name: 'Mentions' }).getByRole('radio', { name: 'Email' })).toBeChecked();
    await page.getByRole('group', { name: 'Mentions' }).getByRole('radio', { name: 'Push' }).check();
    const turnOn = page.getByRole('button', { name: 'Turn on notifications' });
    await turnOn.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Notifications are on for this device.').first()).toBeVisible();
    const mine = page.getByRole('listitem').filter({ hasText: '(this device)' });
    await expect(mine).toHaveCount(1);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
      await expectNoSeriousA11yViolations(page);
    }
    await page
      .getByRole('listitem')
      .filter({ hasText: '(this device)' })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(page.getByRole('listitem').filter({ hasText: '(this device)' })).toHaveCount(0);
  });
  test('the bell offers to turn notifications on for this device, asking only on the click; not once on, nor when blocked', async ({ page, context }) => {
    await stubPushManager(page);
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await openHydrated(page, '/feed');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const dropDown = page.getByRole('dialog', { name: 'Notifications' });
    const offer = dropDown.getByRole('button', { name: 'Turn on notifications on this device' });
    await bell.click();
    await expect(offer).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);
    await offer.click();
    await expect(page.getByText('Notifications are on for this device.').first()).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(1);
    await expect(offer).toHaveCount(0);
    // The device is stored, as from the settings page.
    const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint);
    const { devices } = (await (await page.request.get('/api/session/push/devices')).json()) as { devices: Array<{ _id: string; endpoint: string }> };
    const mine = devices.find((device) => device.endpoint === endpoint);
    expect(mine).toBeDefined();
    // Focus stays in the drop-down; opened again on this device: already on, no offer.
    await expect(dropDown).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dropDown).toBeHidden();
    await bell.click();
    await expect(dropDown.getByRole('link', { name: 'See all notifications' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect((await page.request.delete(`/api/session/push/devices/${mine!._id}`, { headers: { origin: new URL(page.url()).origin } })).ok()).toBe(true);

    // Notifications blocked for the site: no offer.
    const blocked = await context.newPage();
    await stubPushManager(blocked, 'denied');
    await openHydrated(blocked, '/feed');
    await blocked.getByRole('button', { name: /^Notifications/ }).click();
    await expect(blocked.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'See all notifications' })).toBeVisible();
    await expect(blocked.getByRole('button', { name: 'Turn on notifications on this device' })).toHaveCount(0);
  });
});

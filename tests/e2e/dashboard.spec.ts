import type { Page } from '@playwright/test';
import { collectFiles, gzipSize, scriptsInHtml } from '../../bench/lib/page-scripts.mjs';
import { expectCleanLayout, expectStacked } from './layout';
import { api, expect, expectNoSeriousA11yViolations, liveConnected, newMember, randomLetters, test, type Member, type Stack } from './support';

/**
 * The signed-in home (docs/product.md#the-dashboard): server-rendered cards of what waits,
 * rendered again live when a request, a message, a match or a session arrives; where to start for a
 * member with nothing yet; and what its first load weighs.
 */

/**
 * The home's first-load JavaScript ceiling (docs/benchmarks.md "The dashboard"): the dashboard
 * adds no island, only a small script of its own; the rest is the member shell's (its bell
 * island brings React).
 */
const HOME_BUDGET = { files: 10, gzipBytes: 85 * 1024, ownScriptBytes: 1024 };

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});
const card = (page: Page, title: string | RegExp) => page.getByRole('region', { name: title });
const steps = (page: Page) => card(page, 'Start here').getByRole('link');

/** Opens the home and marks the document, so a reload would show (the mark is gone). */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', ''));
}

const notReloaded = (page: Page) => expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);

const WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
const OPEN_HOURS = {
  timeZone: 'UTC',
  weeklyHours: WEEK,
  sessionLengths: [30],
  bufferBefore: 0,
  bufferAfter: 0,
  minimumNotice: 0,
  weeklyCap: null,
  daysOff: [],
  topics: ['Pricing'],
  meetingLink: null,
  needsApproval: false,
  published: true,
};

test.describe('the dashboard', () => {
  test("the dashboard's cards fill live", async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const last = `Dash${randomLetters(5)}`;
    const ada = await newMember(stack, { firstName: 'Ada', lastName: last });
    const ben = await newMember(stack, { firstName: 'Ben', lastName: last, memberType: 'advisor', connectedTo: [ada] });
    const cleo = await newMember(stack, { firstName: 'Cleo', lastName: last });
    const dana = await newMember(stack, { firstName: 'Dana', lastName: last });

    const live = liveConnected(ada.page);
    await openHome(ada.page);
    await live;
    await expect(card(ada.page, 'Start here')).toBeVisible();

    // Dana says Interested in Ada (no event of its own); Cleo asks to connect: the cards appear,
    // with Cleo's name and the answers, and how many are interested in Ada (a free member sees no names).
    expect((await api(dana, stack.baseURL, 'POST', 'matching/intents', { candidateId: ada.id, kind: 'interested' })).status()).toBe(201);
    expect((await api(cleo, stack.baseURL, 'POST', 'connection/connect', { receiverId: ada.id })).status()).toBe(201);
    const introductions = card(ada.page, /^Introductions/);
    await expect(introductions).toContainText('1 member is interested in you; no matches yet.');
    await expect(introductions).toContainText('Premium shows who it is.');
    await expect(introductions.getByRole('link', { name: dana.name })).toHaveCount(0);
    const requests = card(ada.page, /^Connection requests/);
    await expect(requests.getByRole('link', { name: cleo.name })).toBeVisible();
    await expect(requests.getByRole('button', { name: `Accept ${cleo.name}` })).toBeVisible();
    await expect(requests).toContainText('1 request waiting for your answer.');

    // Ben writes: the unread messages card shows him and the first words.
    const sent = await ben.context.request.post('/api/session/connections/messages', {
      multipart: { to: ada.id, body: 'Free on Thursday to talk pricing?' },
      headers: { origin: stack.baseURL },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const messages = card(ada.page, /^Unread messages/);
    await expect(messages.getByRole('link', { name: ben.name })).toBeVisible();
    await expect(messages).toContainText('Free on Thursday to talk pricing?');

    // Ada books Ben's office hours; the `session` event renders the sessions card again.
    expect((await api(ben, stack.baseURL, 'PUT', 'office-hours', OPEN_HOURS)).status()).toBe(200);
    const slots = (await (await api(ada, stack.baseURL, 'GET', `office-hours/${ben.id}/slots`)).json()) as { slots: Array<{ start: string }> };
    const booked = await api(ada, stack.baseURL, 'POST', `office-hours/${ben.id}/sessions`, { start: slots.slots[1]!.start, length: 30, topic: 'Pricing', timeZone: 'UTC' });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = await booked.json();
    expect((await api(ada, stack.baseURL, 'POST', 'dev/live/emit', { event: 'session', payload: { booking } })).ok()).toBe(true);
    const sessions = card(ada.page, /^Upcoming sessions/);
    await expect(sessions.getByRole('link', { name: ben.name })).toBeVisible();
    await expect(sessions).toContainText('Pricing · confirmed');

    // Ada says Interested back: the `match` event renders the introductions card with Dana, linked to their thread.
    expect((await api(ada, stack.baseURL, 'POST', 'matching/intents', { candidateId: dana.id, kind: 'interested' })).status()).toBe(201);
    await expect(introductions).toContainText('Nobody waits for your answer; 1 match.');
    await expect(introductions.getByRole('link', { name: dana.name })).toHaveAttribute('href', `/inbox?with=${dana.id}`);

    // The keyboard answers a request; focus stays on the page.
    const accept = requests.getByRole('button', { name: `Accept ${cleo.name}` });
    await accept.focus();
    await ada.page.keyboard.press('Enter');
    await expect(ada.page.locator('.toast').filter({ hasText: `You and ${cleo.name} are now connected.` })).toBeVisible();
    await expect(requests).toContainText('No requests waiting.');
    await expect(ada.page.getByRole('heading', { level: 1 })).toBeFocused();
    await notReloaded(ada.page);
    for (const member of [ada, ben, cleo, dana]) await member.context.close();
  });

  test('a new member sees where to start, at 375 px and in both themes', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const dora: Member = await newMember(stack, { firstName: 'Dora', lastName: `Dash${randomLetters(5)}` });
    await dora.page.setViewportSize({ width: 375, height: 812 });
    for (const theme of ['light', 'dark'] as const) {
      await dora.page.emulateMedia({ colorScheme: theme });
      await dora.page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await dora.page.goto('/');
      await expect(dora.page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(dora.page.getByRole('heading', { level: 1, name: 'Welcome, Dora' })).toBeVisible();
      const links = steps(dora.page);
      await expect(links).toHaveText([/^1Add a profile photo/, /^2Find a co-founder or an advisor/, /^3Write your first post/]);
      await expect(links.first()).toHaveAttribute('href', '/settings/profile#pf-section-photos');
      await expectCleanLayout(dora.page);
      await expectStacked(links);
      await expectNoSeriousA11yViolations(dora.page);
    }
    // A step is a plain link: the keyboard follows it.
    await steps(dora.page).first().focus();
    await dora.page.keyboard.press('Enter');
    await expect(dora.page).toHaveURL(/\/settings\/profile#pf-section-photos$/);
    await dora.context.close();
  });

  test("the home's first load ships no island and stays within its ceiling", async ({ browser, baseURL, extraHTTPHeaders }) => {
    const member = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Eve', lastName: `Dash${randomLetters(5)}` });
    const { request } = member.context;
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    const html = await home.text();
    expect(html).toContain('data-dashboard-cards');
    const islands = [...html.matchAll(/<astro-island\b[^>]*component-url="([^"]+)"/g)].map((match) => match[1]);
    expect(
      islands.every((url) => /NotificationBell/.test(url!)),
      islands.join(', '),
    ).toBe(true);
    const { inline, urls } = scriptsInHtml(html, home.url());
    const files = await collectFiles(urls, async (url: string) => {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      return response.text();
    });
    const gzipBytes = [...inline, ...files.values()].reduce((sum: number, code: string) => sum + gzipSize(code), 0);
    const listing = [...files].map(([url, code]) => `${(gzipSize(code) / 1024).toFixed(2)} KB ${new URL(url).pathname}`).join('\n');
    console.log(`home first load: ${files.size} files, ${(gzipBytes / 1024).toFixed(1)} KB gzipped\n${listing}`);
    const own = [...files].filter(([url]) => /\/Dashboard\.astro/.test(url));
    expect(own).toHaveLength(1);
    expect(gzipSize(own[0]![1]), listing).toBeLessThanOrEqual(HOME_BUDGET.ownScriptBytes);
    expect(files.size, listing).toBeLessThanOrEqual(HOME_BUDGET.files);
    expect(gzipBytes, listing).toBeLessThanOrEqual(HOME_BUDGET.gzipBytes);
    await member.context.close();
  });
});

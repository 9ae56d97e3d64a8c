import type { BrowserContext, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expectUncovered } from './layout';
import { newMember, type Member, type Stack } from './profile-page-support';
import { DEMO_MEMBER, expect, expectNoSeriousA11yViolations, openHydrated, signIn, test } from './support';

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const cards = (page: Page) => page.locator('.result-list > li');
const cardNames = (page: Page) => page.locator('.result-list .result-name a').allInnerTexts();
const resultCount = (page: Page) => page.locator('#search-results-heading');

/** Opens a search screen and waits until its filters apply as they change. */
async function openSearch(page: Page, path: string): Promise<void> {
  await openHydrated(page, path);
  await expect(page.locator('form[data-search-form][data-live]')).toHaveCount(1);
}

/** Opens a folded list of choices in the filters and ticks one. */
async function tick(page: Page, group: string, label: string): Promise<void> {
  const choice = page.getByRole('group', { name: group, exact: true }).getByLabel(label, { exact: true });
  if (!(await choice.isVisible())) await page.locator('summary', { hasText: group }).click();
  await choice.check();
}

test.describe('search screens, as the demo member', () => {
  // One sign-in for the whole group (the demo member's login limit is shared by every test).
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'CF-Connecting-IP': randomIp() } });
    page = await context.newPage();
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
  });
  test.afterAll(async () => context?.close());

  test('filters apply as they change, in place, into the address; Back restores them and a reload keeps them', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSearch(page, '/founders');
    await expect(page.getByRole('link', { name: 'Founders', exact: true })).toHaveAttribute('aria-current', 'page');
    // The same document while filters change: a page load (or the client router's swap) would drop these marks.
    await page.evaluate(() => {
      (window as unknown as { sameSearchDocument: boolean }).sameSearchDocument = true;
      document.querySelector('h1')!.dataset.sameSearchDocument = 'yes';
    });
    const pageLoads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/founders') pageLoads.push(request.url());
    });
    const sameDocument = async () => {
      expect(await page.evaluate(() => (window as unknown as { sameSearchDocument?: boolean }).sameSearchDocument)).toBe(true);
      expect(pageLoads).toEqual([]);
      await expect(page.locator('h1')).toHaveAttribute('data-same-search-document', 'yes');
    };
    /** Back and Forward go through the client router: the page is swapped, never loaded again. */
    const noReload = async () => {
      expect(await page.evaluate(() => (window as unknown as { sameSearchDocument?: boolean }).sameSearchDocument)).toBe(true);
    };
    // Totals, not cards: a page shows 20, and the suite's other tests keep adding founders.
    const total = async () => Number(((await resultCount(page).textContent()) ?? '').replace(/[^\d]/g, ''));
    const everyone = await total();
    // With JavaScript there is no button to press on a wide screen.
    await expect(page.getByRole('button', { name: 'Show results' })).toBeHidden();

    // A ticked box applies at once.
    await tick(page, 'Skills', 'Engineering');
    await expect(page).toHaveURL(/\/founders\?skills=engineering$/);
    await expect(page.getByRole('link', { name: 'Engineering: remove this filter' })).toBeVisible();
    await expect(page.locator('.search-results')).toHaveAttribute('aria-busy', 'false');
    const engineers = await cardNames(page);
    const engineerTotal = await total();
    expect(engineerTotal).toBeLessThan(everyone);
    for (const card of await cards(page).all()) await expect(card.getByText('Engineering', { exact: true })).toBeVisible();
    // "N founders", and ", page 1 of M" when there are more pages.
    await expect(page.locator('[data-search-announcer]')).toHaveText(new RegExp(`^${engineerTotal} founders(, page 1 of \\d+)?$`));

    // Words apply after a pause in typing. "health" is in Maya's (the viewer's), Amara's,
    // Arjun's and Wanjiru's profiles; only the last three engineer.
    await page.getByRole('searchbox', { name: 'Search founders' }).pressSequentially('health');
    await expect(page).toHaveURL(/\/founders\?q=health&skills=engineering$/);
    await expect(page.getByRole('link', { name: '“health”: remove this filter' })).toBeVisible();
    await expect(page.locator('.search-results')).toHaveAttribute('aria-busy', 'false');
    const names = await cardNames(page);
    expect(names).toEqual(expect.arrayContaining(['Amara Nwosu', 'Arjun Mehta', 'Wanjiru Kamau']));
    await expect(resultCount(page)).toHaveText(`${names.length} founders`);
    await expect(page.locator('[data-search-announcer]')).toHaveText(`${names.length} founders`);
    await sameDocument();

    // Back: the skill alone, then nothing; the form follows.
    await page.goBack();
    await expect(page).toHaveURL(/\/founders\?skills=engineering$/);
    await expect(page.getByRole('searchbox', { name: 'Search founders' })).toHaveValue('');
    await expect(page.getByRole('link', { name: '“health”: remove this filter' })).toHaveCount(0);
    await expect.poll(() => cardNames(page)).toEqual(engineers);
    await page.goBack();
    await expect(page).toHaveURL(/\/founders$/);
    await expect(page.getByRole('link', { name: 'Engineering: remove this filter' })).toHaveCount(0);
    // Everyone again (other tests may be adding founders meanwhile).
    await expect.poll(total).toBeGreaterThan(engineerTotal);
    await page.goForward();
    await expect(page).toHaveURL(/\/founders\?skills=engineering$/);
    await expect(page.getByRole('link', { name: 'Engineering: remove this filter' })).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual(engineers);
    await noReload();

    // The address alone gives the same search (rendered on the server).
    await page.goto('/founders?q=health&skills=engineering');
    await expect(page.getByRole('searchbox', { name: 'Search founders' })).toHaveValue('health');
    await expect(page.getByRole('group', { name: 'Skills', exact: true }).getByLabel('Engineering', { exact: true })).toBeChecked();
    expect(await cardNames(page)).toEqual(names);
  });

  test('your own card is not among the results', async () => {
    // Maya Okafor, the demo member, has "health" in her profile and would lead the list.
    await page.goto('/founders?q=health');
    await expect(cards(page).first()).toBeVisible();
    expect(await cardNames(page)).not.toContain('Maya Okafor');
    await page.goto('/founders');
    expect(await cardNames(page)).not.toContain('Maya Okafor');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`every filter option can be reached and clicked at ${viewport.width}×${viewport.height}, none under a sticky bar`, async () => {
      await page.setViewportSize(viewport);
      await openSearch(page, '/founders');
      const drawer = page.locator('[data-search-drawer] > summary');
      if (await drawer.isVisible()) await drawer.click();
      // Each click opens one fold, so the list of closed ones shrinks as it goes.
      const closed = page.locator('.facet-fold:not([open]) > summary');
      for (let left = await closed.count(); left > 0; left--) await closed.first().click();
      await expect(closed).toHaveCount(0);
      const options = page.locator('[data-search-form] input[type=checkbox], [data-search-form] input[type=radio]');
      expect(await options.count()).toBeGreaterThan(20);
      const covered = await options.evaluateAll((inputs) =>
        inputs.flatMap((input) => {
          const label = input.closest('label')!;
          label.scrollIntoView({ block: 'nearest' });
          const box = label.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 60), box.top + box.height / 2);
          return hit && label.contains(hit) ? [] : [`${(input as HTMLInputElement).name}=${(input as HTMLInputElement).value} under ${hit?.className || hit?.tagName}`];
        }),
      );
      expect(covered).toEqual([]);
      // The last group, Idea stage, applies as it is clicked.
      await page.getByRole('group', { name: 'Idea stage', exact: true }).getByLabel('Launched', { exact: true }).click();
      await expect(page).toHaveURL(/\/founders\?stage=launched$/);
      if (viewport.width < 1024) {
        // On a phone "Show results" folds the filters away, onto the results.
        await page.getByRole('button', { name: 'Show results' }).click();
        await expect(page.getByRole('radio', { name: 'Launched' })).toBeHidden();
        await expect(page.locator('#search-results-heading')).toBeFocused();
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  }

  test('a search that cannot be read says so and tries again', async () => {
    await openSearch(page, '/founders');
    await page.route('**/api/session/founder/search**', (route) => route.abort('connectionrefused'));
    await tick(page, 'Skills', 'Design');
    await expect(page.getByRole('alert')).toContainText('We couldn’t load founders just now.');
    await page.unroute('**/api/session/founder/search**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('link', { name: 'Design: remove this filter' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('removing a chip drops that filter and keeps the others', async () => {
    await openSearch(page, '/founders?q=health&skills=engineering&remote=true');
    const before = await cardNames(page);
    await page.getByRole('link', { name: 'Engineering: remove this filter' }).click();
    await expect(page).toHaveURL(/\/founders\?q=health&remote=true$/);
    await expect(page.getByRole('link', { name: 'Engineering: remove this filter' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '“health”: remove this filter' })).toBeVisible();
    // Everyone found before is still found with the skill filter gone (never the viewer, Maya).
    await expect(page.locator('.search-results')).toHaveAttribute('aria-busy', 'false');
    const after = await cardNames(page);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).not.toContain('Maya Okafor');
  });

  test('a search that finds nobody says so and clears its filters', async () => {
    await page.goto('/founders?q=qwzxvy&industries=gaming');
    await expect(page.getByRole('heading', { name: 'No founders match these filters' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('No founders');
    await page.locator('.search-empty').getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/founders$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test('filters outside the vocabulary are ignored and a page past the end shows the last one', async () => {
    await page.goto('/founders?skills=juggling&commitment=sometimes&city=lagos&page=99');
    // Other tests add founders: the last page is the first or a later one, never an empty one.
    await expect(page).toHaveURL(/\/founders(\?page=\d+)?$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test('advisors are found by expertise', async () => {
    await openSearch(page, '/advisors');
    await tick(page, 'Expertise', 'Pricing');
    await expect(page).toHaveURL(/\/advisors\?expertise=pricing$/);
    await expect(page.locator('.search-results')).toHaveAttribute('aria-busy', 'false');
    const names = await cardNames(page);
    expect(names).toEqual(expect.arrayContaining(['Rachel Goldberg', 'Helen Park']));
    expect(names).not.toContain('Tomás Lindqvist');
    await expect(page.getByRole('link', { name: 'Pricing: remove this filter' })).toBeVisible();
    // Profiles open from the card.
    await page.getByRole('link', { name: 'Helen Park' }).click();
    await expect(page).toHaveURL(/\/advisor\/helen-park$/);
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`the search and matching screens pass axe in the ${theme} theme and fit 360 px`, async () => {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const path of ['/founders?skills=engineering', '/advisors?help=mentoring', '/matching']) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
        await page.setViewportSize({ width: 360, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      }
      // On a phone the filters fold into a drawer and the nav into the menu.
      await page.goto('/founders');
      await expect(page.getByRole('checkbox', { name: 'Open to remote' })).toBeHidden();
      await page.locator('summary', { hasText: 'Filters' }).click();
      await expect(page.getByRole('checkbox', { name: 'Open to remote' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('link', { name: 'Matching' })).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  }

  test('nothing covers a filter option at 1280×800 or 375×812', async () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(size);
      await openSearch(page, '/founders');
      const drawer = page.locator('[data-search-drawer]');
      if (!(await drawer.evaluate((element) => (element as HTMLDetailsElement).open))) await page.locator('.search-drawer-summary').click();
      // Every folded group open, so every option is laid out.
      await page.locator('.facet-fold').evaluateAll((folds) => folds.forEach((fold) => ((fold as HTMLDetailsElement).open = true)));
      await expect(page.getByRole('radio', { name: 'Non-technical' })).toBeAttached();
      await expectUncovered(page.locator('.search-filters-actions'), page.locator('.search-filters .check'));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

test.describe('paging', () => {
  const word = `pager${Date.now().toString(36)}`;

  test('21 founders take two pages with links to each, which also work without JavaScript', async ({ browser }) => {
    test.setTimeout(180_000);
    const stack: Stack = { browser, baseURL, headers: { 'CF-Connecting-IP': randomIp() } };
    const members: Member[] = [];
    // 22 founders, the last of whom searches (and is not among the results): eleven of the
    // other 21 (the even ones) are open to remote. Three at a time, so the stack is not flooded.
    for (let first = 0; first < 22; first += 3) {
      const joined = [0, 1, 2]
        .map((n) => first + n)
        .filter((i) => i < 22)
        .map((i) =>
          newMember(stack, {
            firstName: `Pager${String.fromCharCode(97 + i)}`,
            profile: { tagline: `Building ${word} number ${i}`, openToRemote: String(i % 2 === 0), skills: 'legal' },
          }),
        );
      members.push(...(await Promise.all(joined)));
    }
    const searcher = members[21]!;
    const page = searcher.page;

    await openSearch(page, `/founders?q=${word}`);
    await expect(resultCount(page)).toHaveText('21 founders');
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pages of results' });
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pager.locator('a[rel="next"]').click();
    await expect(page).toHaveURL(new RegExp(`/founders\\?q=${word}&page=2$`));
    await expect(cards(page)).toHaveCount(1);
    await expect(page.locator('#search-results-heading')).toBeFocused();
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.locator('a[rel="prev"]')).toHaveAttribute('href', `/founders?q=${word}`);
    await expect(pager.locator('a[rel="next"]')).toHaveCount(0);

    // A page past the end lands on the last one.
    await page.goto(`/founders?q=${word}&page=7`);
    await expect(page).toHaveURL(new RegExp(`/founders\\?q=${word}&page=2$`));

    // Without JavaScript: the form filters, the chips and the page links still work.
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await searcher.context.storageState() });
    const plain = await noScript.newPage();
    await plain.goto(`/founders?q=${word}&page=2`);
    await plain.getByRole('link', { name: 'Previous page' }).click();
    await expect(cards(plain)).toHaveCount(20);
    await plain.getByRole('checkbox', { name: 'Open to remote' }).check();
    await plain.getByRole('button', { name: 'Show results' }).click();
    await expect(plain).toHaveURL(/remote=true/);
    await expect(resultCount(plain)).toHaveText('11 founders');
    await plain.getByRole('link', { name: 'Open to remote: remove this filter' }).click();
    await expect(resultCount(plain)).toHaveText('21 founders');
    await noScript.close();
    await Promise.all(members.map((member) => member.context.close()));
  });
});

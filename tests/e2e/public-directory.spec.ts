import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './layout';
import { api, newMember, type Member, type Stack } from './profile-page-support';
import { expect, latestMail, test } from './support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

type ItemList = {
  '@context': string;
  '@type': 'ItemList';
  name: string;
  url: string;
  numberOfItems: number;
  itemListElement: Array<{ '@type': string; position: number; url: string; name: string }>;
};

/** Every JSON-LD block of the page, parsed (a block that is not JSON fails the test). */
async function jsonLdOf(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The page's one ItemList, checked for the shape search engines read: positions in order, absolute URLs on the site. */
async function itemListOf(page: Page, origin: string): Promise<ItemList> {
  const lists = (await jsonLdOf(page)).filter((block) => block['@type'] === 'ItemList') as ItemList[];
  expect(lists).toHaveLength(1);
  const list = lists[0]!;
  expect(list['@context']).toBe('https://schema.org');
  expect(list.name).toEqual(expect.any(String));
  expect(list.numberOfItems).toBe(list.itemListElement.length);
  const first = list.itemListElement[0]?.position ?? 1;
  list.itemListElement.forEach((item, index) => {
    expect(item).toEqual({ '@type': 'ListItem', position: first + index, url: expect.stringMatching(/^https?:\/\//), name: expect.any(String) });
    expect(item.name.length).toBeGreaterThan(0);
  });
  expect(new URL(list.url).pathname).toBe(new URL(page.url()).pathname);
  expect(origin).toBeTruthy();
  return list;
}

async function postAs(stack: Stack, author: Member, text: string): Promise<{ slug: string }> {
  const posted = await author.context.request.post('/api/session/feed-post', { multipart: { post_by: author.id, text }, headers: { origin: stack.baseURL } });
  expect(posted.status(), await posted.text()).toBe(201);
  return (await posted.json()) as { slug: string };
}

async function optOutOfSearchEngines(stack: Stack, member: Member) {
  const changed = await api(member, stack.baseURL, 'PATCH', 'profile/privacy', { searchIndexing: false });
  expect(changed.status(), await changed.text()).toBe(200);
}

const unique = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);

test.describe('the public pages a visitor reads', () => {
  test('a visitor goes from the home page through the directory and a tag to a profile and into registration', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    // Nine pages and a member's sign-up: past the 60 s test timeout on a loaded machine.
    test.slow();
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const tag = `journey${unique()}`;
    const founder = await newMember(stack, { firstName: `Zuri${unique()}`, memberType: 'founder', profile: { ideaStage: 'no-idea', tagline: 'Open to joining <b>a team</b>' } });
    const post = await postAs(stack, founder, `Looking for a technical co-founder. #${tag}`);

    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Advisors you could meet' })).toBeVisible();
    await expect(page.getByText(/^members?$/)).toBeVisible();
    await expect(page.getByText(/^introductions? this month$/)).toBeVisible();
    const homeLd = await jsonLdOf(page);
    expect(homeLd.map((block) => block['@type'])).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'ItemList']));
    await itemListOf(page, stack.baseURL);

    await page.getByRole('link', { name: 'founders', exact: true }).click();
    await expect(page).toHaveURL(/\/founders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Founders on FounderMesh' })).toBeVisible();
    await page.getByText('Stage', { exact: true }).click();
    await page.getByRole('link', { name: 'No idea yet: open to joining one' }).click();
    await expect(page).toHaveURL(/\/founders\?stage=no-idea$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/founders\?stage=no-idea$/);
    const card = page.locator('.dir-card', { hasText: founder.name });
    await expect(card).toBeVisible();
    // Member text is text: the tagline's markup shows as typed.
    await expect(card.getByText('Open to joining <b>a team</b>')).toBeVisible();
    await expect(card.getByRole('link', { name: `Sign in to connect with ${founder.name}` })).toHaveAttribute(
      'href',
      `/sign-in?next=${encodeURIComponent(`/founder/${founder.slug}`)}`,
    );
    const directoryList = await itemListOf(page, stack.baseURL);
    expect(directoryList.itemListElement.map((item) => new URL(item.url).pathname)).toContain(`/founder/${founder.slug}`);

    // A shared post: its hashtag leads to the topic page.
    await page.goto(`/post/${post.slug}`);
    await page.getByRole('link', { name: `#${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/tags/${tag}$`));
    await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
    const topicList = await itemListOf(page, stack.baseURL);
    expect(topicList.itemListElement.map((item) => new URL(item.url).pathname)).toEqual([`/post/${post.slug}`]);

    await page.locator('.topic-post').getByRole('link', { name: founder.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/founder/${founder.slug}$`));
    await page.getByRole('link', { name: 'Sign in to connect' }).click();
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a member who opted out of search engines appears neither in the directory nor on a topic page', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const tag = `optout${unique()}`;
    const shown = await newMember(stack, { firstName: `Shown${unique()}`, memberType: 'advisor' });
    const hidden = await newMember(stack, { firstName: `Hidden${unique()}`, memberType: 'advisor' });
    await postAs(stack, shown, `Office hours on Friday #${tag}`);
    await postAs(stack, hidden, `Members only, please #${tag}`);
    await optOutOfSearchEngines(stack, hidden);

    await page.goto('/advisors?expertise=fundraising');
    await expect(page.locator('.dir-card', { hasText: shown.name })).toBeVisible();
    await expect(page.getByText(hidden.name)).toHaveCount(0);
    expect(JSON.stringify(await jsonLdOf(page))).not.toContain(hidden.slug);

    await page.goto(`/tags/${tag}`);
    await expect(page.getByText('Office hours on Friday')).toBeVisible();
    await expect(page.getByText('Members only, please')).toHaveCount(0);
    await expect(page.getByText(hidden.name)).toHaveCount(0);
    await expect(page.getByText('1 post from founders and advisors, newest first.')).toBeVisible();
  });

  test('filters and pages are plain links that work without JavaScript, and empty pages are noindex', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/advisors');
    await expect(page.locator('.dir-card').first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.getByText('Expertise', { exact: true }).click();
    await page.getByRole('link', { name: 'Fundraising', exact: true }).click();
    await expect(page).toHaveURL(/\/advisors\?expertise=fundraising$/);
    await expect(page.getByRole('link', { name: /^Remove expertise: Fundraising/ })).toBeVisible();

    const nothing = await page.goto('/founders?city=999999999');
    expect(nothing?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'No founders here yet' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const unknown = await page.goto('/founders?skill=juggling');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(unknown?.status()).toBe(200);
    expect((await page.goto('/founders?page=900'))?.status()).toBe(404);
    expect((await page.goto('/tags/2024'))?.status()).toBe(404);
    const upper = await page.goto('/tags/Founders');
    expect(new URL(upper!.url()).pathname).toBe('/tags/founders');
    await context.close();
  });

  test('"Verified only" is a plain link that keeps the verified members, with its own canonical address', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const [proved, plain] = [await newMember(stack, { firstName: `Vera${unique()}` }), await newMember(stack, { firstName: `Plain${unique()}` })];
    const work = `vera-${unique()}@acme-directory.example`;
    expect((await api(proved, stack.baseURL, 'POST', 'verification/work', { email: work })).status()).toBe(202);
    const code = /code is (\d{6})/.exec((await latestMail(proved.context.request, work, /work verification code/)).text)?.[1] ?? '';
    expect((await api(proved, stack.baseURL, 'POST', 'verification/work/confirm', { code })).status()).toBe(200);

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/founders');
    const toggle = page.getByRole('link', { name: 'Verified only', exact: true });
    await expect(toggle).not.toHaveAttribute('aria-current', 'true');
    await toggle.click();
    await expect(page).toHaveURL(/\/founders\?verified=true$/);
    await expect(page.getByRole('link', { name: 'Verified only', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/founders\?verified=true$/);
    await expect(page.locator('.dir-card', { hasText: proved.name })).toBeVisible();
    await expect(page.locator('.dir-card', { hasText: plain.name })).toHaveCount(0);
    // Every card listed carries the badge.
    const cards = page.locator('.dir-card');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.filter({ hasNotText: 'Verified' })).toHaveCount(0);
    // The chip and the toggle both take it off again.
    await page.getByRole('link', { name: 'Remove verified: Verified only' }).click();
    await expect(page).toHaveURL(/\/founders$/);
    await expect(page.getByRole('link', { name: 'Verified only', exact: true })).not.toHaveAttribute('aria-current', 'true');

    // Another spelling is not the filter: noindex, pointing at the clean address.
    await page.goto('/founders?verified=1');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/founders$/);
    await context.close();
  });

  test('a signed-in member keeps the member search on /founders', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const member = await newMember(stack, { firstName: `Member${unique()}`, memberType: 'founder' });
    await member.page.goto('/founders');
    await expect(member.page.getByRole('heading', { level: 1, name: 'Find founders' })).toBeVisible();
    await expect(member.page.getByRole('search')).toBeVisible();
    await page.goto('/founders');
    await expect(page.getByRole('heading', { level: 1, name: 'Founders on FounderMesh' })).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the directory, a topic and the home fit 375 px in the ${theme} theme, and the filters answer the keyboard`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      for (const path of ['/', '/founders', '/founders?verified=true', '/advisors?expertise=fundraising', '/tags/founders']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoHorizontalOverflow(page);
      }
      await page.goto('/founders');
      const summary = page.locator('.dir-facet > summary', { hasText: 'Industry' });
      await summary.focus();
      await page.keyboard.press('Enter');
      const fintech = page.getByRole('link', { name: 'Fintech', exact: true });
      await expect(fintech).toBeVisible();
      await fintech.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/founders\?industry=fintech$/);
    });
  }
});

import type { Page } from '@playwright/test';
import { DEMO_MEMBER, expect, expectNoSeriousA11yViolations, test } from './support';
import { api, newMember, png, profileHref, type Stack } from './profile-page-support';

/** A founder with every part of a profile filled in, pictures included. */
const RICH_FOUNDER = {
  tagline: 'Building analytical engines · ex-Babbage',
  bio: 'I write programs for machines that do not exist yet.\n\nBefore that, <b>poetry</b> & mathematics.',
  technical: 'true',
  skills: ['engineering', 'data'],
  commitment: 'full-time',
  ideaStage: 'prototype',
  industries: ['fintech', 'ai'],
  interests: ['looms', 'poetry'],
  cityId: '2643743', // London, from the world-cities data set npm start loads
  openToRemote: 'true',
  lookingForCofounder: 'true',
  cofounderPreferences: JSON.stringify({
    technical: { value: 'non-technical', importance: 'must-have' },
    skills: { value: ['sales-marketing'], importance: 'nice-to-have' },
    commitment: { value: 'part-time', importance: 'dont-care' },
  }),
  links: JSON.stringify([{ label: 'Notes', url: 'https://ada.example/notes' }]),
  profilePicture: { name: 'ada.png', type: 'image/png', bytes: png(96, 96) },
  profilePictureAlt: 'Ada in front of a loom',
  profileBanner: { name: 'banner.png', type: 'image/png', bytes: png(900, 300, [30, 50, 90]) },
  profileBannerAlt: 'A dark blue field',
};

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
const metaName = (page: Page, name: string) => page.locator(`meta[name="${name}"]`).getAttribute('content');

/** The JSON-LD blocks of the page, parsed. */
async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

test.describe('a public profile read without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the whole profile in the HTML, with its canonical address, Open Graph tags and JSON-LD', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const ada = await newMember(stack, { firstName: 'Ada', memberType: 'founder', profile: RICH_FOUNDER });
    const url = `${stack.baseURL}${profileHref(ada)}`;

    const response = await page.goto(profileHref(ada));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Tester' })).toBeVisible();
    await expect(page.getByText('Building analytical engines · ex-Babbage', { exact: true })).toBeVisible();
    await expect(page.getByText('I write programs for machines that do not exist yet.')).toBeVisible();
    // Member text is shown as text, never as markup.
    await expect(page.getByText('Before that, <b>poetry</b> & mathematics.')).toBeVisible();
    await expect(page.locator('.pf-prose b')).toHaveCount(0);
    await expect(page.getByText('Open to remote')).toBeVisible();
    await expect(page.locator('.pf-meta').getByText(/London, /)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Must have: non-technical co-founder$/ })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Nice to have: skills in Sales and marketing$/ })).toBeVisible();
    await expect(page.getByText('part time commitment')).toHaveCount(0);
    for (const chip of ['Engineering', 'Data and AI', 'Fintech', 'AI and machine learning', 'looms']) {
      await expect(page.locator('.pf-chip', { hasText: chip })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: 'Ada in front of a loom' })).toBeVisible();
    const link = page.getByRole('link', { name: /Notes/ });
    await expect(link).toHaveAttribute('href', 'https://ada.example/notes');
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    // A visitor is asked to sign in, and comes back here afterwards.
    await expect(page.getByRole('link', { name: 'Sign in to connect' })).toHaveAttribute('href', `/sign-in?next=${encodeURIComponent(profileHref(ada))}`);

    // Head: title, canonical, Open Graph profile, Twitter card, indexable.
    await expect(page).toHaveTitle('Ada Tester · Building analytical engines · ex-Babbage | FounderMesh');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    expect(await meta(page, 'og:type')).toBe('profile');
    expect(await meta(page, 'og:url')).toBe(url);
    // The drawn share card (tests/e2e/share-cards.spec.ts), not the banner.
    expect(await meta(page, 'og:image')).toMatch(new RegExp(`^${stack.baseURL}/og/founder/${ada.slug}/[0-9a-f]{16}\\.png$`));
    expect(await meta(page, 'og:image:alt')).toBe('Ada Tester: Building analytical engines · ex-Babbage · A prototype');
    expect(await meta(page, 'profile:first_name')).toBe('Ada');
    expect(await meta(page, 'profile:last_name')).toBe('Tester');
    expect(await metaName(page, 'twitter:card')).toBe('summary_large_image');
    expect(await metaName(page, 'description')).toBe('I write programs for machines that do not exist yet. Before that, <b>poetry</b> & mathematics.');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const profilePage = (await jsonLd(page)).find((data) => data['@type'] === 'ProfilePage');
    expect(profilePage).toMatchObject({
      '@context': 'https://schema.org',
      url,
      mainEntity: {
        '@type': 'Person',
        name: 'Ada Tester',
        url,
        jobTitle: 'Building analytical engines · ex-Babbage',
        sameAs: ['https://ada.example/notes'],
        knowsAbout: ['Engineering', 'Data and AI'],
        address: { '@type': 'PostalAddress', addressLocality: 'London' },
      },
    });
    expect((profilePage!.mainEntity as Record<string, unknown>).image).toMatch(new RegExp(`^${stack.baseURL}/.+avatars/.+\\.png$`));
    await ada.context.close();
  });
});

test.describe('public profiles', () => {
  test('the profile’s pictures load from the media address the page names', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const ada = await newMember(stack, { firstName: 'Pia', memberType: 'founder', profile: RICH_FOUNDER });
    await page.goto(profileHref(ada));
    for (const src of [await page.getByRole('img', { name: 'Ada in front of a loom' }).getAttribute('src'), await meta(page, 'og:image')]) {
      const picture = await page.request.get(src!);
      expect(picture.status(), src!).toBe(200);
      expect(picture.headers()['content-type']).toMatch(/^image\//);
    }
    await ada.context.close();
  });

  test('a signed-out visitor loads no island script: nothing beyond what the home page loads', async ({ page }) => {
    const scripts = async (path: string) => {
      const urls = new Set<string>();
      const listener = (request: { resourceType(): string; url(): string }) => {
        // The dev server serves stylesheets as modules too: count code only.
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === 'script' && !path.endsWith('.css')) urls.add(path);
      };
      page.on('request', listener);
      await page.goto(path, { waitUntil: 'networkidle' });
      page.off('request', listener);
      return urls;
    };
    const home = await scripts('/');
    const profile = await scripts('/founder/maya-okafor');
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Okafor' })).toBeVisible();
    await expect(page.locator('astro-island')).toHaveCount(0);
    expect([...profile].filter((url) => !home.has(url))).toEqual([]);
  });

  test('an unknown profile, or a founder’s slug under /advisor, is the 404 page', async ({ page }) => {
    for (const path of ['/founder/nobody-by-this-name', '/advisor/maya-okafor', '/founder/not_a_slug!']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
    // A slug in capitals is the same profile under its one address.
    await page.goto('/founder/Maya-Okafor');
    await expect(page).toHaveURL(/\/founder\/maya-okafor$/);
  });

  test('a member who opts out of search indexing gets noindex and leaves the sitemap; the demo member is in it', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const [hidden, shown] = [await newMember(stack, { firstName: 'Nadia' }), await newMember(stack, { firstName: 'Omar' })];
    const opted = await api(hidden, stack.baseURL, 'PATCH', 'profile/privacy', { searchIndexing: false });
    expect(opted.ok()).toBe(true);

    await page.goto(profileHref(hidden));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.goto(profileHref(shown));
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${stack.baseURL}/</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${stack.baseURL}/founder/maya-okafor</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(xml).toContain(`<loc>${stack.baseURL}${profileHref(shown)}</loc>`);
    expect(xml).not.toContain(`${profileHref(hidden)}<`);
    for (const member of [hidden, shown]) await member.context.close();
  });

  test('robots.txt keeps crawlers out of member screens and points to the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.headers()['content-type']).toContain('text/plain');
    const robots = await response.text();
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /settings');
    expect(robots).not.toMatch(/Disallow: \/founder\//);
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('another member gets the Connect button and sends a request; the owner gets Edit profile instead', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const [ada, ben] = [
      await newMember(stack, { firstName: 'Ada', memberType: 'founder', profile: { tagline: 'Analytical engines' } }),
      await newMember(stack, { firstName: 'Ben', memberType: 'advisor', profile: { position: 'Angel investor' } }),
    ];

    await ben.page.goto(profileHref(ada));
    const connect = ben.page.getByRole('button', { name: `Connect with ${ada.name}` });
    await expect(connect).toBeVisible();
    await expectNoSeriousA11yViolations(ben.page);
    await connect.click();
    const dialog = ben.page.getByRole('dialog', { name: `Connect with ${ada.name}` });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(ben.page.getByRole('button', { name: `Withdraw request to ${ada.name}` })).toBeVisible();
    await expect(ben.page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);

    // The owner sees their own page with their own actions, no connection button.
    await ada.page.goto(profileHref(ada));
    await expect(ada.page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings/profile');
    await expect(ada.page.getByRole('link', { name: 'Who viewed me' })).toHaveAttribute('href', '/views');
    // The header's notification bell is the only island on a member's own profile.
    await expect(ada.page.locator('astro-island:not([component-url*="NotificationBell"])')).toHaveCount(0);
    // …and the request Ben sent waits for Ada.
    await ada.page.goto(profileHref(ben));
    await expect(ada.page.getByRole('button', { name: `Accept request from ${ben.name}` })).toBeVisible();
    for (const member of [ada, ben]) await member.context.close();
  });

  test('a stranger’s profile header keeps the name and tagline wide beside Connect and the Premium offer', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const tagline = 'Building the operating system for independent clinics across Europe and beyond';
    const [jonas, ben] = [
      await newMember(stack, { firstName: 'Jonas', memberType: 'founder', profile: { tagline } }),
      await newMember(stack, { firstName: 'Ben', memberType: 'founder' }),
    ];
    await ben.page.setViewportSize({ width: 1280, height: 800 });
    await ben.page.goto(profileHref(jonas));
    await expect(ben.page.getByRole('button', { name: `Connect with ${jonas.name}` })).toBeVisible();
    // A free viewer sees the offer of a message request beside Connect: the line that squeezed the header.
    await expect(ben.page.locator('[data-request-upsell]')).toBeVisible();
    const name = ben.page.locator('.pf-name');
    const line = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    const nameBox = (await name.boundingBox())!;
    expect(nameBox.height, 'the name fits on one line').toBeLessThan(line * 1.5);
    const taglineLocator = ben.page.locator('.pf-tagline');
    const taglineLine = await taglineLocator.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    const taglineBox = (await taglineLocator.boundingBox())!;
    expect(taglineBox.width, 'the tagline has at least half the header').toBeGreaterThan(560);
    expect(taglineBox.height, 'the tagline takes at most two lines').toBeLessThan(taglineLine * 2.5);
    for (const member of [jonas, ben]) await member.context.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`the profile page has no serious accessibility violations in the ${theme} theme, nor overflows at 360 px`, async ({ page, browser, baseURL, extraHTTPHeaders }) => {
      const stack = stackOf(browser, baseURL, extraHTTPHeaders);
      const ada = await newMember(stack, { firstName: 'Ada', memberType: 'founder', profile: RICH_FOUNDER });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(profileHref(ada));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await ada.context.close();
    });
  }

  test('the demo member’s own profile, signed in, passes axe with the owner’s actions', async ({ page }) => {
    await page.goto('/sign-in?next=/founder/maya-okafor');
    await page.getByLabel('Email').fill(DEMO_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/founder\/maya-okafor$/);
    await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * Profiles deep enough to decide (docs/product.md#profiles): a founder fills in her startup,
 * the responsibilities she takes and wants taken, equity and timing in settings; her profile
 * shows them in "What they're looking for" (text escaped, the website a nofollow link, 375 px
 * in the dark theme); a founder who sells and wants someone to build sees "Complementary
 * roles" on her card in his deck, and finds her with the "Responsibilities they take" filter.
 */
import type { Locator, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { api, newMember, type Stack } from './profile-page-support';
import { expect, hydrated, test, openHydrated as open } from './support';

function founder(technical: boolean, cityId: number, extra: Record<string, string | string[]> = {}) {
  return {
    technical: String(technical),
    skills: technical ? ['engineering'] : ['sales-marketing'],
    commitment: 'full-time',
    ideaStage: 'prototype',
    industries: ['climate'],
    lookingForCofounder: 'true',
    cityId: String(cityId),
    ...extra,
  };
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The card's deep lines read exactly `lines` (member text as text), each one line high inside
 * the card: the card grows by at most two short lines.
 */
async function expectDeepLines(card: Locator, lines: string[]) {
  const deep = card.locator('.card-deep');
  await expect(deep).toHaveText(lines);
  await expect(deep.locator('b')).toHaveCount(0);
  const cardBox = (await card.boundingBox())!;
  for (const line of await deep.all()) {
    const box = (await line.boundingBox())!;
    const lineHeight = await line.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight) || Number.parseFloat(getComputedStyle(element).fontSize) * 1.6);
    expect(box.height).toBeLessThanOrEqual(lineHeight + 1);
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
}

test.describe('deep profiles', () => {
  test('a founder fills them in settings, sees them on her profile, and another founder sees the reason and finds her by filter', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const probe = await newMember(stack, { firstName: 'Probe', memberType: 'founder' });
    const cities = (await (await api(probe, baseURL, 'GET', 'cities?search=torshavn&limit=1')).json()) as { data: Array<{ id: number }> };
    const cityId = cities.data[0]!.id;
    await probe.context.close();
    const [sade, omar] = await Promise.all([
      newMember(stack, { firstName: 'Sade', lastName: 'Ilori', memberType: 'founder', profile: founder(true, cityId) }),
      newMember(stack, {
        firstName: 'Omar',
        lastName: 'Haddad',
        memberType: 'founder',
        profile: founder(false, cityId, { takesRoles: ['sales-marketing'], wantsRoles: ['engineering'] }),
      }),
    ]);

    // Sade fills in the deeper fields in her profile settings.
    const page = sade.page;
    await open(page, '/settings/profile');
    await hydrated(page, 'ProfileSettings');
    await page.locator('#pf-startupName').fill('Grid <b>Works</b>');
    await page.locator('#pf-startupWebsite').fill('http://gridworks.example');
    await page.locator('#pf-builtSoFar').fill('A prototype two utilities pilot');
    await page.getByRole('group', { name: 'Responsibilities you will take' }).getByLabel('Engineering').check();
    await page.getByRole('group', { name: 'Responsibilities you want a co-founder to take' }).getByLabel('Sales and marketing').check();
    await page.getByRole('group', { name: 'When can you go full time?' }).getByLabel('Now').check();
    await page.getByRole('group', { name: 'Equity expectations' }).getByLabel('Equal split').check();
    await page.locator('#pf-hoursPerWeek').fill('40');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // An http address is refused on the field, before anything is sent.
    await expect(page.locator('#pf-startupWebsite-error')).toHaveText('Enter an https address, e.g. https://example.com.');
    await expect(page.locator('#pf-startupWebsite')).toBeFocused();
    await page.locator('#pf-startupWebsite').fill('https://gridworks.example');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible();

    // Her profile shows them, escaped, at 375 px in the dark theme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, `/founder/${sade.slug}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const depth = page.getByRole('region', { name: "What they're looking for" });
    await expect(depth).toContainText('Grid <b>Works</b>');
    await expect(depth.locator('b')).toHaveCount(0);
    await expect(depth.getByRole('link', { name: 'gridworks.example' })).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(depth.getByRole('link', { name: 'gridworks.example' })).toHaveAttribute('href', 'https://gridworks.example/');
    await expect(depth).toContainText('A prototype two utilities pilot');
    for (const [label, value] of [
      ['Takes on', 'Engineering'],
      ['Wants a co-founder for', 'Sales and marketing'],
      ['Equity', 'Equal split'],
      ['Full time', 'Now'],
      ['Hours a week now', '40'],
    ]) {
      await expect(depth.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')).toHaveText(value!);
    }
    expect(await fitsWidth(page)).toBe(true);
    const box = await depth.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);

    // Omar sells and wants someone to build: his deck says why Sade fits, and her card shows
    // what she takes and wants, her startup and timing in two one-line rows, at 375 px too.
    await omar.page.setViewportSize({ width: 375, height: 800 });
    await open(omar.page, '/matching');
    const review = omar.page.getByRole('button', { name: 'Review Sade Ilori now' });
    if (await review.isVisible()) await review.click();
    const card = omar.page.locator('article.match-card');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText('Sade Ilori');
    await expect(card.locator('.match-reasons')).toContainText('Complementary roles: you sell, they build');
    await expectDeepLines(card, ['Takes: Engineering · Wants: Sales and marketing', 'Grid <b>Works</b> · Full time: Now']);
    expect(await fitsWidth(omar.page)).toBe(true);
    await omar.page.setViewportSize({ width: 1280, height: 800 });

    // And the founder search filter finds her by the responsibility she takes, and not by another.
    await open(omar.page, `/founders?city=${cityId}&takes=engineering`);
    await expect(omar.page.getByRole('group', { name: 'Responsibilities they take' }).getByLabel('Engineering')).toBeChecked();
    await expect(omar.page.getByRole('link', { name: 'Sade Ilori' })).toBeVisible();
    await expectDeepLines(omar.page.locator('.result-card', { hasText: 'Sade Ilori' }), ['Takes: Engineering · Wants: Sales and marketing', 'Grid <b>Works</b> · Full time: Now']);
    // Omar's own card (as Sade finds him) has no startup nor timing: only his roles, no empty labels.
    await open(page, `/founders?city=${cityId}&takes=sales-marketing`);
    await expectDeepLines(page.locator('.result-card', { hasText: 'Omar Haddad' }), ['Takes: Sales and marketing · Wants: Engineering']);
    await open(omar.page, `/founders?city=${cityId}&takes=design`);
    await expect(omar.page.getByRole('link', { name: 'Sade Ilori' })).toHaveCount(0);
    await expect(omar.page.getByRole('heading', { name: 'No founders match these filters' })).toBeVisible();
  });
});

/**
 * Introductions (docs/product.md "Introductions"): two new founders both say Interested, one
 * from the deck and one from "Interested in you"; both see "It’s a match" (the first one live),
 * the introduction with both sides' facts and a suggested first message, and they exchange
 * their first messages in the thread it opens. The dialog fits 375 px, in the dark theme too.
 */
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { api, newMember, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, liveConnected, test, openHydrated as open } from './support';

const card = (page: Page) => page.locator('article.match-card');
const matchDialog = (page: Page) => page.getByRole('dialog', { name: 'It’s a match' });

/** Two founders who complement each other in one small city, each looking for a co-founder. */
function founder(technical: boolean, cityId: number) {
  return {
    tagline: technical ? 'Engineer building <b>grid</b> software' : 'Selling energy software to utilities',
    technical: String(technical),
    skills: technical ? ['engineering', 'product'] : ['sales-marketing', 'fundraising'],
    commitment: 'full-time',
    ideaStage: 'prototype',
    industries: ['climate'],
    openToRemote: 'true',
    lookingForCofounder: 'true',
    cityId: String(cityId),
    cofounderPreferences: JSON.stringify({ technical: { value: technical ? 'non-technical' : 'technical', importance: 'must-have' } }),
  };
}

test.describe('introductions', () => {
  test('two new founders both say Interested: both see the match live, the introduction opens and they exchange first messages', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const probe = await newMember(stack, { firstName: 'Probe', memberType: 'founder' });
    const cities = (await (await api(probe, baseURL, 'GET', 'cities?search=torshavn&limit=1')).json()) as { data: Array<{ id: number }> };
    const cityId = cities.data[0]!.id;
    await probe.context.close();
    const [ines, ben] = await Promise.all([
      newMember(stack, { firstName: 'Ines', lastName: 'Quill', memberType: 'founder', profile: founder(true, cityId) }),
      newMember(stack, { firstName: 'Ben', lastName: 'Rook', memberType: 'founder', premium: true, profile: founder(false, cityId) }),
    ]);

    // Ines finds Ben in her deck and says Interested with the I key.
    const inesLive = liveConnected(ines.page);
    await open(ines.page, '/matching');
    await inesLive;
    const reviewBen = ines.page.getByRole('button', { name: 'Review Ben Rook now' });
    if (await reviewBen.isVisible()) await reviewBen.click();
    await expect(card(ines.page).getByRole('heading', { level: 2 })).toHaveText('Ben Rook');
    await expect(card(ines.page).getByRole('button', { name: 'Interested in Ben Rook' })).toHaveAttribute('aria-keyshortcuts', 'I');
    await ines.page.keyboard.press('i');
    await expect(ines.page.locator('.match-undo')).toContainText('You’re interested in Ben Rook.');

    // Ben (Premium) sees her in "Interested in you" and answers Interested: it's a match.
    await ben.page.emulateMedia({ colorScheme: 'dark' });
    await ben.page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await open(ben.page, '/matching');
    await expect(ben.page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const queue = ben.page.getByRole('region', { name: /Interested in you/ });
    await expect(queue.getByRole('link', { name: 'Ines Quill' })).toBeVisible();
    await queue.getByRole('button', { name: 'Interested in Ines Quill' }).click();
    const benDialog = matchDialog(ben.page);
    await expect(benDialog).toBeVisible();
    await expect(benDialog).toContainText('You and Ines Quill are both interested.');
    await expect(benDialog.getByText('Engineer building <b>grid</b> software')).toBeVisible();
    await expectNoSeriousA11yViolations(ben.page);

    // Ines hears it live, without reloading, and sees the introduction at 375 px.
    await ines.page.setViewportSize({ width: 375, height: 740 });
    const inesDialog = matchDialog(ines.page);
    await expect(inesDialog).toBeVisible();
    await expect(inesDialog).toContainText('You and Ben Rook are both interested.');
    const suggested = inesDialog.getByLabel('Your first message');
    await expect(suggested).toHaveValue(/^Hi Ben, glad we matched!/);
    await expect(suggested).toBeFocused();
    const box = (await inesDialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await ines.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Ben edits his first message and sends it: the conversation opens in the inbox.
    await benDialog.getByLabel('Your first message').fill('Hi Ines, shall we talk <b>Thursday</b>?');
    await benDialog.getByRole('button', { name: 'Send to Ines' }).click();
    await expect(ben.page).toHaveURL(/\/inbox\?personalInbox=[0-9a-f]{24}$/);
    await expect(ben.page.locator('.ib-msg').last()).toContainText('Hi Ines, shall we talk <b>Thursday</b>?');

    // Ines sends the suggested message as it stands, and finds Ben's above it.
    await inesDialog.getByRole('button', { name: 'Send to Ben' }).click();
    await expect(ines.page).toHaveURL(/\/inbox\?personalInbox=[0-9a-f]{24}$/);
    await expect(ines.page.locator('.ib-msg').filter({ hasText: 'shall we talk <b>Thursday</b>?' })).toBeVisible();
    await expect(ines.page.locator('.ib-msg').last()).toContainText('Hi Ben, glad we matched!');
    // Ben's open conversation gets her answer live.
    await expect(ben.page.locator('.ib-msg').last()).toContainText('Hi Ben, glad we matched!');
    await Promise.all([ines.context.close(), ben.context.close()]);
  });
});

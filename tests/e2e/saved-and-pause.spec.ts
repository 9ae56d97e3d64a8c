/**
 * Saved people and searches, and the pause (docs/product.md "Saved people and searches",
 * "Pause"): a founder saves another's profile with a private note and finds it on /saved,
 * saves a search, and the other founder pauses ("I’m not looking now") and leaves her search
 * until he resumes from the banner on matching. /saved fits 375 px, in the dark theme too.
 * The bookmark on the deck card and the search result card saves at once and opens the
 * note dialog once saved, showing "Saved" from the first render; on a stranger's profile at
 * 375 px, Connect and Save share one row, in both themes.
 */
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { api, newMember, profileHref, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, hydrated, test, openHydrated as open } from './support';

const results = (page: Page) => page.locator('.search-results');

test.describe('saved people, saved searches and the pause', () => {
  test('save a profile with a note, save a search, and a paused member leaves search until he resumes', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const word = `quillwort${Date.now().toString(36)}`;
    const [ada, bob] = await Promise.all([
      newMember(stack, { firstName: 'Ada', lastName: 'Keeper', memberType: 'founder' }),
      newMember(stack, { firstName: 'Bob', lastName: 'Saved', memberType: 'founder', profile: { tagline: `Building ${word} tools` } }),
    ]);

    // Ada saves Bob from his profile, with a note that looks like markup.
    await open(ada.page, profileHref(bob));
    await hydrated(ada.page, 'SaveMemberButton');
    await ada.page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = ada.page.getByRole('dialog', { name: 'Save Bob Saved' });
    await dialog.getByLabel('Private note (optional)').fill('Met at <b>demo day</b>');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(ada.page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // /saved lists him with her note, escaped, at 375 px in the dark theme.
    await ada.page.setViewportSize({ width: 375, height: 740 });
    await ada.page.emulateMedia({ colorScheme: 'dark' });
    await ada.page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await open(ada.page, '/saved');
    await expect(ada.page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const saved = ada.page.locator(`[data-saved-person="${bob.id}"]`);
    await expect(saved.getByRole('link', { name: 'Bob Saved' })).toBeVisible();
    await expect(saved.getByLabel('Your private note on Bob Saved')).toHaveValue('Met at <b>demo day</b>');
    await expect(ada.page.locator('.saved-list b')).toHaveCount(0);
    expect(await ada.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(ada.page);
    // The note is edited in place.
    await saved.getByLabel('Your private note on Bob Saved').fill('Follow up in May');
    await saved.getByRole('button', { name: 'Save note' }).click();
    await expect(saved.getByRole('status')).toHaveText('Note saved.');
    await ada.page.setViewportSize({ width: 1280, height: 800 });

    // Ada saves a search that finds Bob.
    await open(ada.page, `/founders?q=${word}`);
    await expect(results(ada.page).getByRole('link', { name: 'Bob Saved' })).toBeVisible();
    await ada.page.getByRole('button', { name: 'Save this search' }).click();
    const saveSearch = ada.page.getByRole('dialog', { name: 'Save this search' });
    await saveSearch.getByLabel('Name').fill('Quillwort builders');
    await saveSearch.getByRole('button', { name: 'Save search' }).click();
    await expect(ada.page.getByRole('status').filter({ hasText: 'Saved as “Quillwort builders”' })).toBeVisible();
    await open(ada.page, '/saved?tab=searches');
    const searchLink = ada.page.getByRole('link', { name: 'Quillwort builders' });
    await expect(searchLink).toHaveAttribute('href', `/founders?q=${word}`);

    // Bob says he is not looking now, in his settings; matching shows him the banner.
    await open(bob.page, '/settings/account');
    await bob.page.getByRole('button', { name: 'I’m not looking now' }).click();
    await expect(bob.page.getByRole('button', { name: 'Resume' })).toBeVisible();
    await open(bob.page, '/matching');
    const banner = bob.page.locator('[data-paused-banner]');
    await expect(banner).toContainText('You’re not looking now.');

    // Ada's search no longer finds him.
    await searchLink.click();
    await expect(results(ada.page)).toContainText('No founders match these filters');
    await expect(results(ada.page).getByRole('link', { name: 'Bob Saved' })).toHaveCount(0);

    // He resumes from the banner, and she finds him again.
    await banner.getByRole('button', { name: 'Resume' }).click();
    await expect(banner).toHaveCount(0);
    await open(ada.page, `/founders?q=${word}`);
    await expect(results(ada.page).getByRole('link', { name: 'Bob Saved' })).toBeVisible();
  });

  test('the bookmark on the deck and search cards saves at once, shows Saved from the first render and opens the note', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const word = `sundew${Date.now().toString(36)}`;
    const looking = { commitment: 'full-time', ideaStage: 'prototype', industries: ['climate'], lookingForCofounder: 'true' };
    const [ada, bob] = await Promise.all([
      newMember(stack, { firstName: 'Ada', lastName: 'Marker', memberType: 'founder', profile: { ...looking, technical: 'true', skills: ['engineering'] } }),
      newMember(stack, {
        firstName: 'Bob',
        lastName: 'Bookmark',
        memberType: 'founder',
        profile: { ...looking, technical: 'false', skills: ['sales-marketing'], tagline: `Selling ${word} kits` },
      }),
    ]);

    // The deck: Bob's card has an unpressed bookmark; one press saves him.
    await open(ada.page, '/matching');
    const review = ada.page.getByRole('button', { name: 'Review Bob Bookmark now' });
    if (await review.isVisible()) await review.click();
    const card = ada.page.locator('article.match-card');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText('Bob Bookmark');
    const deckSave = card.getByRole('button', { name: 'Save Bob Bookmark' });
    await expect(deckSave).toHaveAttribute('aria-pressed', 'false');
    await deckSave.click();
    await expect(card.getByRole('button', { name: 'Saved Bob Bookmark' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByRole('status').filter({ hasText: 'Bob Bookmark is saved.' })).toBeAttached();
    expect((await api(ada, baseURL, 'GET', `saved/members/${bob.id}`)).status()).toBe(200);

    // Search, freshly loaded: his result card says Saved from the first render; from the keyboard it opens the note.
    await open(ada.page, `/founders?q=${word}`);
    const result = ada.page.locator('.result-card', { hasText: 'Bob Bookmark' });
    const resultSave = result.getByRole('button', { name: 'Saved Bob Bookmark' });
    await expect(resultSave).toHaveAttribute('aria-pressed', 'true');
    await resultSave.focus();
    await ada.page.keyboard.press('Enter');
    const dialog = ada.page.getByRole('dialog', { name: 'Bob Bookmark is saved' });
    await expect(dialog.getByLabel('Private note (optional)')).toBeFocused();
    await ada.page.keyboard.type('Knows <i>utilities</i>');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(resultSave).toBeFocused();
    const entry = (await (await api(ada, baseURL, 'GET', `saved/members/${bob.id}`)).json()) as { note: string };
    expect(entry.note).toBe('Knows <i>utilities</i>');
    // Removed from the same dialog, the bookmark is unpressed again.
    await resultSave.click();
    await ada.page.getByRole('dialog', { name: 'Bob Bookmark is saved' }).getByRole('button', { name: 'Remove from saved' }).click();
    await expect(result.getByRole('button', { name: 'Save Bob Bookmark' })).toHaveAttribute('aria-pressed', 'false');
    expect((await api(ada, baseURL, 'GET', `saved/members/${bob.id}`)).status()).toBe(404);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`on a stranger's profile at 375 px in the ${theme} theme, Connect and Save share one row above the Premium offer`, async ({ browser, extraHTTPHeaders }) => {
      const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
      const [viewer, stranger] = await Promise.all([
        newMember(stack, { firstName: 'Vi', lastName: 'Narrow', memberType: 'founder' }),
        newMember(stack, { firstName: 'Stan', lastName: 'Ger', memberType: 'founder' }),
      ]);
      const page = viewer.page;
      await page.setViewportSize({ width: 375, height: 800 });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await open(page, profileHref(stranger));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const connect = page.getByRole('button', { name: 'Connect with Stan Ger' });
      const save = page.getByRole('button', { name: 'Save', exact: true });
      const offer = page.locator('[data-request-upsell]');
      await expect(connect).toBeVisible();
      await expect(save).toBeVisible();
      await expect(offer).toBeVisible();
      const [connectBox, saveBox, offerBox] = [(await connect.boundingBox())!, (await save.boundingBox())!, (await offer.boundingBox())!];
      // One row: their vertical middles line up, side by side, and the offer's text comes under both.
      expect(Math.abs(connectBox.y + connectBox.height / 2 - (saveBox.y + saveBox.height / 2))).toBeLessThanOrEqual(2);
      expect(saveBox.x).toBeGreaterThan(connectBox.x + connectBox.width);
      expect(offerBox.y).toBeGreaterThanOrEqual(Math.max(connectBox.y + connectBox.height, saveBox.y + saveBox.height));
      expect(saveBox.x + saveBox.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // From the keyboard: Save follows Connect.
      await connect.focus();
      await page.keyboard.press('Tab');
      await expect(save).toBeFocused();
    });
  }
});

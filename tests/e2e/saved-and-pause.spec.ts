/**
 * Saved people and searches, and the pause (docs/product.md "Saved people and searches",
 * "Pause"): a founder saves another's profile with a private note and finds it on /saved,
 * saves a search, and the other founder pauses ("I’m not looking now") and leaves her search
 * until he resumes from the banner on matching. /saved fits 375 px, in the dark theme too.
 */
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { newMember, profileHref, type Stack } from './profile-page-support';
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
});

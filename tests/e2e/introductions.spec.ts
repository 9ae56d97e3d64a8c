/**
 * Introductions (docs/product.md "Introductions"): two new founders go through onboarding on the
 * screens, then both say Interested, one from the deck and one from "Interested in you"; both see "It’s a match" (the first one live),
 * the introduction with both sides' facts and a suggested first message, and they exchange
 * their first messages in the thread it opens. The dialog fits 375 px, in the dark theme too.
 */
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { api, newMember, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, hydrated, liveConnected, test, openHydrated as open } from './support';

const card = (page: Page) => page.locator('article.match-card');
const matchDialog = (page: Page) => page.getByRole('dialog', { name: 'It’s a match' });

/** What a founder gives in onboarding: two founders who complement each other in one small city. */
type Onboarding = { tagline: string; technical: boolean; skills: string[]; takes: string[]; wants: string[] };

const INES: Onboarding = {
  tagline: 'Engineer building <b>grid</b> software',
  technical: true,
  skills: ['Engineering', 'Product'],
  takes: ['Engineering', 'Product'],
  wants: ['Sales and marketing', 'Fundraising'],
};
const BEN: Onboarding = {
  tagline: 'Selling energy software to utilities',
  technical: false,
  skills: ['Sales and marketing', 'Fundraising'],
  takes: ['Sales and marketing', 'Fundraising'],
  wants: ['Engineering', 'Product'],
};

/**
 * A new founder goes through onboarding's five steps on the screens: about, skills, the startup,
 * the co-founder they look for (a must-have on the other background, the responsibilities taken
 * and wanted) and photos, finishing without a picture.
 */
async function onboardThroughScreens(page: Page, city: { typed: string; label: string }, founder: Onboarding): Promise<void> {
  await open(page, '/onboarding');
  await hydrated(page, 'OnboardingFlow');
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  const heading = page.locator('#pf-step-heading');
  await page.getByLabel('Tagline').fill(founder.tagline);
  const picker = page.getByRole('combobox', { name: /City/ });
  await picker.fill(city.typed);
  await page.getByRole('option', { name: city.label }).click();
  await expect(picker).toHaveValue(city.label);
  await next();

  await expect(heading).toContainText('Skills');
  await page.getByLabel(founder.technical ? 'Yes, I build' : 'No, I do other things').check();
  for (const skill of founder.skills) await page.getByLabel(skill, { exact: true }).check();
  await page.getByLabel('Full time', { exact: true }).check();
  await next();

  await expect(heading).toContainText('Your startup');
  await page.getByLabel('A prototype').check();
  await page.getByLabel('Climate and energy').check();
  await next();

  await expect(heading).toContainText('Your co-founder');
  await page.getByRole('switch', { name: 'I am looking for a co-founder' }).check();
  const technical = page.getByRole('group', { name: 'Technical background' });
  await technical.getByLabel('Must have').check();
  await technical.getByLabel(founder.technical ? 'Not technical' : 'Technical', { exact: true }).check();
  for (const role of founder.takes) await page.getByRole('group', { name: 'Responsibilities you will take' }).getByLabel(role, { exact: true }).check();
  for (const role of founder.wants) await page.getByRole('group', { name: 'Responsibilities you want a co-founder to take' }).getByLabel(role, { exact: true }).check();
  await next();

  await expect(heading).toContainText('Photos');
  await page.getByRole('button', { name: 'Finish and see my profile' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Welcome to FounderMesh' })).toBeVisible();
}

test.describe('introductions', () => {
  test('two new founders go from onboarding to a match: both see it live, the introduction opens and they exchange first messages', async ({ browser, extraHTTPHeaders }) => {
    test.setTimeout(180_000);
    const stack: Stack = { browser, baseURL, headers: extraHTTPHeaders ?? {} };
    const probe = await newMember(stack, { firstName: 'Probe', memberType: 'founder' });
    const cities = (await (await api(probe, baseURL, 'GET', 'cities?search=torshavn&limit=1')).json()) as { data: Array<{ id: number; label: string }> };
    const city = { typed: 'torshavn', label: cities.data[0]!.label };
    await probe.context.close();
    // Verified and signed in, onboarding still ahead (Ben with Premium, to see who is interested in him).
    const [ines, ben] = await Promise.all([
      newMember(stack, { firstName: 'Ines', lastName: 'Quill', memberType: 'founder', onboarded: false }),
      newMember(stack, { firstName: 'Ben', lastName: 'Rook', memberType: 'founder', onboarded: false, premium: true }),
    ]);
    await onboardThroughScreens(ines.page, city, INES);
    await onboardThroughScreens(ben.page, city, BEN);

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
    // What she takes and wants, from her onboarding, is on her row.
    await expect(queue.locator('.card-deep').first()).toHaveText('Takes: Engineering, Product · Wants: Sales and marketing, Fundraising');
    await queue.getByRole('button', { name: 'Interested in Ines Quill' }).click();
    const benDialog = matchDialog(ben.page);
    await expect(benDialog).toBeVisible();
    await expect(benDialog).toContainText('You and Ines Quill are both interested.');
    await expect(benDialog.getByText('Engineer building <b>grid</b> software')).toBeVisible();
    // What they gave in onboarding is why they fit: Ben sells, Ines builds.
    await expect(benDialog.getByRole('list', { name: 'Why you fit' })).toContainText('Complementary roles: you sell and raise money, they build and shape the product');
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

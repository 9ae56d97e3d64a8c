import type { APIRequestContext, Page } from '@playwright/test';
import { png } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, latestMail, linkIn, registerVerified, test, uniqueEmail } from './support';

const PASSWORD = 'onboarding-e2e-password';

/** Waits for the page's islands to hydrate, so keys and clicks reach React. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const stepHeading = (page: Page) => page.locator('#pf-step-heading');

/** Registers an advisor through the screens and verifies with the mailed link: signed in. */
async function registerVerifiedAdvisor(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Advisor', { exact: true }).check();
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  const link = linkIn(await latestMail(request, email, /verification/i), '/verify-email');
  await page.goto(link.pathname + link.search);
  // As registerVerified: the next page must have replaced this one before anything is typed.
  await page.waitForURL((url) => !url.pathname.startsWith('/verify-email'));
}

/** Picks a city through the combobox with the keyboard. */
async function chooseCity(page: Page, typed: string, label: string): Promise<void> {
  const city = page.getByRole('combobox', { name: /City/ });
  await city.fill(typed);
  await expect(page.getByRole('option', { name: label })).toBeVisible();
  await city.press('ArrowDown');
  await expect(city).toHaveAttribute('aria-activedescendant', /option-0$/);
  await city.press('Enter');
  await expect(city).toHaveValue(label);
  await expect(city).toHaveAttribute('aria-expanded', 'false');
}

test.describe('onboarding', () => {
  test('a new founder is led to onboarding, keeps the draft across a reload, uploads a picture and lands on the profile', async ({ page, request }) => {
    test.setTimeout(120_000);
    await registerVerified(page, request, uniqueEmail('onboard-founder'), PASSWORD);
    await expect(page).toHaveURL(/\/onboarding$/);
    // Member-only screens lead back here until the profile is done.
    await page.goto('/connections');
    await expect(page).toHaveURL(/\/onboarding$/);
    await hydrated(page);

    await expect(page.getByText('Step 1 of 5', { exact: true })).toBeVisible();
    await page.getByLabel('Tagline').fill('Payments for small shops in Lagos');
    await chooseCity(page, 'lago', 'Lagos, Nigeria');
    await page.getByRole('switch', { name: 'Open to working remotely' }).check();
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel('Link 1 label').fill('Website');
    await page.getByLabel('Link 1 address').fill('ada.example');
    await next(page);
    // Refused on the step: the message is tied to the field, which takes the focus.
    const address = page.getByLabel('Link 1 address');
    await expect(address).toBeFocused();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(/full address starting with https/);
    await address.fill('https://ada.example');
    await next(page);

    await expect(stepHeading(page)).toContainText('Skills');
    await expect(stepHeading(page)).toBeFocused();
    await next(page);
    await expect(page.getByLabel('Yes, I build')).toBeFocused();
    await expect(page.getByText('Choose at least one skill.')).toBeVisible();
    await page.getByLabel('Yes, I build').check();
    await page.getByLabel('Engineering').check();
    await page.getByLabel('Product').check();
    await page.getByLabel('Full time').check();
    await expect(page.getByText('Draft saved')).toBeVisible();

    // Leaving and coming back keeps what was typed, on the same step.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('Step 2 of 5', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Engineering')).toBeChecked();
    await expect(page.getByLabel('Full time')).toBeChecked();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Tagline')).toHaveValue('Payments for small shops in Lagos');
    await expect(page.getByRole('combobox', { name: /City/ })).toHaveValue('Lagos, Nigeria');
    await next(page);
    await next(page);

    await expect(stepHeading(page)).toContainText('Your startup');
    await page.getByLabel('A prototype').check();
    await page.getByLabel('Fintech').check();
    const interests = page.getByRole('textbox', { name: /^Interests/ });
    await interests.fill('open banking');
    await interests.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove open banking' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Bio/ }).fill('I built card rails for ten years.');
    await next(page);

    await expect(stepHeading(page)).toContainText('Your co-founder');
    await page.getByRole('switch', { name: 'I am looking for a co-founder' }).check();
    const technical = page.getByRole('group', { name: 'Technical background' });
    await technical.getByLabel('Must have').check();
    await next(page);
    await expect(page.getByText('Choose what you look for, or mark it "Don\'t care".')).toBeVisible();
    await technical.getByLabel('Not technical').check();
    await page.getByRole('group', { name: 'Industries' }).getByLabel('Nice to have').check();
    await next(page);

    await expect(stepHeading(page)).toContainText('Photos');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: png(160, 160) });
    await expect(page.getByRole('img', { name: 'Preview of your new picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Finish and see my profile' }).click();
    await expect(page.getByLabel('Describe your picture')).toBeFocused();
    await page.getByLabel('Describe your picture').fill('Ada Lovelace smiling at a whiteboard');
    await page.getByRole('button', { name: 'Finish and see my profile' }).click();

    await expect(page).toHaveURL(/\/founder\/ada-lovelace(-\d+)?$/);
    await expect(page.locator('.toast').filter({ hasText: 'Welcome to FounderMesh' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada Lovelace');
    await expect(page.getByText('Payments for small shops in Lagos').first()).toBeVisible();
    const picture = page.getByRole('img', { name: 'Ada Lovelace smiling at a whiteboard' }).first();
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);

    // Onboarded: the member screens open, and /onboarding sends to the settings.
    await page.goto('/connections');
    await expect(page).toHaveURL(/\/connections/);
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/settings\/profile$/);
  });

  test('an advisor goes through their own steps and a wrong file type is refused with a message', async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    await registerVerifiedAdvisor(page, request, uniqueEmail('onboard-advisor'));
    await expect(page).toHaveURL(/\/onboarding$/);
    await hydrated(page);

    await expect(page.getByText('Step 1 of 4', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');
    await page.getByLabel('Position').fill('Partner at Harbour Ventures');
    await chooseCity(page, 'zur', 'Zürich, Switzerland'); // typed without the umlaut
    await next(page);
    await expect(stepHeading(page)).toContainText('Expertise');
    await page
      .getByRole('group', { name: /Areas of expertise/ })
      .getByLabel('Fundraising')
      .check();
    await page.getByLabel('Years of experience').fill('twelve');
    await next(page);
    await expect(page.getByLabel('Years of experience')).toBeFocused();
    await page.getByLabel('Years of experience').fill('12');
    await next(page);
    await expect(stepHeading(page)).toContainText('How you help');
    await page.getByLabel('Investing').check();
    await page.getByLabel('Mentoring').check();
    await next(page);

    // A PDF named like a picture: the browser reads its bytes and refuses it at once.
    await page.getByLabel('Banner').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n% not an image') });
    await expect(page.getByText("This file isn't a picture we can use: choose a JPEG, PNG or WebP.")).toBeVisible();
    await expect(page.getByLabel('Banner')).toHaveAttribute('aria-invalid', 'true');
    // The server decides too: the same bytes sent straight to the API are refused, naming the field.
    const refused = await page.request.post('/api/session/advisor/onboarding', {
      headers: { origin: baseURL! },
      multipart: {
        name: 'Grace Hopper',
        expertise: 'fundraising',
        helpTypes: 'investing',
        profileBanner: { name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7') },
        profileBannerAlt: 'x',
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { data: { fields: Record<string, string> } }).data.fields).toHaveProperty('profileBanner');

    await page.getByRole('button', { name: 'Clear the chosen banner' }).click();
    await page.getByLabel('Profile picture').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: png(96, 96, [40, 160, 120]) });
    await page.getByLabel('Describe your picture').fill('Grace Hopper in a green jacket');
    await page.getByRole('button', { name: 'Finish and see my profile' }).click();

    await expect(page).toHaveURL(/\/advisor\/grace-hopper(-\d+)?$/);
    await expect(page.getByText('Partner at Harbour Ventures').first()).toBeVisible();
    const picture = page.getByRole('img', { name: 'Grace Hopper in a green jacket' }).first();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  });

  test('profile settings change the tagline and remove the banner on the public page; privacy opt-out makes it noindex', async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    await registerVerified(page, request, uniqueEmail('settings-founder'), PASSWORD);
    const finished = await page.request.post('/api/session/founder/onboarding', {
      headers: { origin: baseURL! },
      multipart: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        tagline: 'First tagline',
        technical: 'true',
        skills: 'engineering',
        commitment: 'part-time',
        ideaStage: 'idea',
        profileBanner: { name: 'banner.png', mimeType: 'image/png', buffer: png(600, 200) },
        profileBannerAlt: 'A plain blue banner',
      },
    });
    expect(finished.status()).toBe(200);
    const { profile } = (await finished.json()) as { profile: { slug: string } };
    await page.goto(`/founder/${profile.slug}`);
    await expect(page.getByRole('img', { name: 'A plain blue banner' })).toBeVisible();

    await page.goto('/settings/profile');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Part time')).toBeChecked();
    await expect(page.getByRole('img', { name: 'A plain blue banner' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove banner' }).click();
    await expect(page.getByText('Your banner will be removed')).toBeVisible();
    await page.getByLabel('Tagline').fill('Second tagline, saved from settings');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByText('Enter your first name.')).toBeVisible();
    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await expect(page.getByText('No banner yet')).toBeVisible();

    await page.goto(`/founder/${profile.slug}`);
    await expect(page.getByText('Second tagline, saved from settings').first()).toBeVisible();
    await expect(page.getByRole('img', { name: 'A plain blue banner' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);

    await page.goto('/settings/privacy');
    await hydrated(page);
    const indexing = page.getByRole('switch', { name: 'Show my profile in search engines' });
    await expect(indexing).toBeChecked();
    await indexing.click();
    await expect(page.getByText('Search engines are now asked not to list your profile.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show my profile in search engines' })).not.toBeChecked();
    await page.goto(`/founder/${profile.slug}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // A refused change is rolled back, with a toast saying so.
    await page.goto('/settings/privacy');
    await hydrated(page);
    await page.route('**/api/session/profile/privacy', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Try again in a moment.', status: 503, data: null }) }),
    );
    const privately = page.getByRole('switch', { name: 'Browse privately' });
    await privately.click();
    await expect(page.locator('.toast').filter({ hasText: 'Your choice was not saved: Try again in a moment.' })).toBeVisible();
    await expect(privately).not.toBeChecked();
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`onboarding and settings screens have no serious axe violation in the ${theme} theme, at 360 px`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await registerVerified(page, request, uniqueEmail(`onboarding-axe-${theme}`), PASSWORD);
      // Narrow only now: registerVerified looks for the header's sign-out button, folded away at 360 px.
      await page.setViewportSize({ width: 360, height: 780 });
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

      // Each step, with its errors showing, and the city list open.
      await page.getByLabel('First name').fill('');
      await page.getByRole('combobox', { name: /City/ }).fill('par');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('combobox', { name: /City/ }).press('Escape');
      await next(page);
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('First name').fill('Ada');
      await next(page);
      await next(page);
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('No, I do other things').check();
      await page.getByLabel('Sales and marketing').check();
      await page.getByLabel('Part time').check();
      await next(page);
      await page.getByLabel('An idea').check();
      await next(page);
      await page.getByRole('switch', { name: 'I am looking for a co-founder' }).check();
      await page.getByRole('group', { name: 'Skills' }).getByLabel('Must have').check();
      await next(page);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('group', { name: 'Skills' }).getByLabel('Engineering').check();
      await next(page);
      await page.getByLabel('Profile picture').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png(80, 80) });
      await expect(page.getByLabel('Describe your picture')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Nothing overflows sideways at 360 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.getByLabel('Describe your picture').fill('A blue square');
      await page.getByRole('button', { name: 'Finish and see my profile' }).click();
      await expect(page).toHaveURL(/\/founder\//);

      for (const path of ['/settings/profile', '/settings/privacy', '/settings/password']) {
        await page.goto(path);
        await hydrated(page);
        await expectNoSeriousA11yViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      }
    });
  }
});

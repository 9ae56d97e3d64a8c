/**
 * Limited text fields as a member meets them: a count near the limit, text over it kept
 * whole and refused with a reason naming the field (pasted text is never cut and sent),
 * and the API refusing it too with a 4xx that names the field. Refused files are told in a
 * member's words, one current problem per control. Checked at 375 px in the dark theme.
 */
import type { Locator, Page } from '@playwright/test';
import { api, newMember, png, type Member, type Stack } from './profile-page-support';
import { expect, openHydrated as open, registerVerified, test, uniqueEmail } from './support';

/** Bytes named like a PNG that are no picture at all. */
const FAKE_PNG = { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not a picture') };

/** Ada and Ben, new members connected to each other (Ada asked, Ben accepted). */
async function connectedPair(stack: Stack): Promise<[Member, Member]> {
  const ada = await newMember(stack, { firstName: 'Ada' });
  const ben = await newMember(stack, { firstName: 'Ben' });
  const asked = await api(ada, stack.baseURL, 'POST', 'connection/connect', { receiverId: ben.id });
  expect(asked.status()).toBe(201);
  const { connection } = (await asked.json()) as { connection: { _id: string } };
  expect((await api(ben, stack.baseURL, 'PUT', `connection/accepted/${connection._id}`)).ok()).toBe(true);
  return [ada, ben];
}

/** The small screen in the dark theme, where the counts must stay readable and inside the page. */
async function smallDark(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
}

/** A count sits inside the 375 px page, and the page does not scroll sideways. */
async function expectInsideSmallPage(page: Page, element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe('text limits', () => {
  test('the inbox message box counts near 5,000, keeps 10,000 pasted characters and refuses to send them', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [ada, ben] = await connectedPair(stack);
    const { page } = ada;
    await smallDark(page);
    await open(page, `/inbox?with=${ben.id}`);
    await expect(page).toHaveURL(/personalInbox=/);
    const box = page.getByLabel('Message to Ben Tester');
    const count = page.locator('.ib-composer [data-text-count]');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/connections/messages')) posted = true;
    });

    await box.fill('x'.repeat(3999));
    await expect(count).toBeHidden();
    await box.fill('x'.repeat(4500));
    await expect(count).toHaveText('500 characters left');

    await box.fill('y'.repeat(10_000));
    await expect(box).toHaveValue('y'.repeat(10_000));
    await expect(count).toHaveText('5000 characters over the limit of 5000');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    // Send says why it can't send, and stays reachable to say so.
    await expect(send).toHaveAttribute('aria-disabled', 'true');
    await expect(send).toHaveAccessibleDescription('5000 characters over the limit of 5000');
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.ib-composer').getByRole('alert')).toHaveText('Your message is 5000 characters over the limit of 5000. Shorten it to send it.');
    await box.press('Enter');
    await expect(box).toHaveValue('y'.repeat(10_000));
    expect(posted).toBe(false);
    // The reason follows the text as it is shortened, and goes once the text fits.
    await box.fill('y'.repeat(5010));
    await expect(page.locator('.ib-composer').getByRole('alert')).toHaveText('Your message is 10 characters over the limit of 5000. Shorten it to send it.');
    await box.fill('y'.repeat(4999));
    await expect(page.locator('.ib-composer').getByRole('alert')).toHaveCount(0);
    await expectInsideSmallPage(page, count);

    // The API refuses it too, naming the field, and never stores a cut copy.
    const refused = await ada.context.request.post('/api/session/connections/messages', { multipart: { body: 'z'.repeat(5001), to: ben.id }, headers: { origin: baseURL! } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { data: { fields: Record<string, string> } }).data.fields.body).toMatch(/5000/);

    // Shortened, it sends whole.
    await box.fill('w'.repeat(5000));
    await expect(send).not.toHaveAttribute('aria-disabled', 'true');
    await send.click();
    await expect(page.locator('.ib-msg').last()).toContainText('w'.repeat(5000));
    await expect(box).toHaveValue('');
  });

  test('the bio in settings keeps 2,500 pasted characters, counts them over 2,000 and refuses to save', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(90_000);
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const ada = await newMember(stack, { firstName: 'Ada', memberType: 'founder', profile: { bio: 'Short bio.' } });
    const { page } = ada;
    await smallDark(page);
    await open(page, '/settings/profile');
    const bio = page.getByRole('textbox', { name: /^Bio/ });
    await bio.fill('b'.repeat(2500));
    await expect(bio).toHaveValue('b'.repeat(2500));
    const count = page.locator('#pf-bio-count');
    await expect(count).toHaveText('500 characters over the limit of 2000');
    await expect(bio).toHaveAccessibleDescription(/500 characters over the limit of 2000/);
    await page.getByLabel('Tagline').fill('t'.repeat(130));
    await expect(page.locator('#pf-tagline-count')).toHaveText('10 characters over the limit of 120');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your tagline is 10 characters over the limit of 120. Shorten it to save it.')).toBeVisible();
    await expect(page.getByText('Your bio is 500 characters over the limit of 2000. Shorten it to save it.')).toBeVisible();
    await expect(page.getByLabel('Tagline')).toBeFocused();
    await expectInsideSmallPage(page, count);
    const saved = (await (await ada.context.request.get('/api/session/auth/me')).json()) as { profile?: { bio?: string } };
    expect(JSON.stringify(saved)).not.toContain('b'.repeat(2000));

    // The API refuses it too, naming the field.
    const refused = await ada.context.request.put('/api/session/founder/profile', {
      multipart: { firstName: 'Ada', lastName: 'Tester', technical: 'true', skills: 'engineering', commitment: 'full-time', ideaStage: 'idea', bio: 'b'.repeat(2001) },
      headers: { origin: baseURL! },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { data: { fields: Record<string, string> } }).data.fields).toHaveProperty('bio');

    await bio.fill('b'.repeat(1900));
    await expect(count).toHaveText('100 characters left');
    await page.getByLabel('Tagline').fill('Payments for small shops');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
  });

  test('a name is limited to 60 at registration, in onboarding and in settings, and never cut', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const long = `${'N'.repeat(60)}x`;
    await page.goto('/register');
    await page.getByLabel('First name').fill(long);
    await expect(page.getByLabel('First name')).toHaveValue(long);
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('long-name'));
    await page.getByLabel('Password', { exact: true }).fill('limits-e2e-password');
    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/register/);
    await expect(page.getByLabel('First name')).toHaveValue(long);
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription(/60/);

    await registerVerified(page, request, uniqueEmail('onboard-name'), 'limits-e2e-password');
    await expect(page).toHaveURL(/\/onboarding$/);
    await smallDark(page);
    await open(page, '/onboarding');
    const first = page.getByLabel('First name');
    await first.fill(long);
    await expect(first).toHaveValue(long);
    await expect(page.locator('#pf-firstName-count')).toHaveText('1 character over the limit of 60');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Your first name is 1 character over the limit of 60. Shorten it to save it.')).toBeVisible();
    await expect(first).toBeFocused();
    await expectInsideSmallPage(page, page.locator('#pf-firstName-count'));

    // Settings use the same limit, and so does the API.
    const refused = await page.request.post('/api/session/founder/onboarding', {
      headers: { origin: baseURL! },
      multipart: { firstName: long, lastName: 'Tester', technical: 'true', skills: 'engineering', commitment: 'full-time', ideaStage: 'idea' },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { data: { fields: Record<string, string> } }).data.fields).toHaveProperty('firstName');
    const done = await page.request.post('/api/session/founder/onboarding', {
      headers: { origin: baseURL! },
      multipart: { firstName: 'N'.repeat(60), lastName: 'Tester', technical: 'true', skills: 'engineering', commitment: 'full-time', ideaStage: 'idea' },
    });
    expect(done.status()).toBe(200);
    await open(page, '/settings/profile');
    await page.getByLabel('First name').fill(long);
    await expect(page.locator('#pf-firstName-count')).toHaveText('1 character over the limit of 60');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your first name is 1 character over the limit of 60. Shorten it to save it.')).toBeVisible();
  });

  test("a fake PNG is told in a member's words, and one current problem shows per attachment control", async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [ada, ben] = await connectedPair(stack);
    const { page } = ada;
    await smallDark(page);

    // The profile picture: read by its bytes in the browser.
    await open(page, '/settings/profile');
    await page.getByLabel('Profile picture').setInputFiles(FAKE_PNG);
    await expect(page.getByText("This file isn't a picture we can use: choose a JPEG, PNG or WebP.")).toBeVisible();
    await page.getByLabel('Profile picture').setInputFiles({ ...FAKE_PNG, name: 'other.png' });
    await expect(page.getByText("This file isn't a picture we can use: choose a JPEG, PNG or WebP.")).toHaveCount(1);
    await page.getByLabel('Profile picture').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: png(96, 96) });
    await expect(page.getByText("This file isn't a picture we can use: choose a JPEG, PNG or WebP.")).toHaveCount(0);

    // A post's picture: the API reads the bytes; the member reads what to choose.
    await page.goto('/feed');
    await page.locator('astro-island[component-url*="FeedScreen"]:not([ssr])').waitFor({ state: 'attached' });
    await page.locator('.fd-composer input[type=file]').setInputFiles(FAKE_PNG);
    await page.getByLabel('Alt text for picture 1 (describe it for screen readers)').fill('A chart');
    await page.getByRole('combobox', { name: 'What would you like to share?' }).fill('Our numbers');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const postProblem = page.locator('.fd-composer').getByRole('alert');
    await expect(postProblem).toHaveText("This file isn't a picture or video we can use: choose a JPEG, PNG, WebP or GIF picture, or an MP4 or WebM video.");
    await expect(postProblem).not.toContainText('media.0');

    // A message's attachment: a refused upload is one chip's problem, replaced by the next choice.
    await open(page, `/inbox?with=${ben.id}`);
    const fileInput = page.locator('.ib-composer input[type="file"]');
    const refusedChips = page.locator('.ib-chip[data-status="error"]');
    await fileInput.setInputFiles(FAKE_PNG);
    await expect(refusedChips).toHaveCount(1);
    await expect(refusedChips).toContainText("This file isn't one we can attach: choose a picture (JPEG, PNG, WebP or GIF), a PDF, or an MP4 or WebM video.");
    await expect(refusedChips).not.toContainText('file:');
    await fileInput.setInputFiles({ ...FAKE_PNG, name: 'again.png' });
    await expect(refusedChips).toHaveCount(1);
    await expect(refusedChips).toContainText('again.png');
    await fileInput.setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: png(64, 48) });
    await expect(page.locator('.ib-chip[data-status="done"]')).toHaveCount(1);
    await expect(refusedChips).toHaveCount(0);
    // A refusal before upload is dismissed with its button.
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    const problems = page.locator('.ib-problems');
    await expect(problems).toHaveCount(1);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(problems).toHaveCount(0);

    // API clients still read the field and the rule.
    const upload = await ada.context.request.post('/api/session/upload/attachment', { multipart: { file: FAKE_PNG }, headers: { origin: baseURL! } });
    expect(upload.status()).toBe(415);
    expect(((await upload.json()) as { message: string }).message).toMatch(/^file: must be a JPEG/);
  });
});

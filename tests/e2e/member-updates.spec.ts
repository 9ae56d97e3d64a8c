/**
 * What a member sees keep up with what they do (issue 29, item 11): a reply draft survives
 * opening another comment's reply box and a reload; a saved profile picture replaces the
 * header's initials at once, in this tab and the member's other tabs; the Connections badge
 * follows received requests live, as the bell does; toasts sit under the sticky header,
 * never over its links, at 1280 and 375 px.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, liveConnected, test, openHydrated as open } from './support';
import { api, newMember, png, type Member, type Stack } from './profile-page-support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

/** Fails when the two boxes overlap. */
async function expectApart(first: Locator, second: Locator): Promise<void> {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(a && b).toBeTruthy();
  const apart = a!.x + a!.width <= b!.x || b!.x + b!.width <= a!.x || a!.y + a!.height <= b!.y || b!.y + b!.height <= a!.y;
  expect(apart, `toast ${JSON.stringify(b)} overlaps the header ${JSON.stringify(a)}`).toBe(true);
}

test('a reply draft stays with its comment when another reply box opens and after a reload; sending clears it', async ({ browser, baseURL, extraHTTPHeaders }) => {
  const ada = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Ada' });
  const text = `Drafts keep their place ${Date.now().toString(36)}`;
  const posted = await ada.context.request.post('/api/session/feed-post', { multipart: { post_by: ada.id, text }, headers: { origin: baseURL! } });
  expect(posted.status(), await posted.text()).toBe(201);
  const postId = ((await posted.json()) as { _id: string })._id;
  for (const comment of ['The first comment', 'The second comment']) {
    expect((await api(ada, baseURL!, 'POST', 'feed/comments', { postId, text: comment })).status()).toBe(201);
  }

  const { page } = ada;
  const post = page.locator('article.fd-post').filter({ hasText: text });
  const comment = (words: string) => post.locator('.fd-comment').filter({ hasText: words });
  const replyBox = post.getByRole('combobox', { name: `Reply to ${ada.name}` });
  const openComments = async () => {
    await open(page, '/feed');
    await post.getByRole('button', { name: /^Comment \d/ }).click();
    await expect(comment('The second comment')).toBeVisible();
  };
  await openComments();

  await comment('The first comment').getByRole('button', { name: 'Reply' }).click();
  await replyBox.fill('Half a thought for the first');
  await comment('The second comment').getByRole('button', { name: 'Reply' }).click();
  await expect(replyBox).toHaveCount(1);
  await expect(replyBox).toHaveValue('');
  await replyBox.fill('Half a thought for the second');
  await comment('The first comment').getByRole('button', { name: 'Reply' }).click();
  await expect(replyBox).toHaveValue('Half a thought for the first');

  await openComments();
  await comment('The second comment').getByRole('button', { name: 'Reply' }).click();
  await expect(replyBox).toHaveValue('Half a thought for the second');
  await replyBox.fill('Half a thought for the second, finished');
  await post.locator('.fd-comment-form').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(post.getByRole('list', { name: `Replies to ${ada.name}` })).toContainText('Half a thought for the second, finished');
  await comment('The second comment').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(replyBox).toHaveValue('');
  await ada.context.close();
});

test('a picture saved in settings replaces the header initials at once, and in the member’s other tab', async ({ browser, baseURL, extraHTTPHeaders }) => {
  const grace = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Grace' });
  const other = await grace.context.newPage();
  const otherLive = liveConnected(other);
  await open(other, '/feed');
  await otherLive;
  const avatar = (page: Page) => page.locator('.nav-user .avatar');
  await expect(avatar(other)).toHaveText('GT');

  const { page } = grace;
  await open(page, '/settings/profile');
  await expect(avatar(page)).toHaveText('GT');
  await page.getByLabel('Profile picture').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: png(96, 96, [40, 160, 120]) });
  await page.getByLabel('Describe your picture').fill('Grace in a green jacket');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Your profile is saved.' })).toBeVisible();

  for (const tab of [page, other]) {
    const picture = avatar(tab).locator('img');
    await expect(picture).toHaveAttribute('src', /\S/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await expect(avatar(tab)).not.toContainText('GT');
  }
  // A page rendered afterwards brings the same picture from the server.
  const shown = await avatar(page).locator('img').getAttribute('src');
  await open(other, '/founders');
  await expect(avatar(other).locator('img')).toHaveAttribute('src', shown!);
  await grace.context.close();
});

test('the Connections badge follows received requests live: sent, withdrawn, accepted and ignored in another tab', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack = stackOf(browser, baseURL, extraHTTPHeaders);
  const [ada, ben, cleo] = [await newMember(stack, { firstName: 'Ada' }), await newMember(stack, { firstName: 'Ben' }), await newMember(stack, { firstName: 'Cleo' })];
  const page = ben.page;
  const live = liveConnected(page);
  await open(page, '/feed');
  await live;
  const link = page.getByRole('link', { name: /^Connections/ }).first();
  const badge = page.locator('[data-requests-badge]');
  await expect(badge).toBeHidden();

  const connect = async (from: Member) => {
    const response = await api(from, baseURL!, 'POST', 'connection/connect', { receiverId: ben.id });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { connection: { _id: string } }).connection._id;
  };

  // Ada asks: the badge shows it without a reload; Cleo asks too.
  const fromAda = await connect(ada);
  await expect(badge).toHaveAttribute('data-count', '1');
  await expect(link).toHaveAccessibleName(/Connections\s*, 1 new request$/);
  const fromCleo = await connect(cleo);
  await expect(badge).toHaveAttribute('data-count', '2');

  // Cleo withdraws hers.
  expect((await api(cleo, baseURL!, 'PUT', `connection/${fromCleo}`)).ok()).toBe(true);
  await expect(badge).toHaveAttribute('data-count', '1');

  // Ben accepts Ada's in another tab: this one follows.
  const second = await ben.context.newPage();
  await open(second, '/connections');
  await second.getByRole('button', { name: `Accept request from ${ada.name}` }).click();
  await expect(second.getByText('No requests waiting')).toBeVisible();
  await expect(badge).toBeHidden();

  // Cleo asks again and Ben ignores it (from the API, as another device would).
  const again = await connect(cleo);
  await expect(badge).toHaveAttribute('data-count', '1');
  // The open connections screen follows too: the request shows under Received.
  await expect(second.getByRole('button', { name: `Accept request from ${cleo.name}` })).toBeVisible();
  expect((await api(ben, baseURL!, 'PUT', `connection/ignored/${again}`)).ok()).toBe(true);
  await expect(badge).toBeHidden();
  expect(fromAda).toBeTruthy();
  for (const member of [ada, ben, cleo]) await member.context.close();
});

for (const width of [1280, 375]) {
  test(`toasts never cover the sticky header at ${width} px, scrolled or not`, async ({ browser, baseURL, extraHTTPHeaders }) => {
    const member = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Toby' });
    const { page } = member;
    await page.setViewportSize({ width, height: 800 });
    const header = page.locator('[data-site-header]');

    // Saved from the bottom of the settings form: the page is scrolled, the header stuck at the top.
    await open(page, '/settings/profile');
    await page.getByLabel('Tagline').fill('Toasts below the header');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const saved = page.locator('.toast').filter({ hasText: 'Your profile is saved.' });
    await expect(saved).toBeVisible();
    await expectApart(header, saved);
    // Scrolling back to the top keeps it below the header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectApart(header, saved);

    // Posting at the top of the feed.
    await open(page, '/feed');
    await page.getByRole('combobox', { name: 'What would you like to share?' }).fill(`Toasts stay clear ${width}`);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const posted = page.locator('.toast').filter({ hasText: 'Posted.' });
    await expect(posted).toBeVisible();
    await expectApart(header, posted);
    await member.context.close();
  });
}

import { COMMENT_TEXT_MAX } from '../../functions/src/shared/feed-limits';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support';
import { newMember, png, type Stack } from './profile-page-support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

const postBy = (page: Page, text: string | RegExp): Locator => page.locator('article.fd-post').filter({ hasText: text });

/** Opens the feed (or a filtered view) once its island has hydrated. */
async function openFeed(page: Page, path = '/feed'): Promise<void> {
  await page.goto(path);
  await page.locator('astro-island[component-url*="FeedScreen"]:not([ssr])').waitFor({ state: 'attached' });
}

/** Writes and publishes a post through the composer. */
async function compose(page: Page, text: string, extras: { poll?: string[]; picture?: string } = {}): Promise<Locator> {
  await page.getByRole('combobox', { name: 'What would you like to share?' }).fill(text);
  if (extras.poll) {
    await page.getByRole('button', { name: 'Add poll' }).click();
    await page.getByLabel('Question (optional)').fill('Which one?');
    for (const [index, option] of extras.poll.entries()) await page.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option);
  }
  if (extras.picture) {
    await page.locator('.fd-composer input[type=file]').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png(90, 60) });
    await page.getByLabel('Alt text for picture 1 (describe it for screen readers)').fill(extras.picture);
  }
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const post = postBy(page, text);
  await expect(post.getByRole('link', { name: /ago|just now/ })).toBeVisible();
  return post;
}

test.describe('the feed', () => {
  test('a member posts text, a poll and a picture, then likes, votes, comments, replies, edits and deletes it', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const ada = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Ada' });
    const { page } = ada;
    await openFeed(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Feed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Feed', exact: true })).toHaveAttribute('aria-current', 'page');

    const tag = `ship${Date.now()}`;
    const text = `Launch day for the engine #${tag} — notes at https://example.com/launch`;
    const post = await compose(page, text, { poll: ['Gears', 'Looms'], picture: 'A rising chart' });
    await expect(post.getByRole('img', { name: 'A rising chart' })).toBeVisible();
    await expect(post.getByRole('link', { name: `#${tag}` })).toHaveAttribute('href', `/feed?hashtag=${tag}`);
    await expect(post.getByRole('link', { name: 'https://example.com/launch' })).toHaveAttribute('href', 'https://example.com/launch');

    // Like: the count moves at once and the server keeps it.
    const like = post.getByRole('button', { name: /^Like \d/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText('1');

    // Vote: the results replace the choices.
    await post.getByRole('button', { name: 'Gears' }).click();
    const results = post.getByRole('list', { name: 'Results' });
    await expect(results).toContainText('Gears');
    await expect(results).toContainText('your vote');
    await expect(results.getByRole('listitem').first()).toContainText('100%');

    // Comment and reply in place.
    await post.getByRole('button', { name: /^Comment \d/ }).click();
    await post.getByRole('combobox', { name: 'Write a comment' }).fill('First comment on the launch');
    await post.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = post.locator('.fd-comment').filter({ hasText: 'First comment on the launch' });
    await expect(comment.getByRole('button', { name: 'Reply' })).toBeVisible();
    await comment.getByRole('button', { name: 'Reply' }).click();
    await post.getByRole('combobox', { name: 'Reply to Ada Tester' }).fill('And a reply to it');
    await post.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(post.getByRole('list', { name: 'Replies to Ada Tester' })).toContainText('And a reply to it');
    await expect(post.getByRole('button', { name: /^Comment \d/ })).toContainText('2');
    await post.getByRole('button', { name: 'Actions for the reply by Ada Tester' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    // The screen changes at once (optimistic); the reload below must come after the server has it.
    const deleted = page.waitForResponse((response) => response.url().endsWith('/api/session/feed/comments/reply') && response.request().method() === 'DELETE');
    await page.getByRole('dialog', { name: 'Delete this reply?' }).getByRole('button', { name: 'Delete reply' }).click();
    expect((await deleted).ok()).toBe(true);
    await expect(post.getByText('And a reply to it')).toHaveCount(0);
    await expect(post.getByRole('button', { name: /^Comment \d/ })).toContainText('1');

    // The server kept all of it.
    await page.reload();
    const reloaded = postBy(page, text);
    await expect(reloaded.getByRole('button', { name: /^Like \d/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(reloaded.getByRole('list', { name: 'Results' })).toContainText('your vote');
    await expect(reloaded.getByRole('button', { name: /^Comment \d/ })).toContainText('1');

    // Edit: "Edited" opens the history with the old text.
    await reloaded.getByRole('button', { name: 'Actions for the post by Ada Tester' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit post' });
    await editor.getByRole('combobox', { name: 'Text' }).fill(`Launch day, edited: the engine ships #${tag}`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    const edited = postBy(page, `Launch day, edited: the engine ships #${tag}`);
    await edited.getByRole('button', { name: /Edited/ }).click();
    const history = page.getByRole('dialog', { name: 'Edit history' });
    await expect(history).toContainText(`Launch day for the engine #${tag}`);
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();

    // The hashtag filters the feed.
    await edited.getByRole('link', { name: `#${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/feed\\?hashtag=${tag}$`));
    await expect(page.getByText(`Posts tagged #${tag}`)).toBeVisible();
    await expect(edited).toBeVisible();

    // Delete, with a confirmation; it stays gone.
    await edited.getByRole('button', { name: 'Actions for the post by Ada Tester' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await expect(edited).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: `No posts tagged #${tag} yet` })).toBeVisible();
    await expect(edited).toHaveCount(0);
  });

  test('a comment with more replies than it brings shows the rest on request, in order', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const cy = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Cy' });
    const { page } = cy;
    await openFeed(page);
    const text = `A post with a long thread ${Date.now()}`;
    const post = await compose(page, text);
    const slug = (await post.locator('a.fd-time').getAttribute('href'))!.replace('/post/', '');
    const postId = ((await (await cy.context.request.get(`/api/session/feed-post/${slug}`)).json()) as { _id: string })._id;
    const call = (path: string, data: unknown) => cy.context.request.post(`/api/session/${path}`, { data, headers: { origin: baseURL! } });
    const comment = await (await call('feed/comments', { postId, text: 'Thread starter' })).json();
    for (let i = 1; i <= 52; i += 1) expect((await call('feed/comments/reply', { commentId: comment._id, text: `Reply number ${i}` })).status()).toBe(201);

    await page.reload();
    const reloaded = postBy(page, text);
    await reloaded.getByRole('button', { name: /^Comment \d/ }).click();
    const replies = reloaded.getByRole('list', { name: 'Replies to Cy Tester' }).getByRole('listitem');
    await expect(replies).toHaveCount(50);
    const more = reloaded.getByRole('button', { name: 'Show 2 more replies' });
    await more.click();
    await expect(replies).toHaveCount(52);
    await expect(replies.last()).toContainText('Reply number 52');
    await expect(replies.nth(50)).toContainText('Reply number 51');
    await expect(more).toHaveCount(0);
  });

  test('a link to the vote address, followed by a member, votes for nothing', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const dee = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Dee' });
    const { page } = dee;
    await openFeed(page);
    const text = `Link bait poll ${Date.now()}`;
    const post = await compose(page, text, { poll: ['Cats', 'Dogs'] });
    const slug = (await post.locator('a.fd-time').getAttribute('href'))!.replace('/post/', '');
    const readPoll = async () =>
      ((await (await dee.context.request.get(`/api/session/feed-post/${slug}`)).json()) as { poll: { _id: string; totalVotes: number; options: { _id: string }[] } }).poll;
    const poll = await readPoll();
    // What a link in a post would do: a top-level navigation to the GET of docs/product.md#polls.
    const followed = await page.goto(`/api/session/feed-post/${poll.options[0]!._id}/vote?pollId=${poll._id}`);
    expect(followed?.status()).toBe(403);
    expect((await readPoll()).totalVotes).toBe(0);
  });

  test('the composer suggests members to mention from the second letter, and Enter writes the mention', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const other = await newMember(stack, { firstName: `Zu${letters}` });
    const { page } = await newMember(stack, { firstName: 'Ada' });
    await openFeed(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/tagging-profiles')) asked.push(request.url());
    });
    const box = page.getByRole('combobox', { name: 'What would you like to share?' });
    const list = page.getByRole('listbox', { name: 'Members to mention' });
    await box.pressSequentially('Thanks @Z');
    await expect(list).toBeHidden();
    await box.pressSequentially(`u${letters.slice(0, 3)}`);
    await expect(list.getByRole('option', { name: new RegExp(`Zu${letters} Tester`) })).toBeVisible();
    // One letter asks nothing (it would read every name it begins): every question had two letters or more.
    const queries = asked.map((url) => new URL(url).searchParams.get('query') ?? '');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.filter((query) => query.length < 2)).toEqual([]);
    await box.press('Enter');
    // The box shows the name as readers will see it, highlighted, never the stored token.
    const name = `@Zu${letters} Tester`;
    await expect(box).toHaveValue(`Thanks ${name} `);
    await expect(list).toBeHidden();
    const mark = page.locator('.fd-composer .fd-mention-layer mark');
    await expect(mark).toHaveText(name);
    expect(await mark.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // The highlight lies under the name: both start on the box's first line, at the same place.
    const [markBox, fieldBox] = [(await mark.boundingBox())!, (await box.boundingBox())!];
    expect(markBox.y - fieldBox.y).toBeLessThan(20);
    await box.pressSequentially('for the intro');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const post = postBy(page, 'for the intro');
    await expect(post.getByRole('link', { name })).toHaveAttribute('href', new RegExp(other.slug));
  });

  test('your new post shows first, above the pinned posts, and in view', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const { page } = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Ada' });
    await openFeed(page);
    await expect(page.locator('article.fd-post[data-pinned]').first()).toBeVisible();
    const text = `Fresh from the composer ${Date.now()}`;
    const post = await compose(page, text);
    await expect(page.locator('article.fd-post').first()).toContainText(text);
    await expect(post).toBeInViewport();
  });

  test('text over a limit is refused with the reason and kept, never cut and sent; the counter counts what readers see', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const { page } = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Ada' });
    await openFeed(page);
    const box = page.getByRole('combobox', { name: 'What would you like to share?' });
    const count = page.locator('.fd-composer [data-text-count]');
    await box.fill('x'.repeat(2000));
    await expect(count).toHaveText('');
    await box.fill('x'.repeat(2500));
    await expect(count).toHaveText('500 characters left');
    await box.fill('y'.repeat(10_000));
    await expect(box).toHaveValue('y'.repeat(10_000));
    await expect(count).toHaveText('7000 characters over the limit of 3000');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/session/feed-post')) posted = true;
    });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.locator('.fd-composer').getByRole('alert')).toHaveText('Your post is 7000 characters over the limit of 3000. Shorten it to send it.');
    await expect(box).toHaveValue('y'.repeat(10_000));
    expect(posted).toBe(false);
    // The reason follows the text as it is shortened, and goes once the text fits.
    const alert = page.locator('.fd-composer').getByRole('alert');
    await box.fill('y'.repeat(3010));
    await expect(alert).toHaveText('Your post is 10 characters over the limit of 3000. Shorten it to send it.');
    await box.fill('y'.repeat(3000));
    await expect(alert).toHaveCount(0);
    await box.fill('y'.repeat(3001));
    await expect(count).toHaveText('1 character over the limit of 3000');
    await expect(alert).toHaveCount(0);

    // A comment's reason follows its text the same way.
    const post = await compose(page, `Limits ${Date.now()}`);
    await post.getByRole('button', { name: /^Comment \d/ }).click();
    const comment = post.getByRole('combobox', { name: 'Write a comment' });
    const commentAlert = post.locator('.fd-comment-form').getByRole('alert');
    await comment.fill('c'.repeat(COMMENT_TEXT_MAX + 10));
    await post.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentAlert).toHaveText(`Your comment is 10 characters over the limit of ${COMMENT_TEXT_MAX}. Shorten it to send it.`);
    await comment.fill('c'.repeat(COMMENT_TEXT_MAX + 2));
    await expect(commentAlert).toHaveText(`Your comment is 2 characters over the limit of ${COMMENT_TEXT_MAX}. Shorten it to send it.`);
    await comment.fill('c'.repeat(COMMENT_TEXT_MAX));
    await expect(commentAlert).toHaveCount(0);
  });

  test('a like the server refuses is rolled back with a message', async ({ browser, baseURL, extraHTTPHeaders }) => {
    const ben = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Ben' });
    const { page } = ben;
    await openFeed(page);
    const post = await compose(page, `A post to like while offline ${Date.now()}`);
    await page.route('**/api/session/feed-post/like-by-user/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The feed is resting.', status: 503 }) }),
    );
    const like = post.getByRole('button', { name: /^Like \d/ });
    await like.click();
    await expect(page.getByRole('alert').filter({ hasText: 'The feed is resting.' })).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toContainText('0');
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`the feed passes axe in the ${theme} theme, at 360 px too`, async ({ browser, baseURL, extraHTTPHeaders }) => {
      const cleo = await newMember(stackOf(browser, baseURL, extraHTTPHeaders), { firstName: 'Cleo' });
      const { page } = cleo;
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await openFeed(page);
      const post = await compose(page, `Theme check ${theme} ${Date.now()} #a11y`, { poll: ['Yes', 'No'] });
      await post.getByRole('button', { name: /^Comment \d/ }).click();
      await expect(post.getByText('No comments yet. Start the conversation.')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(post).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

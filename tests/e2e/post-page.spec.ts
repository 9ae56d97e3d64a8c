import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support';
import { api, newMember, png, profileHref, type Member, type Stack } from './profile-page-support';

const stackOf = (browser: Stack['browser'], baseURL: string | undefined, headers: Record<string, string> | undefined): Stack => ({
  browser,
  baseURL: baseURL!,
  headers: headers ?? {},
});

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
const metaName = (page: Page, name: string) => page.locator(`meta[name="${name}"]`).getAttribute('content');

const POST_TEXT = 'Shipping our first engine today.\nBefore that, <b>poetry</b> & looms. #launch';

interface Conversation {
  slug: string;
  ada: Member;
  helen: Member;
}

/**
 * Ada (a founder) posts text, a picture and a poll through the API, Helen (an advisor)
 * votes and comments, and Ada replies: the conversation the page must show.
 */
async function conversation(stack: Stack): Promise<Conversation> {
  const ada = await newMember(stack, { firstName: 'Ada', memberType: 'founder' });
  const helen = await newMember(stack, { firstName: 'Helen', memberType: 'advisor' });
  const created = await ada.context.request.post('/api/session/feed-post', {
    headers: { origin: stack.baseURL },
    multipart: {
      post_by: ada.id,
      text: POST_TEXT,
      poll: JSON.stringify({ question: 'Which loom next?', options: ['Jacquard', 'Dobby'] }),
      group: 'community',
      media: { name: 'engine.png', mimeType: 'image/png', buffer: png(120, 80) },
      mediaAlt: 'The engine on a workbench',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as { _id: string; slug: string; poll: { _id: string; options: Array<{ _id: string }> } };
  const voted = await api(helen, stack.baseURL, 'GET', `feed-post/${post.poll.options[0]!._id}/vote?pollId=${post.poll._id}`);
  expect(voted.status(), await voted.text()).toBe(200);
  const commented = await api(helen, stack.baseURL, 'POST', 'feed/comments', { postId: post._id, text: 'Congratulations! </script><i>not markup</i>' });
  expect(commented.status(), await commented.text()).toBe(201);
  const { _id: commentId } = (await commented.json()) as { _id: string };
  const replied = await api(ada, stack.baseURL, 'POST', 'feed/comments/reply', { commentId, text: 'Thank you, Helen.' });
  expect(replied.status(), await replied.text()).toBe(201);
  return { slug: post.slug, ada, helen };
}

test.describe('a public post page read without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the post, its picture, poll results, comments and replies in the HTML, with canonical, Open Graph and JSON-LD', async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const { slug, ada, helen } = await conversation(stack);
    const path = `/post/${slug}`;
    const url = `${stack.baseURL}${path}`;

    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    // Member text is text, never markup.
    // biome-ignore lint/performance/useDomNodeTextContent: the line break is a <br>, which innerText reads as \n and textContent drops
    expect(await page.locator('.fp-post-text').innerText()).toBe(POST_TEXT);
    await expect(page.locator('.fp-post-text b')).toHaveCount(0);
    await expect(page.locator('.fp-post-text').getByRole('link', { name: '#launch' })).toHaveAttribute('href', '/tags/launch');
    await expect(page.getByRole('link', { name: 'Ada Tester' }).first()).toHaveAttribute('href', profileHref(ada));
    const picture = page.getByRole('img', { name: 'The engine on a workbench' });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('width', /\d+/);
    // Poll results as bars, read-only, and the way to vote.
    await expect(page.getByRole('heading', { name: 'Which loom next?' })).toBeVisible();
    await expect(page.locator('.fp-poll-option', { hasText: 'Jacquard' })).toContainText('100%');
    await expect(page.locator('.fp-poll-option', { hasText: 'Dobby' })).toContainText('0%');
    await expect(page.getByText('1 vote', { exact: false }).first()).toBeVisible();
    await expect(page.locator('.fp-poll button, .fp-poll input')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in to vote' })).toBeVisible();
    await expect(page.getByText('2 comments')).toBeVisible();
    // The conversation: Helen's comment, Ada's reply nested under it.
    const comment = page.locator('.fp-comment-list > .fp-comment').first();
    await expect(comment.locator(':scope > .fp-comment-text')).toHaveText('Congratulations! </script><i>not markup</i>');
    await expect(comment.getByRole('link', { name: 'Helen Tester' })).toHaveAttribute('href', profileHref(helen));
    await expect(comment.locator('.fp-reply .fp-comment-text')).toHaveText('Thank you, Helen.');
    // Visitors are asked to sign in, and come back here afterwards.
    await expect(page.getByRole('link', { name: 'Sign in to like and comment' })).toHaveAttribute('href', `/sign-in?next=${encodeURIComponent(path)}`);
    // No island: a visitor's page ships the shell's scripts only.
    expect(html).not.toContain('<astro-island');
    expect(html).not.toMatch(/component-url=/);

    // Head: title from the first words, canonical, Open Graph article with the picture, Twitter card.
    await expect(page).toHaveTitle('Shipping our first engine today. Before that, <b>poetry</b> & looms.… · Ada Tester | FounderMesh');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    expect(await meta(page, 'og:type')).toBe('article');
    expect(await meta(page, 'og:url')).toBe(url);
    // The drawn share card (tests/e2e/share-cards.spec.ts), not the post's first picture.
    expect(await meta(page, 'og:image')).toMatch(new RegExp(`^${stack.baseURL}/og/post/[^/]+/[0-9a-f]{16}\\.png$`));
    expect(await meta(page, 'og:image:alt')).toMatch(/^Post by Ada Tester: Shipping our first engine today\./);
    expect(await meta(page, 'article:author')).toBe(`${stack.baseURL}${profileHref(ada)}`);
    expect(await meta(page, 'article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await metaName(page, 'twitter:card')).toBe('summary_large_image');
    expect(await metaName(page, 'description')).toBe('Shipping our first engine today. Before that, <b>poetry</b> & looms. #launch');

    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    const posting = blocks.find((data) => data['@type'] === 'DiscussionForumPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      url,
      text: POST_TEXT,
      author: { '@type': 'Person', name: 'Ada Tester', url: `${stack.baseURL}${profileHref(ada)}` },
      interactionStatistic: [
        { interactionType: 'https://schema.org/LikeAction', userInteractionCount: 0 },
        { interactionType: 'https://schema.org/CommentAction', userInteractionCount: 2 },
      ],
      comment: [
        {
          '@type': 'Comment',
          text: 'Congratulations! </script><i>not markup</i>',
          author: { name: 'Helen Tester', url: `${stack.baseURL}${profileHref(helen)}` },
          comment: [{ '@type': 'Comment', text: 'Thank you, Helen.', author: { name: 'Ada Tester' } }],
        },
      ],
    });
    expect((posting!.image as string[])[0]).toMatch(new RegExp(`^${stack.baseURL}/.+posts/.+`));
    expect(Date.parse(posting!.datePublished as string)).not.toBeNaN();

    // The sitemap lists the post.
    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${url}</loc>`);
    for (const member of [ada, helen]) await member.context.close();
  });

  test('answers 404 for a post that does not exist', async ({ page }) => {
    const response = await page.goto('/post/no-such-post-000000');
    expect(response?.status()).toBe(404);
  });
});

test('a signed-in member is sent to the feed instead of signing in', async ({ browser, baseURL, extraHTTPHeaders }) => {
  const stack = stackOf(browser, baseURL, extraHTTPHeaders);
  const { slug, ada, helen } = await conversation(stack);
  await helen.page.goto(`/post/${slug}`);
  await expect(helen.page.getByRole('link', { name: 'Open in the feed' })).toBeVisible();
  await expect(helen.page.getByRole('link', { name: 'Sign in to like and comment' })).toHaveCount(0);
  await expect(helen.page.locator('.fp-poll-option', { hasText: 'Jacquard' })).toContainText('(your vote)');
  // The header's notification bell is the only island: the post itself ships no React.
  expect(await helen.page.locator('astro-island:not([component-url*="NotificationBell"])').count()).toBe(0);
  for (const member of [ada, helen]) await member.context.close();
});

for (const theme of ['dark', 'light'] as const) {
  test(`the post page has no serious accessibility violations in the ${theme} theme, nor overflows at 360 px`, async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const stack = stackOf(browser, baseURL, extraHTTPHeaders);
    const { slug, ada, helen } = await conversation(stack);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto(`/post/${slug}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const member of [ada, helen]) await member.context.close();
  });
}

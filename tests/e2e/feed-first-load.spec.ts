import { collectFiles, gzipSize, scriptsInHtml } from '../../bench/lib/page-scripts.mjs';
import { DEMO_MEMBER, expect, signIn, test } from './support';

/**
 * The feed's first load: the scripts of the signed-in feed's HTML, its islands and every
 * static import, each gzipped on its own (bench/page-weight.mjs measures the same way).
 * Issue 29 asks for at most 15 files and 100 KB, where it was 43 files and 125 KB. This
 * test's stack also runs the analytics and chat ports, which are off unless an operator
 * configures them; the client router's script is a file of its own, loaded only by pages
 * that render it. docs/benchmarks.md says where the bytes are; React's DOM client alone is
 * 63 KB, so a new part of the feed's first load has to pay for itself.
 */
const FEED_BUDGET = { files: 15, gzipBytes: 100 * 1024 };

test("the feed's first load ships at most 15 JavaScript files and no more gzipped bytes than its ceiling", async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // The member's session cookie rides along: the HTML is the signed-in feed, with its islands.
  const { request } = page.context();
  const feed = await request.get('/feed');
  expect(feed.status()).toBe(200);
  const { inline, urls } = scriptsInHtml(await feed.text(), feed.url());
  expect(urls.some(({ url }) => /FeedScreen/.test(url))).toBe(true);
  const files = await collectFiles(urls, async (url: string) => {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    return response.text();
  });
  const gzipBytes = [...inline, ...files.values()].reduce((sum: number, code: string) => sum + gzipSize(code), 0);
  const listing = [...files].map(([url, code]) => `${(gzipSize(code) / 1024).toFixed(2)} KB ${new URL(url).pathname}`).join('\n');
  expect(files.size, listing).toBeLessThanOrEqual(FEED_BUDGET.files);
  expect(gzipBytes, listing).toBeLessThanOrEqual(FEED_BUDGET.gzipBytes);
});

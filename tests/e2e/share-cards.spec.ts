/**
 * Share cards (docs/product.md "Share cards"): what a social site's card preview reads from a
 * visitor's copy of a public profile or post. Its og:image is an absolute address answering a
 * PNG of 1200×630 under 100 KB, which a browser shows at that natural size; one drawn card is
 * compared picture for picture; a member who opts out of search engines gets no drawn card.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './support';

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
const metaName = (page: Page, name: string) => page.locator(`meta[name="${name}"]`).getAttribute('content');

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** What a card preview does: reads the page's og:image, fetches it and checks it is a card worth showing. */
async function previewOf(page: Page, path: string) {
  expect((await page.goto(path))?.status()).toBe(200);
  const image = (await meta(page, 'og:image'))!;
  expect(image).toMatch(/^https?:\/\/[^/]+\/og\/(founder|advisor|post)\/[^/]+\/[0-9a-f]{16}\.png$/);
  expect(await meta(page, 'og:image:width')).toBe('1200');
  expect(await meta(page, 'og:image:height')).toBe('630');
  expect(await metaName(page, 'twitter:card')).toBe('summary_large_image');
  expect(await metaName(page, 'twitter:image')).toBe(image);
  const answer = await page.request.get(image);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/png');
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const bytes = await answer.body();
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  expect(bytes.byteLength).toBeLessThanOrEqual(100 * 1024);
  return { image, alt: (await meta(page, 'og:image:alt'))! };
}

/** Shows the card as a preview would, in an <img>; answers the element once the browser decoded it. */
async function showCard(page: Page, image: string, alt: string) {
  await page.setContent(`<body style="margin:0;background:#fff"><img alt="card" src="${image}"></body>`);
  const card = page.getByRole('img', { name: 'card' });
  await expect(card).toHaveJSProperty('complete', true);
  expect(await card.evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]))).toEqual([1200, 630]);
  expect(alt.length).toBeGreaterThan(0);
  return card;
}

test.use({ viewport: { width: 1280, height: 720 } });

test('a visitor’s profile page points card previews at its drawn picture, which looks as designed', async ({ page, makeMember }) => {
  const ada = await makeMember({
    firstName: 'Card',
    lastName: 'Preview',
    memberType: 'founder',
    profile: { tagline: 'Drawn by the API, shown by every social site', ideaStage: 'launched' },
  });
  const { image, alt } = await previewOf(page, `/founder/${ada.slug}`);
  expect(alt).toBe('Card Preview: Drawn by the API, shown by every social site · Launched');
  const card = await showCard(page, image, alt);
  await expect(card).toHaveScreenshot('founder-card.png', { maxDiffPixelRatio: 0.002 });
});

test('a post page’s card shows the post; an opted-out member’s profile gets no drawn card', async ({ page, stack, makeMember }) => {
  const grace = await makeMember({ firstName: 'Grace', memberType: 'advisor', profile: { position: 'Advises on compilers <svg> & COBOL' } });
  const created = await grace.context.request.post('/api/session/feed-post', {
    headers: { origin: stack.baseURL },
    multipart: { post_by: grace.id, text: 'Office hours are open: <b>bring</b> your compiler questions & your COBOL.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  const post = await previewOf(page, `/post/${slug}`);
  expect(post.alt).toBe('Post by Grace Tester: Office hours are open: <b>bring</b> your compiler questions & your COBOL.');
  await showCard(page, post.image, post.alt);

  const profile = await previewOf(page, `/advisor/${grace.slug}`);
  const optedOut = await api(grace, stack.baseURL, 'PATCH', 'profile/privacy', { searchIndexing: false });
  expect(optedOut.status(), await optedOut.text()).toBe(200);
  await page.goto(`/advisor/${grace.slug}`);
  expect(await meta(page, 'og:image')).not.toContain('/og/');
  expect((await page.request.get(profile.image)).status()).toBe(404);
});

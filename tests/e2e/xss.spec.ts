/**
 * The XSS corpus (src/lib/text/xss-corpus.ts) as members would type it: every payload is
 * posted, commented and replied through the API by fresh members, then the public post
 * pages (server-rendered) and the feed (island, comments opened in place) are rendered in
 * Chromium. Payloads that would run script call `__xss(n)`, a canary defined before any
 * page script; the test fails on any canary call, any dialog, any request to a payload's
 * host, any inline event handler or `javascript:` address in the page, and when a
 * payload's text is not shown as text (so the test can never pass by showing nothing).
 */
import type { Page } from '@playwright/test';
import { XSS_CORPUS } from '../../src/lib/text/xss-corpus';
import { api, newMember, type Member, type Stack } from './profile-page-support';
import { expect, test } from './support';

test.describe.configure({ mode: 'serial' });

const RUN_TAG = `xss${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** The canary each payload calls, or null for payloads that only try to smuggle an address. */
const marker = (payload: string) => /__xss\(\d+\)/.exec(payload)?.[0] ?? null;

/** Hosts the app itself reaches (thumbnails of the renderer; the providers the e2e stack switches on). */
const APP_HOSTS = ['i.ytimg.com', 'crisp.chat', 'foundermesh.test'];

type Posted = { payload: string; slug: string; postId: string };
type Hits = { dialogs: string[]; foreign: string[] };

let posted: Posted[] = [];
let author: Member;
let commenter: Member;

/** Runs `task` over `items`, `width` at a time (the local stack answers a few writes at once best). */
async function inBatches<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += width) results.push(...(await Promise.all(items.slice(at, at + width).map(task))));
  return results;
}

/** One payload as a post (tagged with this run's hashtag), a comment on it and a reply to that. */
async function publish(stack: Stack, payload: string): Promise<Posted> {
  const created = await author.context.request.post('/api/session/feed-post', {
    headers: { origin: stack.baseURL },
    multipart: { post_by: author.id, text: `${payload}\n#${RUN_TAG}` },
  });
  expect(created.status(), `${payload}: ${await created.text()}`).toBe(201);
  const post = (await created.json()) as { _id: string; slug: string };
  const commented = await api(commenter, stack.baseURL, 'POST', 'feed/comments', { postId: post._id, text: payload });
  expect(commented.status(), `${payload}: ${await commented.text()}`).toBe(201);
  const { _id: commentId } = (await commented.json()) as { _id: string };
  const replied = await api(author, stack.baseURL, 'POST', 'feed/comments/reply', { commentId, text: payload });
  expect(replied.status(), `${payload}: ${await replied.text()}`).toBe(201);
  return { payload, slug: post.slug, postId: post._id };
}

/** Arms the canary, records dialogs and keeps every request to another host from leaving. */
async function guard(page: Page, baseURL: string): Promise<Hits> {
  const hits: Hits = { dialogs: [], foreign: [] };
  await page.addInitScript(() => {
    const calls: number[] = [];
    Object.defineProperty(window, '__xssCalls', { value: calls });
    Object.defineProperty(window, '__xss', { value: (n: number) => calls.push(n) });
  });
  page.on('dialog', (dialog) => {
    hits.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const origin = new URL(baseURL).origin;
  // Payloads load `x` (same origin) or evil.example; nothing else leaves the machine either.
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin ? url.pathname === '/x' : !APP_HOSTS.some((host) => url.hostname.endsWith(host))) hits.foreign.push(url.href);
  });
  await page.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return hits;
}

/** What must never be in a rendered page of member content. */
async function expectNothingRan(page: Page, hits: Hits, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const handlers: string[] = [];
    const addresses: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) handlers.push(`${element.localName}[${attribute.name}]`);
        if (
          ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc'].includes(attribute.name) &&
          /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)
        ) {
          addresses.push(`${element.localName}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
    const injected = document.querySelectorAll('iframe[srcdoc], object, embed, base, meta[http-equiv="refresh" i], img[src="x"]').length;
    return { calls: (window as unknown as { __xssCalls: number[] }).__xssCalls, handlers, addresses, injected };
  });
  expect(found.calls, `${where}: script ran`).toEqual([]);
  expect(hits.dialogs, `${where}: a dialog opened`).toEqual([]);
  expect(hits.foreign, `${where}: a payload reached out`).toEqual([]);
  expect(found.handlers, `${where}: inline event handlers`).toEqual([]);
  expect(found.addresses, `${where}: script addresses`).toEqual([]);
  expect(found.injected, `${where}: injected elements`).toBe(0);
}

/** How often `needle` shows on the page as text. */
async function timesShown(page: Page, needle: string): Promise<number> {
  // biome-ignore lint/performance/useDomNodeTextContent: only rendered text counts; textContent would also read scripts and JSON-LD
  const text = await page.evaluate(() => document.body.innerText);
  return text.split(needle).length - 1;
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [a, b, c] = [0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1);
  const stack: Stack = { browser, baseURL: baseURL!, headers: { 'CF-Connecting-IP': `10.${a}.${b}.${c}` } };
  [author, commenter] = await Promise.all([newMember(stack, { firstName: 'Xena', memberType: 'founder' }), newMember(stack, { firstName: 'Yuri', memberType: 'advisor' })]);
  posted = await inBatches(XSS_CORPUS, 4, (payload) => publish(stack, payload));
});

test.afterAll(async () => {
  await Promise.all([author?.context.close(), commenter?.context.close()]);
});

test('no payload runs on the public post pages, in the post, its comment or the reply', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const hits = await guard(page, baseURL!);
  for (const { payload, slug } of posted) {
    const where = `/post/${slug} (${JSON.stringify(payload)})`;
    const response = await page.goto(`/post/${slug}`);
    expect(response?.status(), where).toBe(200);
    await page.waitForLoadState('load');
    await expectNothingRan(page, hits, where);
    const canary = marker(payload);
    // The post, the comment and the reply each show the payload as text.
    if (canary) expect(await timesShown(page, canary), where).toBeGreaterThanOrEqual(3);
  }
});

test('no payload runs in the feed, with every post and its comments open', async ({ baseURL }) => {
  test.setTimeout(300_000);
  // The author's own signed-in context reads the feed filtered to this run's posts.
  const feed = await author.context.newPage();
  const feedHits = await guard(feed, baseURL!);
  await feed.goto(`/feed?hashtag=${RUN_TAG}`);
  const more = feed.getByRole('button', { name: 'Load more posts' });
  const articles = feed.locator('article').filter({ hasText: `#${RUN_TAG}` });
  await expect(articles.first()).toBeVisible();
  for (let round = 0; round < 20 && (await articles.count()) < posted.length; round += 1) {
    const shown = await articles.count();
    if (await more.isVisible()) await more.click();
    else await feed.mouse.wheel(0, 20_000);
    // The next page of posts has arrived.
    await expect.poll(() => articles.count()).toBeGreaterThan(shown);
  }
  await expect(articles).toHaveCount(posted.length);

  // Opening a post's comments adds buttons, so take the first closed toggle each time.
  const closed = articles.locator('button[aria-expanded="false"]').filter({ hasText: /^Comment/ });
  for (let opened = 0; opened < posted.length && (await closed.count()) > 0; opened += 1) await closed.first().click();
  await expect(closed).toHaveCount(0);
  await expect(feed.getByText('Loading comments…')).toHaveCount(0);
  await expectNothingRan(feed, feedHits, '/feed');
  for (const { payload } of posted) {
    const canary = marker(payload);
    if (canary) expect(await timesShown(feed, canary), `/feed (${JSON.stringify(payload)})`).toBeGreaterThanOrEqual(3);
  }
});

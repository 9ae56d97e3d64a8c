/**
 * The inbox with two members in two browser contexts, live: A opens the conversation with B
 * from `?with=`, sends a message with a real PNG; B, already on /inbox, sees the thread
 * move to the top and the unread count rise without reloading, opens it (the count drops,
 * the picture shows, A's message says Seen), replies to A's message; A sees the reply with
 * its quote live; A deletes a message and B sees "This message was deleted". A third
 * member cannot read the thread. 360 px shows one pane at a time; axe passes in both themes. Load older keeps the
 * view; a failed send offers Retry; a refused delete is put back with a toast.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, openHydrated as open } from './support';
import { api, newMember, png, type Member, type Stack } from './profile-page-support';

/** A asks, B accepts: the two are connected. */
async function connect(stack: Stack, from: Member, to: Member): Promise<void> {
  const asked = await api(from, stack.baseURL, 'POST', 'connection/connect', { receiverId: to.id });
  expect(asked.status()).toBe(201);
  const { connection } = (await asked.json()) as { connection: { _id: string } };
  expect((await api(to, stack.baseURL, 'PUT', `connection/accepted/${connection._id}`)).ok()).toBe(true);
}

/** Sends a text message through the API (multipart, as the app does). */
async function sendByApi(stack: Stack, from: Member, to: Member, body: string): Promise<void> {
  const sent = await from.context.request.post('/api/session/connections/messages', { multipart: { body, to: to.id }, headers: { origin: stack.baseURL } });
  expect(sent.status(), await sent.text()).toBe(201);
}

const rows = (page: Page) => page.locator('.ib-row');
const badge = (page: Page) => page.locator('[data-messages-badge]');
const messages = (page: Page) => page.locator('.ib-msg');
const composer = (page: Page, name: string) => page.getByLabel(`Message to ${name}`);

async function chooseFromMenu(page: Page, message: ReturnType<typeof messages>, item: string): Promise<void> {
  await message.hover();
  await message.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('inbox', () => {
  test('A and B message each other live: attachment, unread count, reply with its quote, delete; C cannot read it', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(180_000);
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const a = await newMember(stack, { firstName: 'Ada' });
    const b = await newMember(stack, { firstName: 'Ben' });
    const c = await newMember(stack, { firstName: 'Cleo' });
    await connect(stack, a, b);
    await connect(stack, c, b);
    // B already has a conversation with C (unread), which A's new one must pass.
    await sendByApi(stack, c, b, 'Hi Ben, Cleo here');

    await open(b.page, '/inbox');
    await expect(rows(b.page)).toHaveCount(1);
    await expect(rows(b.page).first()).toContainText('Cleo Tester');
    await expect(badge(b.page)).toHaveText(/1/);
    // The Unread filter is kept in the address and survives a reload; All takes it away.
    await b.page.getByRole('button', { name: 'Unread', exact: true }).click();
    await expect(b.page).toHaveURL(/\/inbox\?filter=unread$/);
    await open(b.page, '/inbox?filter=unread');
    await expect(b.page.getByRole('button', { name: 'Unread', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(b.page)).toHaveCount(1);
    await b.page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(b.page).toHaveURL(/\/inbox$/);

    // A opens the conversation from ?with= (as the Message button does) and lands on it.
    await open(a.page, `/inbox?with=${b.id}`);
    await expect(a.page).toHaveURL(/\/inbox\?personalInbox=[0-9a-f]{24}$/);
    const threadId = new URL(a.page.url()).searchParams.get('personalInbox')!;
    await expect(a.page.getByRole('link', { name: /Ben Tester/ }).first()).toBeVisible();
    await expect(a.page.getByText('This is the start of your conversation with Ben Tester.')).toBeVisible();

    // A attaches a real PNG through the file input and sends it with text.
    await a.page.locator('.ib-composer input[type="file"]').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: png(64, 48) });
    const chip = a.page.locator('.ib-chip').filter({ hasText: 'plan.png' });
    await expect(chip).toHaveAttribute('data-status', 'done');
    await composer(a.page, 'Ben Tester').fill('Hello <b>Ben</b>, here is the plan');
    await a.page.getByRole('button', { name: 'Send', exact: true }).click();
    const sent = messages(a.page).last();
    await expect(sent).toContainText('Hello <b>Ben</b>, here is the plan');
    await expect(sent).not.toHaveAttribute('data-pending', /./);
    await expect(sent.locator('img')).toBeVisible();

    // B, without reloading: A's thread moves to the top, unread, and the header count rises.
    await expect(rows(b.page).first()).toContainText('Ada Tester');
    await expect(rows(b.page).first()).toContainText('Hello <b>Ben</b>, here is the plan');
    await expect(rows(b.page).first().locator('.ib-unread')).toHaveText('1');
    await expect(rows(b.page)).toHaveCount(2);
    await expect(badge(b.page)).toHaveText(/2/);

    // B opens it: the count drops, the picture shows (loaded through the session proxy).
    await rows(b.page).first().click();
    await expect(b.page).toHaveURL(new RegExp(`personalInbox=${threadId}`));
    await expect(badge(b.page)).toHaveText(/1/);
    await expect(rows(b.page).first().locator('.ib-unread')).toHaveCount(0);
    const received = messages(b.page).filter({ hasText: 'here is the plan' });
    const picture = received.locator('img');
    await expect(picture).toHaveAttribute('src', /^\/api\/session\/connections\/attachments\/[0-9a-f]{24}$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await expect(composer(b.page, 'Ada Tester')).toBeFocused();
    // A's window hears that B read it: A's message, the latest, says Seen.
    await expect(messages(a.page).filter({ hasText: 'here is the plan' }).locator('.ib-seen')).toHaveText('· Seen');

    // B replies to A's message.
    await chooseFromMenu(b.page, received, 'Reply');
    await expect(b.page.locator('.ib-replying')).toContainText('Replying to Ada Tester');
    await composer(b.page, 'Ada Tester').fill('Thanks Ada, looks great');
    await composer(b.page, 'Ada Tester').press('Enter');
    await expect(messages(b.page).last()).toContainText('Thanks Ada, looks great');
    await expect(b.page.locator('.ib-replying')).toHaveCount(0);

    // A sees the reply live, with the quote of the message it answers.
    const reply = messages(a.page).filter({ hasText: 'Thanks Ada, looks great' });
    await expect(reply).toBeVisible();
    await expect(reply.locator('.ib-quote')).toContainText('here is the plan');
    await expect(a.page.locator('.ib-seen')).toHaveCount(0);

    // A sends a second message and deletes it; B sees it deleted live.
    await composer(a.page, 'Ben Tester').fill('Oops, wrong chat');
    await composer(a.page, 'Ben Tester').press('Enter');
    await expect(messages(b.page).filter({ hasText: 'Oops, wrong chat' })).toBeVisible();
    const oops = messages(a.page).filter({ hasText: 'Oops, wrong chat' });
    await expect(oops).not.toHaveAttribute('data-pending', /./);
    await chooseFromMenu(a.page, oops, 'Delete');
    await a.page.getByRole('dialog').getByRole('button', { name: 'Delete message' }).click();
    await expect(messages(a.page).filter({ hasText: 'This message was deleted' })).toHaveCount(1);
    await expect(messages(b.page).filter({ hasText: 'This message was deleted' })).toHaveCount(1);
    await expect(messages(b.page).filter({ hasText: 'Oops, wrong chat' })).toHaveCount(0);

    // C is not in the thread: not found, nothing of it shown.
    expect(await open(c.page, `/inbox?personalInbox=${threadId}`)).toBe(404);
    await expect(c.page.getByText('Conversation not found')).toBeVisible();
    await expect(c.page.getByText('here is the plan')).toHaveCount(0);
    expect((await api(c, stack.baseURL, 'GET', `connections/${threadId}`)).status()).toBe(404);

    // 360 px: one pane at a time, the list first; Back returns to it.
    await b.page.setViewportSize({ width: 360, height: 740 });
    await open(b.page, '/inbox');
    await expect(rows(b.page).first()).toBeVisible();
    await expect(b.page.locator('.ib-thread-pane')).toBeHidden();
    await rows(b.page).first().click();
    await expect(composer(b.page, 'Ada Tester')).toBeVisible();
    await expect(b.page.locator('.ib-list-pane')).toBeHidden();
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await b.page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(b.page.locator('.ib-list-pane')).toBeVisible();
    await expect(b.page).toHaveURL(/\/inbox$/);

    await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
  });

  test('Load older keeps the message in view; a failed send offers Retry; a refused delete comes back with a toast', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(180_000);
    const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const a = await newMember(stack, { firstName: 'Abe' });
    const b = await newMember(stack, { firstName: 'Bea' });
    await connect(stack, a, b);
    // Both write in turn: one member may send 30 messages a minute (functions/src/rate-limit/policies.ts).
    for (let i = 1; i <= 35; i += 1) await (i % 2 ? sendByApi(stack, b, a, `Update ${i}`) : sendByApi(stack, a, b, `Update ${i}`));

    // The newest 30 first, at the bottom; Load older adds the 5 before them above, and the
    // message at the top of the view stays where it was.
    await open(a.page, '/inbox');
    await rows(a.page).first().click();
    await expect(messages(a.page)).toHaveCount(30);
    await expect(messages(a.page).last()).toContainText('Update 35');
    const oldestShown = messages(a.page).filter({ has: a.page.getByText('Update 6', { exact: true }) });
    await a.page.locator('.ib-messages').evaluate((scroller) => (scroller.scrollTop = 0));
    const before = (await oldestShown.boundingBox())!;
    await a.page.getByRole('button', { name: 'Load older messages' }).click();
    await expect(messages(a.page)).toHaveCount(35);
    await expect(messages(a.page).first()).toContainText('Update 1');
    await expect(a.page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
    const after = (await oldestShown.boundingBox())!;
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(2);

    // A send the server refuses stays in the thread, says so and offers Retry, which sends it.
    const sendPath = '**/api/session/connections/messages';
    await a.page.route(sendPath, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Messages are resting.', status: 503, data: null }) })
        : route.fallback(),
    );
    await composer(a.page, 'Bea Tester').fill('Will this arrive?');
    await composer(a.page, 'Bea Tester').press('Enter');
    const retried = messages(a.page).filter({ hasText: 'Will this arrive?' });
    await expect(retried).toHaveAttribute('data-pending', 'failed');
    await expect(retried.getByRole('alert')).toContainText('Not sent: Messages are resting.');
    await a.page.unroute(sendPath);
    await retried.getByRole('button', { name: 'Retry' }).click();
    await expect(retried).not.toHaveAttribute('data-pending', /./);
    await expect(retried).toHaveCount(1);
    const threadId = new URL(a.page.url()).searchParams.get('personalInbox')!;
    const seenByB = (await (await api(b, stack.baseURL, 'GET', `connections/${threadId}`)).json()) as { messages: { body: string }[] };
    expect(seenByB.messages.filter((message) => message.body === 'Will this arrive?')).toHaveLength(1);

    // A deletion the server refuses is put back, with the server's reason in a toast.
    const deletePath = '**/api/session/connections/deleteMessage/**';
    await a.page.route(deletePath, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Deleting is resting.', status: 503, data: null }) }),
    );
    await chooseFromMenu(a.page, retried, 'Delete');
    await a.page.getByRole('dialog').getByRole('button', { name: 'Delete message' }).click();
    await expect(a.page.getByRole('alert').filter({ hasText: 'Deleting is resting.' })).toBeVisible();
    await expect(retried).toContainText('Will this arrive?');
    await expect(messages(a.page).filter({ hasText: 'This message was deleted' })).toHaveCount(0);
    await a.page.unroute(deletePath);

    await Promise.all([a.context.close(), b.context.close()]);
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`the inbox passes axe in the ${theme} theme, wide and at 360 px`, async ({ browser, baseURL, extraHTTPHeaders }) => {
      const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
      const a = await newMember(stack, { firstName: 'Ava' });
      const b = await newMember(stack, { firstName: 'Bo' });
      await connect(stack, a, b);
      await sendByApi(stack, b, a, 'A message to check the colours https://example.com');
      await a.page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await open(a.page, '/inbox');
      await expect(a.page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousA11yViolations(a.page);
      await rows(a.page).first().click();
      await expect(messages(a.page)).toHaveCount(1);
      await expectNoSeriousA11yViolations(a.page);
      await a.page.setViewportSize({ width: 360, height: 740 });
      await expectNoSeriousA11yViolations(a.page);
      await a.context.close();
      await b.context.close();
    });
  }
});

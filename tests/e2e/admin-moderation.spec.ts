import type { Page } from '@playwright/test';
import { api, newMember, type Stack } from './profile-page-support';
import { DEMO_ADMIN, expect, expectNoSeriousA11yViolations, hydrated, signIn, test } from './support';

/** Letters only, so the name passes onboarding and stays unique across parallel specs. */
const randomName = (prefix: string) => `${prefix}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/** Opens the queue at `path` and pages on until the row holding `text` shows (other specs add items too). */
async function findRow(page: Page, path: string, text: string) {
  await page.goto(path);
  for (;;) {
    const row = page.getByRole('row').filter({ hasText: text });
    if ((await row.count()) > 0) return row;
    const next = page.getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) throw new Error(`no queue row holds ${text}`);
    await next.click();
  }
}

test.describe('the moderation queue', () => {
  test('an admin removes a reported post and suspends its author, who is then refused at sign-in', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [author, reporter] = await Promise.all([newMember(stack, { firstName: randomName('Author') }), newMember(stack, { firstName: randomName('Reporter') })]);
    const text = `Guaranteed returns, wire me money ${randomName('scam')}`;
    const posted = await author.context.request.post('/api/session/feed-post', { multipart: { post_by: author.id, text }, headers: { origin: stack.baseURL } });
    expect(posted.status(), await posted.text()).toBe(201);

    // The member reports the post from its menu.
    const { page } = reporter;
    await page.goto('/feed');
    await page.locator('astro-island[component-url*="FeedScreen"]:not([ssr])').waitFor({ state: 'attached' });
    const post = page.locator('article.fd-post').filter({ hasText: text });
    await post.getByRole('button', { name: `Actions for the post by ${author.name}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: `Report the post by ${author.name}` });
    await dialog.getByLabel(/^Spam/).check();
    await dialog.getByLabel('Details (optional)').fill('Asks everyone for money <b>now</b>');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(`Your report about the post by ${author.name} was sent`)).toBeVisible();

    // The admin finds it in the queue with the note, escaped, and removes the post.
    const admin = await browser.newContext({ baseURL, extraHTTPHeaders: stack.headers });
    const adminPage = await admin.newPage();
    await signIn(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(adminPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const row = await findRow(adminPage, '/admin/reports?state=open&kind=post', text);
    await expect(row.getByText('Asks everyone for money <b>now</b>')).toBeVisible();
    await expect(row.getByText(reporter.name)).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await hydrated(row, 'ModerationActions');
    await row.getByRole('button', { name: `Remove: the post by ${author.name}` }).click();
    const remove = adminPage.getByRole('dialog', { name: `Remove the post by ${author.name}?` });
    await expectNoSeriousA11yViolations(adminPage);
    await remove.getByLabel('Reason (the member reads it)').fill('Scams are not allowed');
    await remove.getByRole('button', { name: 'Remove post' }).click();
    await expect(adminPage.getByText('It was removed and its author told why.')).toBeVisible();
    expect((await api(reporter, stack.baseURL, 'GET', 'feed-post?page=1&limit=50')).ok()).toBe(true);
    expect(JSON.stringify(await (await api(reporter, stack.baseURL, 'GET', 'feed-post?page=1&limit=50')).json())).not.toContain(text);

    // Then suspends the author from the handled item.
    const handled = await findRow(adminPage, '/admin/reports?state=handled&kind=post', author.name);
    await expect(handled.getByText('Removed', { exact: true })).toBeVisible();
    // What it said stays readable in the handled item.
    await expect(handled.getByText('Removed by an administrator. As reported:')).toBeVisible();
    await expect(handled.getByText(text)).toBeVisible();
    await hydrated(handled, 'ModerationActions');
    await handled.getByRole('button', { name: `Suspend: ${author.name}` }).click();
    const suspend = adminPage.getByRole('dialog', { name: `Suspend ${author.name}?` });
    await suspend.getByLabel('How long').selectOption('7');
    await suspend.getByLabel('Reason (the member reads it)').fill('Repeated scams');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(adminPage.getByText('The member is suspended and signed out everywhere.')).toBeVisible();

    // The author's session is over, and signing in again is refused with the reason and the end.
    expect((await api(author, stack.baseURL, 'GET', 'auth/me')).status()).toBe(401);
    const fresh = await browser.newContext({ baseURL, extraHTTPHeaders: stack.headers });
    const authorPage = await fresh.newPage();
    await signIn(authorPage, author.email, author.password);
    await expect(authorPage.getByRole('alert').filter({ hasText: 'Your account is suspended until' })).toContainText('Reason: Repeated scams.');
    // Both decisions are in the audit log, with the reasons.
    await adminPage.goto(`/admin/audit?targetType=member&targetId=${author.id}`);
    await expect(adminPage.locator('tr[data-action="member.suspend"]')).toContainText('Repeated scams');
    await adminPage.goto('/admin/audit?action=post.remove');
    await expect(adminPage.locator('tr[data-action="post.remove"]').filter({ hasText: 'Scams are not allowed' }).first()).toBeVisible();
    for (const context of [author.context, reporter.context, admin, fresh]) await context.close();
  });

  test('an admin still reads a reported post its author deleted, with who wrote it', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(90_000);
    const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [author, reporter] = await Promise.all([newMember(stack, { firstName: randomName('Author') }), newMember(stack, { firstName: randomName('Reporter') })]);
    const text = `You will regret crossing me ${randomName('threat')}`;
    const posted = await author.context.request.post('/api/session/feed-post', { multipart: { post_by: author.id, text }, headers: { origin: stack.baseURL } });
    expect(posted.status(), await posted.text()).toBe(201);
    const postId = (await posted.json())._id as string;
    const reported = await api(reporter, stack.baseURL, 'POST', 'reports', { targetType: 'post', targetId: postId, reason: 'harassment', details: 'A threat' });
    expect(reported.status(), await reported.text()).toBe(201);
    // The author erases it once reported.
    expect((await api(author, stack.baseURL, 'POST', `feed-post/delete/${postId}`)).status()).toBe(200);

    const admin = await browser.newContext({ baseURL, extraHTTPHeaders: stack.headers });
    const adminPage = await admin.newPage();
    await signIn(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(adminPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const row = await findRow(adminPage, '/admin/reports?state=open&kind=post', text);
    await expect(row.getByText(/deleted by its author since the report/i)).toBeVisible();
    await expect(row.getByText(text)).toBeVisible();
    await expect(row.getByText(`By ${author.name}`, { exact: false })).toBeVisible();
    await expect(row.getByRole('link', { name: author.name })).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    for (const context of [author.context, reporter.context, admin]) await context.close();
  });
});

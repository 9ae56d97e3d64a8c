/**
 * The admin area's screens in a real browser: every /admin page as a visitor (sent to
 * sign in), a member (the 403 page) and an administrator (the page, with the admin
 * navigation); members search and a Premium grant; feed groups created, renamed, moved and
 * archived; a deletion request approved; and each action found in the audit log. Names are
 * random, as other specs run against the same stack at the same time.
 */
import type { Browser, Page } from '@playwright/test';
import { expectHeaderOneRow, expectNoHorizontalOverflow, expectNoSidewaysScroll, expectShownWhole, expectStacked } from './layout';
import { api, newMember, type Stack } from './profile-page-support';
import { DEMO_ADMIN, DEMO_MEMBER, expect, expectNoSeriousA11yViolations, hydrated, signIn, test } from './support';

/** Letters only, unique across parallel specs. */
const randomWord = (prefix: string) => `${prefix}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

const ADMIN_PAGES = ['/admin', '/admin/reports', '/admin/members', '/admin/deletion-requests', '/admin/groups', '/admin/audit'];

async function adminPage(browser: Browser, baseURL: string, headers: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers });
  const page = await context.newPage();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  return page;
}

test('every admin page: a visitor signs in first, a member gets the 403 page, an admin the page', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const someone = await newMember(stack, { firstName: randomWord('Walk'), onboarded: false });
  const pages = [...ADMIN_PAGES, `/admin/members/${someone.id}`];
  const visitor = await browser.newPage({ baseURL, extraHTTPHeaders: stack.headers });
  for (const path of pages) {
    await visitor.goto(path);
    await expect(visitor, path).toHaveURL(/\/sign-in\?next=/);
  }
  const member = await browser.newPage({ baseURL, extraHTTPHeaders: stack.headers });
  await signIn(member, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await expect(member.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const path of pages) {
    const response = await member.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(member.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  }
  const admin = await adminPage(browser, baseURL!, stack.headers);
  for (const path of pages) {
    const response = await admin.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' })).toBeVisible();
  }
});

test('an admin’s site header is one row at 1280 px, and a keyboard menu plus a sideways section list at 375 px', async ({ browser, baseURL, extraHTTPHeaders }) => {
  const admin = await adminPage(browser, baseURL!, extraHTTPHeaders ?? {});
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto('/admin/audit');
  await expectHeaderOneRow(admin);
  const header = admin.locator('[data-site-header]');
  await expect(header.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'FounderMesh' })).toBeVisible();
  // The brand keeps its name beside the admin's extra link.
  await expectShownWhole(header.locator('.brand-name'));

  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.goto('/admin/audit');
  expect(await header.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThan(70);
  const menu = header.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await admin.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const adminLink = header.getByRole('link', { name: 'Admin', exact: true });
  await expect(adminLink).toBeVisible();
  for (let step = 0; step < 15 && !(await adminLink.evaluate((link) => link === document.activeElement)); step++) await admin.keyboard.press('Tab');
  await expect(adminLink).toBeFocused();
  await admin.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // The admin area's own sections scroll sideways: the current one shows on arrival, and a
  // keyboard brings each one into view.
  const sections = admin.getByRole('navigation', { name: 'Administration' });
  await expect(sections.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Audit log' })).toBeInViewport({ ratio: 0.99 });
  const overview = sections.getByRole('link', { name: 'Overview' });
  await overview.focus();
  for (const name of ['Moderation', 'Members', 'Deletion requests', 'Feed groups', 'Audit log']) {
    await admin.keyboard.press('Tab');
    await expect(sections.getByRole('link', { name })).toBeFocused();
    await expect(sections.getByRole('link', { name })).toBeInViewport({ ratio: 0.99 });
  }
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

for (const theme of ['dark', 'light'] as const) {
  test(`the admin screens have no serious or critical axe violation (${theme} theme, narrow and wide)`, async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const admin = await adminPage(browser, baseURL!, extraHTTPHeaders ?? {});
    await admin.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const members = (await (await admin.request.get('/api/session/admin/members?limit=1')).json()) as { data: { _id: string }[] };
    for (const width of [375, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      for (const path of ['/admin', '/admin/members', `/admin/members/${members.data[0]!._id}`, '/admin/deletion-requests?status=all', '/admin/groups', '/admin/audit']) {
        await admin.goto(path);
        await expect(admin.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoSeriousA11yViolations(admin);
        // Times read as everywhere in the app: words, with the exact date and time on hover.
        const times = await admin.locator('main time').evaluateAll((each) => each.map((time) => [time.textContent, time.getAttribute('title')]));
        for (const [text, title] of times) {
          expect(text, path).toMatch(/ago$|^just now$|^in \d|^(yesterday|tomorrow)$|^(next|last) \w+$/);
          expect(title, path).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M$/);
        }
        // Nothing but the tables' own scroll regions is wider than the screen.
        expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${path} at ${width}px`).toBe(true);
      }
    }
  });
}

test('at 375 px each admin table row reads as a card, its cells one under another, and nothing scrolls sideways', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  // A row in every list: a report on a member who then asks to leave, and a grant in the audit log.
  const leaving = await newMember(stack, { firstName: randomWord('Card') });
  const reporter = await newMember(stack, { firstName: randomWord('Reporter') });
  const reported = await api(reporter, stack.baseURL, 'POST', 'reports', { targetType: 'member', targetId: leaving.id, reason: 'spam' });
  expect(reported.status(), await reported.text()).toBe(201);
  const asked = await api(leaving, stack.baseURL, 'POST', 'auth/profile-delete', { reason: 'Trying the cards' });
  expect(asked.status(), await asked.text()).toBe(201);
  const admin = await adminPage(browser, baseURL!, stack.headers);
  const granted = await admin.request.patch(`/api/session/admin/members/${reporter.id}/premium`, { data: { premium: true }, headers: { origin: stack.baseURL } });
  expect(granted.status(), await granted.text()).toBe(200);
  await admin.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/admin/members', '/admin/reports', '/admin/audit', '/admin/deletion-requests', '/admin/groups']) {
    await admin.goto(path);
    const row = admin.locator('.admin-table tbody tr').first();
    await expect(row, path).toBeVisible();
    await expectNoHorizontalOverflow(admin);
    await expectNoSidewaysScroll(admin.locator('.table-wrap'));
    await expectStacked(row.locator(':scope > th, :scope > td'));
    // Each cell beside its column's name.
    for (const cell of await row.locator(':scope > td[data-label]').all()) {
      const label = await cell.getAttribute('data-label');
      expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content), path).toBe(`"${label}"`);
    }
  }
});

test('an admin finds a member by name, grants and ends Premium, and finds both in the audit log', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const name = randomWord('Prem');
  const member = await newMember(stack, { firstName: name, onboarded: false });
  const page = await adminPage(browser, baseURL!, stack.headers);
  await page.goto('/admin/members');
  await page.getByLabel('Name or email').fill(name);
  await page.getByLabel('Name or email').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${name}`));
  await page.getByRole('link', { name: `${name} Tester` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} Tester` })).toBeVisible();
  await expect(page.locator('[data-premium-state]')).toHaveText('Free');
  await page.getByRole('button', { name: 'Grant Premium' }).click();
  await expect(page.getByText('Premium is granted.')).toBeVisible();
  await expect(page.locator('[data-premium-state]')).toContainText('granted by');
  await hydrated(page, 'ConfirmSubmit');
  await page.getByRole('button', { name: 'End the Premium grant' }).click();
  const dialog = page.getByRole('dialog', { name: `End ${name} Tester's Premium grant?` });
  await expect(dialog).toContainText('They lose Premium now');
  await dialog.getByRole('button', { name: 'End the grant' }).click();
  await expect(page.getByText('The Premium grant has ended.')).toBeVisible();
  await page.getByRole('link', { name: 'Admin actions on this member' }).click();
  await expect(page).toHaveURL(new RegExp(`targetId=${member.id}`));
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-action', 'premium.end');
  await expect(rows.nth(1)).toHaveAttribute('data-action', 'premium.grant');
});

test('suspending from a member’s page checks the reason by its field before the confirmation opens', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const name = randomWord('Susp');
  const member = await newMember(stack, { firstName: name, onboarded: false });
  const page = await adminPage(browser, baseURL!, stack.headers);
  await page.goto(`/admin/members/${member.id}`);
  await hydrated(page, 'ConfirmSubmit');
  const reason = page.getByRole('textbox', { name: 'Reason (the member reads it)' });
  const dialog = page.getByRole('dialog', { name: `Suspend ${name} Tester?` });
  for (const blank of ['', '   ']) {
    await reason.fill(blank);
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(page.locator('#suspend-reason-error')).toHaveText('Reason is required: write what the member will read.');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toBeFocused();
    await expect(dialog).toHaveCount(0);
  }
  await reason.fill('Spamming the feed');
  await expect(page.locator('#suspend-reason-error')).toBeHidden();
  await expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('The member is suspended')).toBeVisible();
  await expect(page.locator('[data-suspension-state]')).toContainText('Spamming the feed');
});

test('the audit log names the administrator and the member, linking to their profiles, and a deleted member without a link', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const [kept, gone] = await Promise.all([newMember(stack, { firstName: randomWord('Named') }), newMember(stack, { firstName: randomWord('Gone'), onboarded: false })]);
  const page = await adminPage(browser, baseURL!, stack.headers);
  const origin = { origin: stack.baseURL };
  for (const member of [kept, gone]) {
    const granted = await page.request.patch(`/api/session/admin/members/${member.id}/premium`, { data: { premium: true }, headers: origin });
    expect(granted.status(), await granted.text()).toBe(200);
  }
  const asked = await gone.context.request.post('/api/session/auth/profile-delete', { data: { reason: 'Done here' }, headers: origin });
  const requestId = ((await asked.json()) as { request: { _id: string } }).request._id;
  const approved = await page.request.patch('/api/session/admin/profile-delete', { data: { id: requestId, action: 'approve', note: null }, headers: origin });
  expect(approved.status(), await approved.text()).toBe(200);
  const me = (await (await page.request.get('/api/session/auth/me')).json()) as { _id: string };
  const adminProfile = (await (await page.request.get(`/api/session/admin/members/${me._id}`)).json()) as { name: string; slug: string; memberType: string };

  await page.goto(`/admin/audit?targetType=member&targetId=${kept.id}`);
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-actor]').getByRole('link', { name: adminProfile.name })).toHaveAttribute('href', `/${adminProfile.memberType}/${adminProfile.slug}`);
  await expect(row.locator('[data-target]').getByRole('link', { name: kept.name })).toHaveAttribute('href', `/founder/${kept.slug}`);
  await expect(row).not.toContainText(kept.id);
  await expect(row.locator('time')).toHaveText(/ago|just now/);

  await page.goto(`/admin/audit?targetType=member&targetId=${gone.id}`);
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-target]')).toHaveText('Deleted member');
  await expect(row.locator('[data-target] a')).toHaveCount(0);
  await expect(row).not.toContainText(gone.id);
  await page.goto(`/admin/audit?targetType=deletion-request&targetId=${requestId}`);
  await expect(row.locator('[data-target]')).toHaveText('Deletion request of Deleted member');
  await expect(row.locator('[data-target]').getByRole('link', { name: 'Deletion request' })).toHaveAttribute('href', '/admin/deletion-requests?status=all');
});

test('an admin adds, renames, moves and archives a feed group, each in the audit log', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, baseURL!, extraHTTPHeaders ?? {});
  const key = randomWord('g-');
  await page.goto('/admin/groups');
  await page.getByLabel('Key (lowercase letters, digits, dashes)').fill(key);
  await page.getByLabel('Name', { exact: true }).fill('Night owls');
  await page.getByLabel('Position').fill('1000');
  await page.getByRole('button', { name: 'Add the group' }).click();
  await expect(page.getByText('The group is added.')).toBeVisible();
  const row = page.locator(`tr[data-group="${key}"]`);
  await row.getByLabel('New name of Night owls').fill('Early birds');
  await row.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('The group is renamed.')).toBeVisible();
  const keys = () => page.locator('tr[data-group]').evaluateAll((rows) => rows.map((each) => each.getAttribute('data-group')));
  const before = await keys();
  await row.getByRole('button', { name: 'Move Early birds up' }).click();
  await expect(page.getByText('The order is saved.')).toBeVisible();
  const after = await keys();
  expect(after.indexOf(key)).toBe(before.indexOf(key) - 1);
  await hydrated(page, 'ConfirmSubmit');
  await row.getByRole('button', { name: 'Archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive Early birds?' });
  await expect(dialog).toContainText('Members no longer see the group');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('The group is archived')).toBeVisible();
  await expect(row.getByText('Archived')).toBeVisible();
  await page.goto(`/admin/audit?targetType=group&targetId=${key}`);
  await expect(page.locator('tbody tr')).toHaveCount(4);
  const actions = await page.locator('tbody tr').evaluateAll((rows) => rows.map((each) => each.getAttribute('data-action')));
  expect(actions).toEqual(['group.archive', 'group.reorder', 'group.rename', 'group.create']);
});

test('an admin approves a deletion request after the confirmation and finds it in the audit log', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const name = randomWord('Leaving');
  const member = await newMember(stack, { firstName: name, onboarded: false });
  const asked = await member.context.request.post('/api/session/auth/profile-delete', { data: { reason: `Moving on ${name}` }, headers: { origin: stack.baseURL } });
  expect(asked.status(), await asked.text()).toBe(201);
  const requestId = ((await asked.json()) as { request: { _id: string } }).request._id;
  const page = await adminPage(browser, baseURL!, stack.headers);
  await page.goto('/admin/deletion-requests');
  let row = page.locator(`tr[data-request="${requestId}"]`);
  while ((await row.count()) === 0) {
    const next = page.getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) throw new Error('the request is not listed');
    await next.click();
    row = page.locator(`tr[data-request="${requestId}"]`);
  }
  await expect(row).toContainText(`Moving on ${name}`);
  await expect(row.locator('time').first()).toHaveText(/ago|just now/);
  await expect(row.locator('time').nth(1)).toHaveText(/^in \d+ (days|weeks)$|^next month$/);
  await hydrated(page, 'ConfirmSubmit');
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name} Tester's account now?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete the account' }).click();
  await expect(page.getByText('The request is approved: the account has been deleted.')).toBeVisible();
  await page.goto('/admin/audit?action=deletion.approve');
  await page.getByLabel('Target id or key').fill(requestId);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=deletion.approve/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toHaveAttribute('data-action', 'deletion.approve');
  // The member's own door is closed: their session no longer answers.
  expect((await member.context.request.get('/api/session/auth/me')).status()).toBe(401);
});

test('the admin lists read and the member forms work with JavaScript turned off', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const name = randomWord('Nojs');
  const member = await newMember(stack, { firstName: name, onboarded: false });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, extraHTTPHeaders: stack.headers });
  const page = await context.newPage();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goto(`/admin/members?q=${name}`);
  await page.getByRole('link', { name: `${name} Tester` }).click();
  await page.getByRole('button', { name: 'Grant Premium' }).click();
  await expect(page.getByText('Premium is granted.')).toBeVisible();
  await page.goto(`/admin/audit?targetType=member&targetId=${member.id}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toHaveAttribute('data-action', 'premium.grant');
  await page.goto('/admin/groups');
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/admin/deletion-requests?status=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Deletion requests' })).toBeVisible();
  await context.close();
});

test('an admin pins a post of a group by its address and unpins it, both in the audit log', async ({ browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const page = await adminPage(browser, baseURL!, stack.headers);
  const key = randomWord('pins-');
  const created = await page.request.post('/api/session/admin/feed-groups', { data: { key, name: 'Pin board', position: 1000 }, headers: { origin: stack.baseURL } });
  expect(created.status(), await created.text()).toBe(201);
  const author = await newMember(stack, { firstName: randomWord('Pinner') });
  const text = `Pinned news ${randomWord('w')}`;
  const posted = await author.context.request.post('/api/session/feed-post', { multipart: { post_by: author.id, text, group: key }, headers: { origin: stack.baseURL } });
  expect(posted.status(), await posted.text()).toBe(201);
  const post = (await posted.json()) as { _id: string; slug: string };
  await page.goto(`/admin/groups?group=${key}`);
  await expect(page.getByRole('heading', { name: 'Pinned in Pin board' })).toBeVisible();
  // A bad address is refused by the field, with what is wrong, and kept there to correct.
  const field = page.getByRole('textbox', { name: 'Post address' });
  for (const [address, problem] of [
    [`${stack.baseURL}/founder/someone`, 'Post address must be a post’s address, like https://…/post/…, or its slug'],
    [`${stack.baseURL}/post/no-such-post-000000`, 'Post address leads to no post: it may have been deleted'],
  ] as const) {
    await field.fill(address);
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(field).toHaveAttribute('aria-describedby', /pin-post-error/);
    await expect(page.locator('#pin-post-error')).toHaveText(problem);
    await expect(field).toHaveValue(address);
    await expect(field).toBeFocused();
    await expect(page.getByText(/Not found/)).toHaveCount(0);
  }
  await field.fill(`${stack.baseURL}/post/${post.slug}`);
  await page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(page.getByText('The post is pinned.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`group=${key}`));
  await expect(page.getByRole('link', { name: text })).toBeVisible();
  await page.getByRole('button', { name: `Unpin ${text}` }).click();
  await expect(page.getByText('The post is unpinned.')).toBeVisible();
  await expect(page.getByText('No pinned posts in this group.')).toBeVisible();
  await page.goto(`/admin/audit?targetType=post&targetId=${post._id}`);
  const actions = await page.locator('tbody tr').evaluateAll((rows) => rows.map((each) => each.getAttribute('data-action')));
  expect(actions).toEqual(['post.unpin', 'post.pin']);
});

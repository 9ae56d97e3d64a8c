/**
 * Message requests in the browser (issue 14): a Premium member writes from a profile to a
 * member they are not connected with; the request reaches the recipient's Requests folder
 * live, axe-clean in both themes at 360 px; accepting opens the conversation with the text.
 * A free member sees the badge on the sender's profile and the way to Premium instead of
 * the button; the privacy switch turns requests off.
 */
import { api, newMember, profileHref, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, openHydrated, test } from './support';

test.describe('Message requests', () => {
  test('a Premium member writes to a stranger, who finds it live in Requests and accepts it', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(180_000);
    const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [ada, bo] = [await newMember(stack, { firstName: 'Ada', premium: true }), await newMember(stack, { firstName: 'Bo' })];

    // Bo has the Requests folder open, empty, with the live connection up.
    await openHydrated(bo.page, '/inbox?folder=requests');
    await expect(bo.page.getByRole('navigation', { name: 'Inbox folders' }).getByRole('link', { name: /^Requests/ })).toHaveAttribute('aria-current', 'page');
    await expect(bo.page.getByRole('heading', { name: 'No message requests' })).toBeVisible();
    await expect.poll(async () => (await (await api(bo, stack.baseURL, 'GET', 'dev/live/sockets')).json()).connected, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    // Ada, Premium, writes from Bo's profile, by keyboard.
    await openHydrated(ada.page, profileHref(bo));
    const open = ada.page.getByRole('button', { name: 'Message request' });
    await expect(open).toBeVisible();
    await expect(ada.page.locator('[data-request-upsell]')).toHaveCount(0);
    await open.focus();
    await ada.page.keyboard.press('Enter');
    const dialog = ada.page.getByRole('dialog', { name: `Message request to ${bo.name}` });
    const field = dialog.getByLabel(`Your message to ${bo.name}`);
    await expect(field).toBeFocused();
    await expect(dialog.locator('[data-request-allowance]')).toContainText('You have 15 of 15 message requests left this month; they renew on');
    // The box has room (not a sliver beside the profile's buttons).
    expect((await field.boundingBox())!.width).toBeGreaterThan(360);
    // Pasted text over the limit is refused with the reason and kept, never cut and sent.
    await field.fill('x'.repeat(2010));
    await expect(dialog.locator('[data-text-count]')).toHaveText('10 characters over the limit of 2000');
    await dialog.getByRole('button', { name: 'Send message request' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Your message is 10 characters over the limit of 2000. Shorten it to send it.');
    await expect(field).toHaveValue('x'.repeat(2010));
    await field.fill('x'.repeat(1700));
    await expect(dialog.locator('[data-text-count]')).toHaveText('300 characters left');
    await field.fill('Hello Bo, <b>not bold</b>: shall we talk about pricing?');
    await expect(dialog.locator('[data-text-count]')).toHaveText('');
    await dialog.getByRole('button', { name: 'Send message request' }).click();
    await expect(dialog).toBeHidden();
    await expect(ada.page.getByRole('status').filter({ hasText: 'Request sent.' })).toContainText(`${bo.name} will find it in their Requests. You have 14 left this month.`);

    // It reaches Bo's open folder without a reload, with the tab's count.
    const folder = bo.page.getByRole('list', { name: 'Message requests' });
    const item = folder.getByRole('listitem').filter({ hasText: ada.name });
    await expect(item).toContainText('Hello Bo, <b>not bold</b>: shall we talk about pricing?', { timeout: 20_000 });
    await expect(item.locator('[data-premium-badge]')).toBeVisible();
    await expect(bo.page.locator('[data-requests-count]')).toHaveText('1 waiting');

    // The folder is accessible in both themes at 360 px.
    await bo.page.setViewportSize({ width: 360, height: 800 });
    for (const theme of ['dark', 'light'] as const) {
      await bo.page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await openHydrated(bo.page, '/inbox?folder=requests');
      await expect(bo.page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(item).toBeVisible();
      await expectNoSeriousA11yViolations(bo.page);
      expect(await bo.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await bo.page.setViewportSize({ width: 1280, height: 800 });

    // Bo, free, sees the badge on Ada's profile and the way to Premium, not the button.
    await openHydrated(bo.page, profileHref(ada));
    await expect(bo.page.locator('.pf-page [data-premium-badge]').first()).toBeVisible();
    const upsell = bo.page.locator('[data-request-upsell]');
    await expect(upsell).toContainText(`With Premium you can send ${ada.name} a message request.`);
    await expect(upsell.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/premium');
    await expect(bo.page.getByRole('button', { name: 'Message request' })).toHaveCount(0);

    // Accepting opens the conversation with the request's text as its first message.
    await openHydrated(bo.page, '/inbox?folder=requests');
    await item.getByRole('button', { name: 'Accept' }).click();
    await expect(bo.page).toHaveURL(/\/inbox\?.*personalInbox=/);
    await expect(bo.page.getByText('Hello Bo, <b>not bold</b>: shall we talk about pricing?').first()).toBeVisible();
    await expect(bo.page.locator('main b')).toHaveCount(0);
    await openHydrated(bo.page, '/inbox?folder=requests');
    await expect(bo.page.getByRole('heading', { name: 'No message requests' })).toBeVisible();
    await expect(bo.page.locator('[data-requests-count]')).toHaveCount(0);

    for (const member of [ada, bo]) await member.context.close();
  });

  test('the Premium badge shows on search cards and feed posts, as /premium promises', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const unique = `Pq${Date.now().toString(36)}`;
    const [ada, bo] = [await newMember(stack, { firstName: unique, premium: true }), await newMember(stack, { firstName: 'Bo' })];
    const text = `Premium post by ${unique}`;
    const created = await ada.context.request.post('/api/session/feed-post', { headers: { origin: stack.baseURL }, multipart: { post_by: ada.id, text } });
    expect(created.status(), await created.text()).toBe(201);

    await bo.page.goto(`/founders?q=${unique}`);
    const card = bo.page.locator('.result-card').filter({ hasText: ada.name });
    await expect(card.locator('[data-premium-badge]')).toHaveText('Premium');
    await expect(bo.page.locator('.result-card').filter({ hasText: bo.name }).locator('[data-premium-badge]')).toHaveCount(0);

    await openHydrated(bo.page, '/feed');
    const post = bo.page.locator('article.fd-post').filter({ hasText: text });
    await expect(post.locator('.fd-post-author [data-premium-badge]')).toHaveText('Premium');
    for (const member of [ada, bo]) await member.context.close();
  });

  test('a member turns requests off in privacy settings, and a Premium member is told', async ({ browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const stack: Stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
    const [ada, cy] = [await newMember(stack, { firstName: 'Ada', premium: true }), await newMember(stack, { firstName: 'Cy' })];

    await openHydrated(cy.page, '/settings/privacy');
    const toggle = cy.page.getByRole('switch', { name: 'Accept message requests' });
    await expect(toggle).toBeChecked();
    await toggle.focus();
    await cy.page.keyboard.press('Space');
    await expect(cy.page.getByText('Message requests are now off.')).toBeVisible();
    await expectNoSeriousA11yViolations(cy.page);
    await openHydrated(cy.page, '/settings/privacy');
    await expect(cy.page.getByRole('switch', { name: 'Accept message requests' })).not.toBeChecked();

    await openHydrated(ada.page, profileHref(cy));
    await ada.page.getByRole('button', { name: 'Message request' }).click();
    await ada.page.getByLabel(`Your message to ${cy.name}`).fill('Hello Cy');
    await ada.page.getByRole('button', { name: 'Send message request' }).click();
    await expect(ada.page.getByRole('alert')).toContainText('This member does not accept message requests.');

    for (const member of [ada, cy]) await member.context.close();
  });
});

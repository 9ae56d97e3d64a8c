/**
 * The unsubscribe link of a missed-message mail, end to end: Ada writes to Ben, the
 * missed-mail jobs run as if an hour and more had passed (the development route that runs the
 * scheduled trigger's jobs), Ben's mail lands in the dev mailbox; its link, opened signed out,
 * asks first and unsubscribes on the click, naming what stopped. Ben's notification settings
 * then say so, and choosing email again joins the list again.
 */
import { api, newMember, type Member, type Stack } from './profile-page-support';
import { expect, expectNoSeriousA11yViolations, latestMail, linkIn, openHydrated, test } from './support';

async function connect(stack: Stack, from: Member, to: Member): Promise<void> {
  const asked = await api(from, stack.baseURL, 'POST', 'connection/connect', { receiverId: to.id });
  expect(asked.status()).toBe(201);
  const { connection } = (await asked.json()) as { connection: { _id: string } };
  expect((await api(to, stack.baseURL, 'PUT', `connection/accepted/${connection._id}`)).ok()).toBe(true);
}

test('an unread-message mail’s link unsubscribes without signing in; settings show it and choosing Email joins again', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const stack = { browser, baseURL: baseURL!, headers: extraHTTPHeaders ?? {} };
  const ada = await newMember(stack, { firstName: 'Ada' });
  const ben = await newMember(stack, { firstName: 'Ben' });
  await connect(stack, ada, ben);
  const sent = await ada.context.request.post('/api/session/connections/messages', { multipart: { to: ben.id, body: 'Coffee next week?' }, headers: { origin: baseURL! } });
  expect(sent.status(), await sent.text()).toBe(201);

  // The scheduled jobs, run as if two hours had passed: the message is unread past the delay.
  const at = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
  const ran = await ada.context.request.post(`/api/session/dev/missed-mail?at=${encodeURIComponent(at)}`, { headers: { origin: baseURL! } });
  expect(ran.status(), await ran.text()).toBe(200);
  const mail = await latestMail(ada.context.request, ben.email, /sent you/);
  expect(mail.subject).toBe('Ada Tester sent you a message on FounderMesh');
  const link = linkIn(mail, '/unsubscribe');

  // Signed out (this page's context has no session): opening the link changes nothing yet.
  await openHydrated(page, link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText('Stop emails about messages you have not read?')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByText('We will not send you emails about messages you have not read any more.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The same link again still says so, and stops nothing else.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  // Ben's settings say the list was left by link; choosing Email again joins it.
  await openHydrated(ben.page, '/settings/notifications');
  const notice = ben.page.getByText('You unsubscribed from emails about unread messages with the link in an email.');
  await expect(notice).toBeVisible();
  await expect(ben.page.getByText('You unsubscribed from the email digest')).toHaveCount(0);
  await expectNoSeriousA11yViolations(ben.page);
  await ben.page.getByRole('button', { name: 'Email me about messages again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(ben.page.getByRole('group', { name: 'Messages', exact: true }).getByLabel('Email')).toBeChecked();
  await openHydrated(ben.page, '/settings/notifications');
  await expect(ben.page.getByRole('group', { name: 'Messages', exact: true }).getByLabel('Email')).toBeChecked();
  await expect(notice).toHaveCount(0);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', exact: true })).toBeVisible();
});

test('a link whose signature is broken says so with a 400, on the page and to the one-click POST', async ({ page, request }) => {
  // `AAAAA` is no base64 at all: the API, the page and the one-click POST answered 500, 500 and 502 (issue 28).
  const broken = `/unsubscribe?token=${encodeURIComponent('0123456789abcdef01234567.messages.AAAAA')}`;
  const opened = await page.goto(broken);
  expect(opened?.status()).toBe(400);
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);

  const oneClick = await request.post(broken, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(oneClick.status()).toBe(400);
  expect(await oneClick.text()).toBe('This unsubscribe link is not valid.');
});

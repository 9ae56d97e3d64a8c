/**
 * Office hours through the screens: an advisor publishes hours in settings; a founder in
 * another time zone sees the open times on the advisor's profile on their own clock and books
 * one with a topic and an agenda; the advisor's open /sessions shows the request live, and
 * they approve it; both find the invitation in the development mailbox (its .ics read back
 * with ical.js); the founder moves the session (an updated invitation, same UID, higher
 * SEQUENCE) and cancels it (METHOD:CANCEL); a session that ended gets a review from the
 * sessions screen, shown on the advisor's profile; the advisor marks another a no-show; a
 * visitor without JavaScript sees the next open times on the advisor's clock. The settings
 * offer the city's time zone, a generated video room and a calendar feed; all stays whole at 375 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expectCleanLayout } from './layout';
import { expect, hydrated, latestMail, liveConnected, profileHref, randomLetters, test, type Member } from './support';

const ADVISOR_ZONE = 'Europe/Berlin';
const FOUNDER_ZONE = 'America/New_York';
const AGENDA = 'Seed round <b>plan</b> & pricing';

const clock = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** Publishes 08:00–20:00 every day through the settings screen, with approval, a topic and a meeting link. */
async function publishHours(page: Page): Promise<void> {
  await page.goto('/settings/office-hours');
  await expect(page.getByRole('heading', { level: 1, name: 'Office hours' })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Offer office hours on my profile').check();
  await page.getByLabel('I approve each request').check();
  await page.getByLabel('Time zone').fill(ADVISOR_ZONE);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await page.getByRole('button', { name: `Add hours on ${day}` }).click();
    // The new stretch's start has the focus: type the hours by keyboard.
    await expect(page.getByLabel(`${day} from`)).toBeFocused();
    await page.getByLabel(`${day} from`).fill('08:00');
    await page.getByLabel(`${day} until`).fill('20:00');
  }
  await page.getByLabel('Minimum notice (hours)').fill('24');
  await page.getByLabel('Topics you take').fill('Fundraising');
  await page.getByLabel('Topics you take').press('Enter');
  // An http link is refused at its field before anything is sent.
  await page.getByLabel('Meeting link').fill('http://meet.example/advice');
  await page.getByRole('button', { name: 'Save office hours' }).click();
  await expect(page.getByLabel('Meeting link')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Must be an https:// address')).toBeVisible();
  await page.getByLabel('Meeting link').fill('https://meet.example/advice');
  await page.getByRole('button', { name: 'Save office hours' }).click();
  await expect(page.getByText('Office hours saved and published')).toBeVisible();
}

type StoredMail = { _id: string; attachments: Array<{ index: number; filename: string; contentType: string }> };

/** The invitation attached to the newest mail to `to` whose subject matches, downloaded through the dev route and parsed by ical.js. */
async function inviteIn(request: APIRequestContext, to: string, subject: RegExp): Promise<{ method: string; uid: string; sequence: number; start: string }> {
  const mail = (await latestMail(request, to, subject)) as unknown as StoredMail;
  const attachment = mail.attachments.find((item) => item.contentType.startsWith('text/calendar'));
  expect(attachment, 'an .ics attachment').toBeTruthy();
  const download = await request.get(`/api/session/dev/mailbox/${mail._id}/attachments/${attachment!.index}`);
  expect(download.status()).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await download.text()));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: String(calendar.getFirstPropertyValue('method')), uid: event.uid, sequence: event.sequence, start: event.startDate.toJSDate().toISOString() };
}

/** The member's sessions screen, open and following the live connection. */
async function openSessions(member: Member): Promise<void> {
  const connected = liveConnected(member.page);
  await member.page.goto('/sessions');
  await expect(member.page.locator('astro-island[ssr]')).toHaveCount(0);
  await connected;
}

test('an advisor publishes hours, a founder in another zone books, both get invitations, the founder moves and cancels, and reviews', async ({ makeMember, stack }) => {
  test.setTimeout(180_000);
  const advisor = await makeMember({ memberType: 'advisor', firstName: `Helena${randomLetters(5)}` });
  const founder = await makeMember({ firstName: `Ravi${randomLetters(5)}` });
  await publishHours(advisor.page);

  // The founder browses from New York: a context of their own with that zone and their session.
  const newYork = await stack.browser.newContext({ baseURL: stack.baseURL, extraHTTPHeaders: stack.headers, timezoneId: FOUNDER_ZONE });
  await newYork.addCookies(await founder.context.cookies());
  const guest = await newYork.newPage();

  // The advisor watches /sessions while the founder books.
  await openSessions(advisor);
  await expect(advisor.page.getByRole('tab', { name: /To approve/ })).toContainText('0');

  await guest.goto(profileHref(advisor));
  const section = guest.locator('[data-office-hours]');
  await expect(section.getByRole('heading', { name: 'Office hours' })).toBeVisible();
  // The button hydrates once the section is in view; a click before that does nothing.
  await section.scrollIntoViewIfNeeded();
  await hydrated(section, 'BookSession');
  await section.getByRole('button', { name: 'Book a session' }).click();
  const dialog = guest.getByRole('dialog', { name: `Book a session with ${advisor.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Times are on your clock (New York).')).toBeVisible();

  // The first open time shows on New York's clock, six hours before Berlin's.
  const open = (await (await founder.context.request.get(`/api/session/office-hours/${advisor.id}/slots?days=21`)).json()) as { slots: Array<{ start: string }> };
  const first = open.slots[0]!.start;
  const firstSlot = dialog.locator('.oh-slot').first();
  await expect(firstSlot).toHaveText(clock(first, FOUNDER_ZONE));
  expect(clock(first, FOUNDER_ZONE)).not.toBe(clock(first, ADVISOR_ZONE));
  await firstSlot.click();
  await expect(firstSlot).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Topic')).toHaveValue('Fundraising');
  await dialog.getByLabel('Agenda (optional)').fill(AGENDA);
  await dialog.getByRole('button', { name: 'Request session' }).click();
  await expect(dialog.getByRole('status')).toContainText('Requested');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('button', { name: 'Book a session' })).toBeFocused();

  // The live `session` event the booking sent brings the request to the advisor's open screen, without a reload.
  await expect(advisor.page.getByRole('tab', { name: /To approve/ })).toContainText('1');
  await advisor.page.getByRole('tab', { name: /To approve/ }).click();
  const request = advisor.page.locator('.oh-session').filter({ hasText: founder.name });
  await expect(request).toContainText('Fundraising');
  // Member text is shown as text, never as markup.
  await expect(request.locator('.oh-agenda')).toHaveText(AGENDA);
  await expect(request.locator('.oh-agenda b')).toHaveCount(0);
  // The advisor's browser keeps its own zone: times on its clock, the founder's beside them.
  const advisorZone = await advisor.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(request).toContainText(`${clock(first, advisorZone)}–`);
  await expect(request).toContainText(`your time (${advisorZone.split('/').pop()!.replaceAll('_', ' ')})`);
  await expect(request).toContainText(`${clock(first, FOUNDER_ZONE)} for them (New York)`);
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(advisor.page.getByText('Session confirmed')).toBeVisible();
  await advisor.page.getByRole('tab', { name: /Upcoming/ }).click();
  const confirmed = advisor.page.locator('.oh-session').filter({ hasText: founder.name });
  await expect(confirmed.locator('.oh-status')).toHaveText('Confirmed');
  await expect(confirmed.getByRole('link', { name: 'Join the meeting' })).toHaveAttribute('href', 'https://meet.example/advice');
  const sessionId = (await confirmed.getAttribute('data-session'))!;
  const uid = `session-${sessionId}@${new URL(stack.baseURL).hostname}`;

  // Both sides find the invitation in the development mailbox: a REQUEST with the session's UID.
  const hostInvite = await inviteIn(advisor.context.request, advisor.email, /^Invitation: Fundraising with /);
  const guestInvite = await inviteIn(advisor.context.request, founder.email, /^Invitation: Fundraising with /);
  for (const invite of [hostInvite, guestInvite]) expect(invite).toMatchObject({ method: 'REQUEST', uid, start: first });

  // The founder sees it confirmed, on their clock, and moves it to another open time with a reason.
  await guest.goto('/sessions');
  await expect(guest.locator('astro-island[ssr]')).toHaveCount(0);
  const mine = guest.locator('.oh-session').filter({ hasText: advisor.name });
  await expect(mine.locator('.oh-status')).toHaveText('Confirmed');
  await expect(mine).toContainText(`${clock(first, FOUNDER_ZONE)}–`);
  await expect(mine).toContainText('your time (New York)');
  await mine.getByRole('button', { name: 'Move' }).click();
  const move = guest.getByRole('dialog', { name: 'Move this session' });
  await expect(move.getByText(`${advisor.name.split(' ')[0]}’s open times on your clock (New York).`)).toBeVisible();
  await move.locator('.oh-day-button').nth(1).click();
  const newSlot = move.locator('.oh-slot').first();
  await newSlot.focus();
  await guest.keyboard.press('Enter');
  await expect(newSlot).toHaveAttribute('aria-pressed', 'true');
  await move.getByLabel('Reason (optional, the other side reads it)').fill('A board meeting moved');
  await move.getByRole('button', { name: 'Move session' }).click();
  await expect(move).toBeHidden();
  await expect(guest.getByText('Session moved')).toBeVisible();
  await expect(mine).toContainText('A board meeting moved');
  // The advisor's open screen follows the move live.
  await expect(confirmed).toContainText('Moved from');
  await expect(confirmed).toContainText('A board meeting moved');
  const moved = await inviteIn(advisor.context.request, advisor.email, /^Updated invitation: Fundraising with /);
  expect(moved).toMatchObject({ method: 'REQUEST', uid });
  expect(moved.sequence).toBeGreaterThan(hostInvite.sequence);
  expect(moved.start).not.toBe(first);

  // The founder cancels with a reason: both calendars are told to remove it.
  await mine.getByRole('button', { name: 'Cancel session' }).click();
  const cancel = guest.getByRole('dialog', { name: 'Cancel this session?' });
  await expect(cancel.getByLabel('Reason (the other side reads it)')).toBeFocused();
  await cancel.getByRole('button', { name: 'Cancel session' }).click();
  await expect(cancel.getByRole('alert')).toHaveText('reason: must not be empty');
  await cancel.getByLabel('Reason (the other side reads it)').fill('Travelling that week');
  await cancel.getByRole('button', { name: 'Cancel session' }).click();
  await expect(cancel).toBeHidden();
  await expect(guest.getByText('Session cancelled')).toBeVisible();
  await guest.getByRole('tab', { name: /Past/ }).click();
  const past = guest.locator('.oh-session').filter({ hasText: advisor.name });
  await expect(past.locator('.oh-status')).toHaveText('Cancelled');
  await expect(past).toContainText('Reason: Travelling that week');
  await expect(past.getByRole('button')).toHaveCount(0);
  for (const to of [advisor.email, founder.email]) {
    const cancelled = await inviteIn(advisor.context.request, to, /^Cancelled: Fundraising with /);
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid });
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
  }

  // Two sessions that ended: the founder reviews one from the sessions screen; the advisor marks the other a no-show.
  const ended = async (topic: string) => {
    const made = await founder.context.request.post('/api/session/dev/sessions/ended', {
      data: { hostId: advisor.id, guestId: founder.id, topic },
      headers: { origin: stack.baseURL },
    });
    expect(made.status(), await made.text()).toBe(201);
  };
  await ended('Pricing');
  await ended('Hiring');
  await guest.reload();
  await guest.getByRole('tab', { name: /Past/ }).click();
  await guest.locator('.oh-session').filter({ hasText: 'Pricing' }).getByRole('link', { name: 'Leave a review' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: `Your session with ${advisor.name}` })).toBeVisible();
  await hydrated(guest, 'ReviewForm');
  // The stars are radio buttons: chosen by keyboard.
  await guest.getByRole('radio', { name: '5 stars, Excellent' }).focus();
  await guest.keyboard.press('Space');
  await expect(guest.getByRole('radio', { name: '5 stars, Excellent' })).toBeChecked();
  await guest.getByLabel('A few words for other founders').fill('Clear about pricing.');
  await guest.getByRole('button', { name: 'Send review' }).click();
  await guest.getByRole('link', { name: `See it on ${advisor.name}’s profile` }).click();
  await expect(guest.locator('[data-review-summary]').getByRole('link', { name: '1 review' })).toBeVisible();
  await expect(guest.locator('#reviews')).toContainText('Clear about pricing.');

  await advisor.page.reload();
  await expect(advisor.page.locator('astro-island[ssr]')).toHaveCount(0);
  await advisor.page.getByRole('tab', { name: /Past/ }).click();
  const absent = advisor.page.locator('.oh-session').filter({ hasText: 'Hiring' });
  await absent.getByRole('button', { name: 'Mark no-show' }).click();
  const noShow = advisor.page.getByRole('dialog', { name: `Did ${founder.name} not come?` });
  await expect(noShow.getByLabel('A note for them (optional)')).toBeFocused();
  await noShow.getByRole('button', { name: 'Mark no-show' }).click();
  await expect(noShow).toBeHidden();
  await expect(absent.locator('.oh-status')).toHaveText('No-show');

  // 375 px: the sessions screen and the settings stay whole.
  await guest.setViewportSize({ width: 375, height: 812 });
  await expectCleanLayout(guest);
  await advisor.page.setViewportSize({ width: 375, height: 812 });
  await advisor.page.goto('/settings/office-hours');
  await expect(advisor.page.getByLabel(/Monday from/)).toHaveValue('08:00');
  await expectCleanLayout(advisor.page);
  // The calendar feed: its address shows once, with a copy button and the webcal link; then revoked.
  const feed = advisor.page.locator('.oh-feed');
  await feed.getByRole('button', { name: 'Make my calendar feed' }).click();
  const feedUrl = await feed.getByLabel(/Your feed address/).inputValue();
  expect(feedUrl).toMatch(/\/calendar\/[^/]+\.ics$/);
  await expect(feed.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(feed.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute('href', /^webcal:\/\//);
  await expectCleanLayout(advisor.page);
  const feedPath = new URL(feedUrl).pathname;
  const calendarFeed = await advisor.context.request.get(feedPath);
  expect(calendarFeed.status()).toBe(200);
  expect(await calendarFeed.text()).toContain(uid);
  await feed.getByRole('button', { name: 'Revoke feed' }).click();
  await expect(feed.getByText('You have no calendar feed.')).toBeVisible();
  expect((await advisor.context.request.get(feedPath)).status()).toBe(404);
  await newYork.close();

  // A visitor without JavaScript sees the next open times on the advisor's clock, and signs in to book.
  const visitorContext = await stack.browser.newContext({ baseURL: stack.baseURL, extraHTTPHeaders: stack.headers, javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  await visitor.goto(profileHref(advisor));
  const firstName = advisor.name.split(' ')[0];
  const offered = visitor.locator('[data-office-hours]');
  await expect(offered.getByRole('heading', { name: `Next open times, Berlin time (${firstName}’s time zone)` })).toBeVisible();
  await expect(offered.locator('.pf-slot-list li')).toHaveCount(6);
  await expect(offered.getByRole('button', { name: 'Book a session' })).toHaveCount(0);
  const signIn = offered.getByRole('link', { name: 'Sign in to book' });
  expect(new URL((await signIn.getAttribute('href'))!, stack.baseURL).searchParams.get('next')).toBe(profileHref(advisor));
  await visitorContext.close();
});

test('a member without published hours finds what to do on an empty sessions screen', async ({ member }) => {
  await member.page.goto('/sessions');
  await expect(member.page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  await expect(member.page.getByText('No upcoming sessions.')).toBeVisible();
  await expect(member.page.getByRole('link', { name: 'Find an advisor' })).toHaveAttribute('href', '/advisors');
  // Arrow keys move between the tabs.
  await member.page.getByRole('tab', { name: /Upcoming/ }).focus();
  await member.page.keyboard.press('ArrowRight');
  await expect(member.page.getByRole('tab', { name: /To approve/ })).toBeFocused();
  await expect(member.page.getByRole('link', { name: 'Publish your office hours' })).toHaveAttribute('href', '/settings/office-hours');
});

test('a member chooses a video room FounderMesh makes instead of their own link', async ({ member }) => {
  await member.page.goto('/settings/office-hours');
  await expect(member.page.locator('astro-island[ssr]')).toHaveCount(0);
  await member.page.getByLabel('Meeting link').fill('http://not-https.example');
  await member.page.getByLabel('A video room FounderMesh makes').check();
  await expect(member.page.getByLabel('Meeting link')).toHaveCount(0);
  await expect(member.page.getByText('A private room is made when you save')).toBeVisible();
  await member.page.getByRole('button', { name: 'Save office hours' }).click();
  await expect(member.page.getByText('Office hours saved')).toBeVisible();
  await expect(member.page.locator('.oh-video-room a')).toHaveAttribute('href', /^https:\/\//);
  await member.page.getByLabel('My own link').check();
  await expect(member.page.getByLabel('Meeting link')).toBeVisible();
});

import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { db } from '../db/client';
import { calendarFeeds } from '../db/schema';
import { inviteUid } from './invite';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** Every day, all day, in Asia/Kolkata, no notice: slots exist whenever the test runs. */
const ALWAYS_OPEN = {
  timeZone: 'Asia/Kolkata',
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  sessionLengths: [60],
  bufferBefore: 0,
  bufferAfter: 0,
  minimumNotice: 0,
  weeklyCap: null,
  daysOff: [],
  topics: ['Fundraising'],
  meetingLink: 'https://meet.example/advice',
  needsApproval: false,
  published: true,
};

async function host(rules: Partial<typeof ALWAYS_OPEN> = {}): Promise<Member> {
  const member = await signedInMember({ memberType: 'advisor', firstName: 'Hana', lastName: 'Host' });
  expect((await call('PUT', '/office-hours', { ...ALWAYS_OPEN, ...rules }, { token: member.jwt })).status).toBe(200);
  return member;
}

async function bookAt(hostMember: Member, guest: Member, index: number, topic = 'Fundraising') {
  const { slots } = await bodyOf(await get(`/office-hours/${hostMember.user.id}/slots?days=3`, { token: guest.jwt }));
  const response = await post(`/office-hours/${hostMember.user.id}/sessions`, { start: slots[index].start, length: 60, topic, timeZone: 'Europe/Berlin' }, { token: guest.jwt });
  expect(response.status).toBe(201);
  return bodyOf(response);
}

/** The API path of a feed URL as the app answers it (the app forwards /api/session/<path> to the API). */
const apiPathOf = (url: string) => new URL(url).pathname.replace(/^\/api\/session/, '');

/** The feed parsed with ical.js, an independent parser, as a calendar app would. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        status: vevent.getFirstPropertyValue('status'),
        start: event.startDate.toJSDate().toISOString(),
        summary: event.summary,
        description: event.description,
        location: event.location,
        attendees: vevent.getAllProperties('attendee').length,
      };
    }),
  };
}

describe('the calendar feed', () => {
  it('serves the member’s sessions as host and as guest with the invitations’ UIDs, read back by ical.js', async () => {
    const [hana, other] = await Promise.all([host(), host()]);
    const ada = await signedInMember({ firstName: 'Ada', lastName: 'Guest' });
    const hosted = await bookAt(hana, ada, 4, 'Fundraising');
    const booked = await bookAt(other, hana, 6, 'Hiring <b>plan</b>');
    const made = await post('/office-hours/calendar-feed', undefined, { token: hana.jwt });
    expect(made.status).toBe(201);
    const feed = await bodyOf(made);
    expect(feed.url).toMatch(/^https?:\/\/[^/]+\/api\/session\/office-hours\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^https?:/, 'webcal:'));

    const response = await get(apiPathOf(feed.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const calendar = events(await response.text());
    expect(calendar.name).toBe('FounderMesh sessions');
    expect(calendar.method).toBeNull();
    expect(calendar.events).toEqual([
      expect.objectContaining({
        uid: inviteUid(hosted._id, env.APP_URL),
        sequence: 0,
        status: 'CONFIRMED',
        start: hosted.start,
        summary: 'Fundraising with Ada Guest',
        location: 'https://meet.example/advice',
        attendees: 0,
      }),
      expect.objectContaining({ uid: expect.stringContaining(booked._id), status: 'CONFIRMED', summary: 'Hiring <b>plan</b> with Hana Host' }),
    ]);
    // The invitations' UIDs, exactly.
    expect(calendar.events[0]!.uid.split('@')[0]).toBe(`session-${hosted._id}`);
  });

  it('marks a cancelled session cancelled, with its reason and a higher SEQUENCE, and leaves out requests', async () => {
    const hana = await host();
    const approving = await host({ needsApproval: true });
    const ada = await signedInMember();
    const session = await bookAt(hana, ada, 8);
    await bookAt(approving, hana, 10);
    expect((await post(`/office-hours/sessions/${session._id}/cancel`, { reason: 'Travelling' }, { token: ada.jwt })).status).toBe(200);
    const feed = await bodyOf(await post('/office-hours/calendar-feed', undefined, { token: hana.jwt }));
    const calendar = events(await (await get(apiPathOf(feed.url))).text());
    expect(calendar.events).toEqual([expect.objectContaining({ uid: expect.stringContaining(session._id), status: 'CANCELLED', sequence: 1, location: null })]);
    expect(calendar.events[0]!.description).toContain('Cancelled: Travelling');
  });

  it('answers 304 to a calendar app that has the current copy', async () => {
    const hana = await host();
    const feed = await bodyOf(await post('/office-hours/calendar-feed', undefined, { token: hana.jwt }));
    const first = await get(apiPathOf(feed.url));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get(apiPathOf(feed.url), { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('stores only the hash of the token; a new feed replaces the old URL and a revoked one is gone, alike to an unknown one', async () => {
    const hana = await host();
    const first = await bodyOf(await post('/office-hours/calendar-feed', undefined, { token: hana.jwt }));
    const token = first.url.split('/').pop().replace('.ics', '');
    const [row] = await db(env).select().from(calendarFeeds).where(eq(calendarFeeds.userId, hana.user.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await bodyOf(await get('/office-hours/calendar-feed', { token: hana.jwt }))).toEqual({ active: true, createdAt: expect.any(String) });

    const second = await bodyOf(await post('/office-hours/calendar-feed', undefined, { token: hana.jwt }));
    expect(second.url).not.toBe(first.url);
    const replaced = await get(apiPathOf(first.url));
    expect((await get(apiPathOf(second.url))).status).toBe(200);

    const revoked = await call('DELETE', '/office-hours/calendar-feed', undefined, { token: hana.jwt });
    expect(await bodyOf(revoked)).toEqual({ active: false, createdAt: null });
    const gone = await get(apiPathOf(second.url));
    const unknown = await get(`/office-hours/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await get('/office-hours/calendar/short.ics');
    const noSuffix = await get(`/office-hours/calendar/${token}`);
    const answers = await Promise.all([replaced, gone, unknown, malformed, noSuffix].map(async (response) => [response.status, (await bodyOf(response)).message]));
    expect(answers).toEqual(Array(5).fill([404, 'Calendar feed not found']));
  });

  it('is made and revoked by members only', async () => {
    expect((await post('/office-hours/calendar-feed')).status).toBe(401);
    expect((await call('DELETE', '/office-hours/calendar-feed')).status).toBe(401);
    expect((await get('/office-hours/calendar-feed')).status).toBe(401);
  });
});

/**
 * Helpers for the office-hours tests of what both sides hear: a host whose hours are always
 * open, a booking, a member's `sessions` preference, their mails and the invitation attached
 * to one, parsed back with ical.js (an independent iCalendar parser).
 */
import ICAL from 'ical.js';
import { expect } from 'vitest';
import { bodyOf, call, get, mailTo, post, signedInMember } from '../../test/api';

export type Member = Awaited<ReturnType<typeof signedInMember>>;

/** Every day 00:00–24:00 in Asia/Kolkata, 60- and 30-minute sessions, no notice, no buffers. */
export const ALWAYS_OPEN = {
  timeZone: 'Asia/Kolkata',
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  sessionLengths: [60, 30],
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

/** An advisor whose office hours are published with `rules` over ALWAYS_OPEN. */
export async function hostWith(rules: Partial<typeof ALWAYS_OPEN> = {}): Promise<Member> {
  const host = await signedInMember({ memberType: 'advisor', firstName: 'Hana', lastName: 'Host' });
  expect((await call('PUT', '/office-hours', { ...ALWAYS_OPEN, ...rules }, { token: host.jwt })).status).toBe(200);
  return host;
}

export const guest = (firstName = 'Ada') => signedInMember({ firstName, lastName: 'Guest' });

/** The host's open 60-minute slots over the next `days` days, as ISO starts. */
export async function openStarts(host: Member, viewer: Member, days = 3): Promise<string[]> {
  const body = await bodyOf(await get(`/office-hours/${host.user.id}/slots?length=60&days=${days}`, { token: viewer.jwt }));
  return body.slots.map((slot: { start: string }) => slot.start);
}

/** Books `start` (60 minutes) as `who`; answers the booking (fails the test when refused). */
export async function booked(host: Member, who: Member, start: string) {
  const response = await post(
    `/office-hours/${host.user.id}/sessions`,
    { start, length: 60, topic: 'Fundraising', agenda: 'Seed round', timeZone: 'Europe/Berlin' },
    { token: who.jwt },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return bodyOf(response);
}

/** Sets the member's `sessions` channel. */
export async function preferSessions(member: Member, channel: 'push' | 'email' | 'off') {
  expect((await call('PATCH', '/notifications/preferences', { channels: { sessions: channel } }, { token: member.jwt })).status).toBe(200);
}

/** The member's notifications, newest first. */
export async function noticesOf(member: Member): Promise<{ kind: string; title: string; body: string; link: string | null }[]> {
  return (await bodyOf(await get('/notifications?limit=50', { token: member.jwt }))).data;
}

/** The member's mails with a calendar attachment, newest first, each with its file downloaded and parsed. */
export async function invitesTo(member: Member) {
  const mails = (await mailTo(member.user.email)).filter((mail) => mail.attachments.length > 0);
  return Promise.all(
    mails.map(async (mail) => {
      const file = mail.attachments[0]!;
      const download = await get(`/dev/mailbox/${mail._id}/attachments/${file.index}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(file.contentType);
      return { mail, file, calendar: parsedInvite(await download.text()) };
    }),
  );
}

/** An invitation as a calendar client reads it (ical.js). */
export function parsedInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method') as string,
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status') as string,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
  };
}

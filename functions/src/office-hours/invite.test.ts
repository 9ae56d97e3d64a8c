import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarLinks, type InviteSession, inviteUid, sessionInvite } from './invite';

const CONTEXT = { appUrl: 'https://foundermesh.example', mailFrom: 'FounderMesh <no-reply@foundermesh.example>' };
const SESSION: InviteSession = {
  id: '0123456789abcdef01234567',
  sequence: 0,
  status: 'confirmed',
  start: new Date('2026-12-08T09:00:00Z'),
  end: new Date('2026-12-08T10:00:00Z'),
  topic: 'Fundraising',
  agenda: 'Seed round, line 1;\nline 2, with a comma',
  meetingLink: 'https://meet.example/advice',
  host: { name: 'Hana Host', email: 'hana@example.com' },
  guest: { name: 'Ada Guest', email: 'ada@example.com' },
};

/** Parses the text with ical.js, an independent parser, as a calendar client would. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    organizer: String(vevent.getFirstPropertyValue('organizer')).toLowerCase(),
    attendees: vevent.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
  };
}

describe('a session’s calendar invitation', () => {
  it('is a REQUEST with a stable UID, the times in UTC, both people and the link, read back by another parser', () => {
    const invite = parsed(sessionInvite(SESSION, CONTEXT));
    expect(invite).toEqual({
      method: 'REQUEST',
      uid: 'session-0123456789abcdef01234567@foundermesh.example',
      sequence: 0,
      status: 'CONFIRMED',
      start: '2026-12-08T09:00:00.000Z',
      end: '2026-12-08T10:00:00.000Z',
      summary: 'Fundraising: Hana Host and Ada Guest',
      description: expect.stringContaining('Agenda: Seed round, line 1;\nline 2, with a comma'),
      location: 'https://meet.example/advice',
      organizer: 'mailto:no-reply@foundermesh.example',
      attendees: ['mailto:hana@example.com', 'mailto:ada@example.com'],
    });
  });

  it('keeps the UID and raises SEQUENCE on a change, and cancels with METHOD:CANCEL', () => {
    const moved = parsed(sessionInvite({ ...SESSION, sequence: 1, start: new Date('2026-12-09T09:00:00Z'), end: new Date('2026-12-09T10:00:00Z') }, CONTEXT));
    expect(moved).toEqual(expect.objectContaining({ method: 'REQUEST', uid: inviteUid(SESSION.id, CONTEXT.appUrl), sequence: 1, start: '2026-12-09T09:00:00.000Z' }));
    const cancelled = parsed(sessionInvite({ ...SESSION, sequence: 2, status: 'cancelled' }, CONTEXT));
    expect(cancelled).toEqual(expect.objectContaining({ method: 'CANCEL', status: 'CANCELLED', uid: inviteUid(SESSION.id, CONTEXT.appUrl), sequence: 2 }));
  });

  it('is tentative while the host has not approved it', () => {
    expect(parsed(sessionInvite({ ...SESSION, status: 'requested' }, CONTEXT)).status).toBe('TENTATIVE');
  });

  it('cannot be broken out of by member text: a line break in the topic stays in the summary', () => {
    const invite = parsed(sessionInvite({ ...SESSION, topic: 'Hiring\r\nMETHOD:CANCEL\r\nX' }, CONTEXT));
    expect(invite.method).toBe('REQUEST');
    expect(invite.summary).toContain('METHOD:CANCEL');
  });

  it('links to Google Calendar and Outlook with the times and title', () => {
    const links = calendarLinks(SESSION, CONTEXT.appUrl);
    const google = new URL(links.google);
    expect(google.host).toBe('calendar.google.com');
    expect(google.searchParams.get('dates')).toBe('20261208T090000Z/20261208T100000Z');
    expect(google.searchParams.get('text')).toBe('Fundraising: Hana Host and Ada Guest');
    const outlook = new URL(links.outlook);
    expect(outlook.searchParams.get('startdt')).toBe('2026-12-08T09:00:00.000Z');
    expect(outlook.searchParams.get('location')).toBe('https://meet.example/advice');
  });
});

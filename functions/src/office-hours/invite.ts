/**
 * A session's calendar invitation (iCalendar, built with ical-generator) and its "add to
 * Google Calendar / Outlook" links. One UID per session for its whole life, so calendars
 * update the one event: SEQUENCE is the session's sequence (one more on every change),
 * METHOD:REQUEST while it holds, METHOD:CANCEL with STATUS:CANCELLED once it is cancelled or
 * declined (a REQUEST with a cancelled status leaves the event in some calendars). Times are
 * UTC; each calendar shows them in its owner's zone.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingStatus } from '../db/schema';

export type InviteSession = {
  id: string;
  sequence: number;
  status: BookingStatus;
  start: Date;
  end: Date;
  topic: string;
  agenda: string;
  meetingLink: string | null;
  host: { name: string; email: string };
  guest: { name: string; email: string };
};

export type InviteContext = {
  /** The app's address, for the event's link and the UID's domain. */
  appUrl: string;
  /** The sender of the app's mail: the organizer of every invitation. */
  mailFrom: string;
};

const ENDED: readonly BookingStatus[] = ['cancelled', 'declined'];

const titleOf = (session: InviteSession) => `${session.topic}: ${session.host.name} and ${session.guest.name}`;

function descriptionOf(session: InviteSession, appUrl: string): string {
  return [session.agenda && `Agenda: ${session.agenda}`, session.meetingLink && `Join: ${session.meetingLink}`, `Your sessions on FounderMesh: ${appUrl}/sessions`]
    .filter(Boolean)
    .join('\n\n');
}

/** The stable UID of a session's event. */
export function inviteUid(sessionId: string, appUrl: string): string {
  return `session-${sessionId}@${new URL(appUrl).hostname}`;
}

/** The `.ics` text of the session as it stands (a request, or a cancellation). */
export function sessionInvite(session: InviteSession, context: InviteContext): string {
  const cancelled = ENDED.includes(session.status);
  const organizer = /<([^<>]+)>/.exec(context.mailFrom)?.[1] ?? context.mailFrom;
  const calendar = ical({
    prodId: { company: 'FounderMesh', product: 'Office hours', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: inviteUid(session.id, context.appUrl),
    sequence: session.sequence,
    start: session.start,
    end: session.end,
    stamp: new Date(),
    summary: titleOf(session),
    description: descriptionOf(session, context.appUrl),
    location: session.meetingLink ?? undefined,
    url: `${context.appUrl}/sessions`,
    status: cancelled ? ICalEventStatus.CANCELLED : session.status === 'requested' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    organizer: { name: 'FounderMesh', email: organizer },
    attendees: [session.host, session.guest].map((person) => ({
      name: person.name,
      email: person.email,
      role: ICalAttendeeRole.REQ,
      status: session.status === 'confirmed' ? ICalAttendeeStatus.ACCEPTED : ICalAttendeeStatus.NEEDSACTION,
    })),
  });
  return calendar.toString();
}

const compact = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** "Add to Google Calendar" and "Add to Outlook" links for the session. */
export function calendarLinks(session: InviteSession, appUrl: string): { google: string; outlook: string } {
  const title = titleOf(session);
  const details = descriptionOf(session, appUrl);
  const google = new URL('https://calendar.google.com/calendar/render');
  google.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: title,
    dates: `${compact(session.start)}/${compact(session.end)}`,
    details,
    ...(session.meetingLink ? { location: session.meetingLink } : {}),
  }).toString();
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.search = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: title,
    startdt: session.start.toISOString(),
    enddt: session.end.toISOString(),
    body: details,
    ...(session.meetingLink ? { location: session.meetingLink } : {}),
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}

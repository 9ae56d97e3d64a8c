/**
 * The text of a member's calendar feed (iCalendar, built with ical-generator): their sessions
 * as host and guest, one event each with the UID of the session's invitations (invite.ts), so
 * a calendar that has both shows one event. A published feed, not a message: no METHOD, no
 * attendees' addresses (the URL may be pasted into a shared calendar), DTSTAMP is the
 * session's last change, so the text changes only when a session does. Times are UTC.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import type { BookingStatus } from '../db/schema';
import { inviteUid } from './invite';

export type FeedSession = {
  id: string;
  sequence: number;
  status: BookingStatus;
  start: Date;
  end: Date;
  topic: string;
  agenda: string;
  /** The host's meeting link; shown while the session holds. */
  meetingLink: string | null;
  cancelReason: string | null;
  /** The feed's owner is the host or the guest; `with` names the other side. */
  role: 'host' | 'guest';
  with: string;
  updatedAt: Date;
};

/** Calendar apps ask again after this long (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3_600;

function descriptionOf(session: FeedSession, appUrl: string, cancelled: boolean): string {
  return [
    cancelled && `Cancelled${session.cancelReason ? `: ${session.cancelReason}` : ''}`,
    session.agenda && `Agenda: ${session.agenda}`,
    !cancelled && session.meetingLink && `Join: ${session.meetingLink}`,
    `Your sessions on FounderMesh: ${appUrl}/sessions`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The `.ics` text of the feed. */
export function feedText(sessions: readonly FeedSession[], appUrl: string): string {
  const calendar = ical({
    prodId: { company: 'FounderMesh', product: 'Sessions', language: 'EN' },
    name: 'FounderMesh sessions',
    description: 'Your office-hours sessions on FounderMesh',
    ttl: REFRESH_SECONDS,
  });
  for (const session of sessions) {
    const cancelled = session.status === 'cancelled';
    calendar.createEvent({
      id: inviteUid(session.id, appUrl),
      sequence: session.sequence,
      start: session.start,
      end: session.end,
      stamp: session.updatedAt,
      lastModified: session.updatedAt,
      summary: `${session.topic} with ${session.with}`,
      description: descriptionOf(session, appUrl, cancelled),
      location: cancelled ? undefined : (session.meetingLink ?? undefined),
      url: `${appUrl}/sessions`,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

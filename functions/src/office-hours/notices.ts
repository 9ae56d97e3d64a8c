/**
 * What both sides of a session hear when it changes (docs/product.md "Office hours"), all
 * through the delivery door (notifications/deliver.ts):
 * - the live `session` event with the booking, to both sides' open tabs, on every change;
 * - a notification to the side that did not act (kinds `session.*`, preference `sessions`:
 *   pushed, mailed or neither as the member chose), linking to /sessions;
 * - the calendar invitation (invite.ts) as a mail to both sides once a session is confirmed,
 *   again with the same UID and the next SEQUENCE when it moves, and METHOD:CANCEL when a
 *   confirmed session is cancelled. Invitations go whatever the preference (docs/decisions.md
 *   "Session invitations ignore the preference"): a calendar that got the event must get its
 *   changes, or it keeps a session that no longer holds. A change that sends an invitation
 *   carries no second mail on its notification.
 */
import { eq, inArray } from 'drizzle-orm';
import { officeHours, users, type BookingRow } from '../db/schema';
import type { Deps } from '../deps';
import { escapeHtml } from '../mail/templates';
import { deliver, sendMail, tellLive, type NoticeMail } from '../notifications/deliver';
import { NOTIFICATION_LINKS } from '../notifications/links';
import type { NotificationKind } from '../notifications/schemas';
import { calendarLinks, type InviteSession, sessionInvite } from './invite';
import type { SessionLiveEvents } from './live-events';

export type NoticeDeps = Pick<Deps, 'db' | 'clock' | 'notifications' | 'live' | 'mailer' | 'config'>;

/** A change of a session, named after what happened to it. */
export type SessionChange = 'requested' | 'booked' | 'approved' | 'declined' | 'cancelled' | 'rescheduled' | 'no_show';

type Booking = SessionLiveEvents['session']['booking'];
type Side = { id: string; name: string; email: string; timeZone: string };

/** The notification of a change, the side it goes to, and whether the change sends invitations. */
const TOLD: Record<SessionChange, { kind: NotificationKind; to: 'host' | 'guest' | 'other'; invites: boolean }> = {
  requested: { kind: 'session.requested', to: 'host', invites: false },
  booked: { kind: 'session.booked', to: 'host', invites: true },
  approved: { kind: 'session.confirmed', to: 'guest', invites: true },
  declined: { kind: 'session.declined', to: 'guest', invites: false },
  cancelled: { kind: 'session.cancelled', to: 'other', invites: true },
  rescheduled: { kind: 'session.rescheduled', to: 'other', invites: true },
  no_show: { kind: 'session.no_show', to: 'guest', invites: false },
};

/** When, in the member's own zone: "Tuesday 3 March 2026, 14:00 (Europe/Berlin)". */
export function whenFor(instant: number, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(instant));
  return `${text.replace(' at ', ', ')} (${timeZone})`;
}

/** The words of a change's notification to `to`, about a session with `other`. */
function wordsOf(change: SessionChange, row: BookingRow, other: string, to: Side): { title: string; body: string } {
  const when = whenFor(row.startsAt, to.timeZone);
  const reason = (text: string | null) => (text ? ` Reason: ${text}` : '');
  switch (change) {
    case 'requested':
      return { title: `${other} asks for a session`, body: `${row.topic}, ${when}. Approve or decline it in your sessions.` };
    case 'booked':
      return { title: `${other} booked a session`, body: `${row.topic}, ${when}.` };
    case 'approved':
      return { title: `${other} confirmed your session`, body: `${row.topic}, ${when}.` };
    case 'declined':
      return { title: `${other} declined your request`, body: `${row.topic}, ${when}. Pick another time if you like.` };
    case 'cancelled':
      return { title: `${other} cancelled your session`, body: `${row.topic}, ${when}.${reason(row.cancelReason)}` };
    case 'rescheduled':
      return {
        title: `${other} moved your session`,
        body: `${row.topic}, now ${when}${row.rescheduledFrom === null ? '' : ` (was ${whenFor(row.rescheduledFrom, to.timeZone)})`}.${reason(row.rescheduleReason)}`,
      };
    case 'no_show':
      return { title: `${other} marked you absent`, body: `${row.topic}, ${when}.${reason(row.noShowReason)}` };
  }
}

/** Both sides' names, addresses and time zones (the guest's as they booked, the host's office hours'). */
async function sidesOf(deps: Pick<Deps, 'db'>, row: BookingRow): Promise<{ host: Side; guest: Side } | null> {
  const people = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [row.hostId, row.guestId]));
  const [hours] = await deps.db.select({ timeZone: officeHours.timeZone }).from(officeHours).where(eq(officeHours.userId, row.hostId));
  const side = (id: string, timeZone: string): Side | null => {
    const person = people.find((p) => p.id === id);
    return person ? { id, name: `${person.firstName} ${person.lastName}`.trim(), email: person.email, timeZone } : null;
  };
  const host = side(row.hostId, hours?.timeZone ?? 'UTC');
  const guest = side(row.guestId, row.guestTimeZone);
  return host && guest ? { host, guest } : null;
}

/** A plain notice mail (members who chose email for sessions get it; the door decides). */
export function noticeMail(title: string, body: string, appUrl: string): NoticeMail {
  const url = `${appUrl}${NOTIFICATION_LINKS.sessions}`;
  return {
    subject: title,
    text: `${title}\n\n${body}\n\nYour sessions: ${url}\n`,
    html: `<p><strong>${escapeHtml(title)}</strong></p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">Your sessions</a></p>`,
  };
}

const inviteOf = (row: BookingRow, sides: { host: Side; guest: Side }, meetingLink: string | null): InviteSession => ({
  id: row.id,
  sequence: row.sequence,
  status: row.status,
  start: new Date(row.startsAt),
  end: new Date(row.endsAt),
  topic: row.topic,
  agenda: row.agenda,
  meetingLink,
  host: { name: sides.host.name, email: sides.host.email },
  guest: { name: sides.guest.name, email: sides.guest.email },
});

/** The invitation mail to one side: the `.ics` attached, with Google and Outlook links while it holds. */
function inviteMail(deps: Pick<Deps, 'config'>, session: InviteSession, to: Side, other: Side, change: SessionChange) {
  const cancelled = session.status === 'cancelled' || session.status === 'declined';
  const when = whenFor(session.start.getTime(), to.timeZone);
  const subject = cancelled
    ? `Cancelled: ${session.topic} with ${other.name}`
    : `${change === 'rescheduled' ? 'Updated invitation' : 'Invitation'}: ${session.topic} with ${other.name}`;
  const links = cancelled ? null : calendarLinks(session, deps.config.appUrl);
  const sessionsUrl = `${deps.config.appUrl}${NOTIFICATION_LINKS.sessions}`;
  const lines = [
    `Hi ${to.name},`,
    cancelled
      ? `Your session with ${other.name} on ${when} is cancelled. The attached file removes it from your calendar.`
      : `Your session with ${other.name} about “${session.topic}”: ${when}.`,
    ...(session.meetingLink && !cancelled ? [`Join: ${session.meetingLink}`] : []),
    ...(links ? [`Add to Google Calendar: ${links.google}`, `Add to Outlook: ${links.outlook}`] : []),
    `Your sessions: ${sessionsUrl}`,
  ];
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    `Hi ${escapeHtml(to.name)},`,
    cancelled
      ? `Your session with ${escapeHtml(other.name)} on ${escapeHtml(when)} is cancelled. The attached file removes it from your calendar.`
      : `Your session with ${escapeHtml(other.name)} about “${escapeHtml(session.topic)}”: ${escapeHtml(when)}.`,
    ...(session.meetingLink && !cancelled ? [link(session.meetingLink, 'Join the call')] : []),
    ...(links ? [`${link(links.google, 'Add to Google Calendar')} · ${link(links.outlook, 'Add to Outlook')}`] : []),
    link(sessionsUrl, 'Your sessions'),
  ]
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
  return {
    to: to.email,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem">\n${html}\n</body></html>`,
    attachments: [
      {
        filename: cancelled ? 'cancel.ics' : 'invite.ics',
        contentType: `text/calendar; charset=UTF-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
        content: sessionInvite(session, { appUrl: deps.config.appUrl, mailFrom: deps.config.mailFrom }),
      },
    ],
  };
}

/**
 * Tells both sides about `change` of the session (`row` as it is now, `booking` as both
 * lists show it, `actorId` the member who acted). `hadInvite`: whether the session was
 * confirmed before the change, so its calendars hold it (a cancelled or moved request has no
 * invitation to update). Never throws: the change stands, a failure is logged.
 */
export async function tellSessionChange(deps: NoticeDeps, change: SessionChange, row: BookingRow, booking: Booking, actorId: string, hadInvite: boolean): Promise<void> {
  try {
    await Promise.all([row.hostId, row.guestId].map((userId) => tellLive<SessionLiveEvents, 'session'>(deps, userId, 'session', { booking })));
    const sides = await sidesOf(deps, row);
    if (!sides) return;
    const told = TOLD[change];
    const receiver = told.to === 'other' ? (actorId === row.hostId ? sides.guest : sides.host) : sides[told.to];
    const other = receiver.id === row.hostId ? sides.guest : sides.host;
    const invites = told.invites && (change === 'booked' || change === 'approved' || hadInvite) && row.status !== 'requested';
    const { title, body } = wordsOf(change, row, other.name, receiver);
    const notice = {
      userId: receiver.id,
      senderId: actorId === receiver.id ? null : actorId,
      kind: told.kind,
      title,
      body,
      link: NOTIFICATION_LINKS.sessions,
      refId: row.id,
      eventId: `${told.kind}:${row.id}:${row.sequence}`,
    };
    await (invites ? deliver(deps, notice) : deliver(deps, { ...notice, mail: noticeMail(title, body, deps.config.appUrl) }));
    if (!invites) return;
    const session = inviteOf(row, sides, booking.meetingLink ?? (await meetingLinkOf(deps, row.hostId)));
    await Promise.all([sendMail(deps, inviteMail(deps, session, sides.host, sides.guest, change)), sendMail(deps, inviteMail(deps, session, sides.guest, sides.host, change))]);
  } catch (error) {
    console.error(`session ${row.id}: telling ${change} failed`, error);
  }
}

async function meetingLinkOf(deps: Pick<Deps, 'db'>, hostId: string): Promise<string | null> {
  const [hours] = await deps.db.select({ link: officeHours.meetingLink }).from(officeHours).where(eq(officeHours.userId, hostId));
  return hours?.link ?? null;
}

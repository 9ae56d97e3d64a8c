/**
 * One session as the viewer sees it: the other person (picture, name, link to their profile),
 * the time on the viewer's clock and on the other's, topic, agenda, the meeting link once
 * confirmed, the status, and the actions that apply (session-actions.tsx).
 */
import { profilePath } from '../../lib/members/paths';
import { clockLabel, rangeLabel, zoneLabel } from '../../lib/office-hours/time';
import type { Booking } from '../../lib/office-hours/types';
import { Avatar } from '../ui/Avatar';
import { SESSION_ACTIONS, type SessionUi, type Side } from './session-actions';

const STATUS_LABEL: Record<Booking['status'], string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

interface Props {
  booking: Booking;
  viewerId: string;
  timeZone: string;
  now: number;
  busy: boolean;
  ui: SessionUi;
}

export function SessionCard({ booking, viewerId, timeZone, now, busy, ui }: Props) {
  const side: Side = booking.host._id === viewerId ? 'host' : 'guest';
  const other = side === 'host' ? booking.guest : booking.host;
  const otherZone = side === 'host' ? booking.timeZones.guest : booking.timeZones.host;
  const actions = SESSION_ACTIONS.filter((action) => action.when(booking, side, now));
  const titleId = `oh-session-${booking._id}`;
  return (
    <li className="card oh-session" aria-labelledby={titleId} data-session={booking._id} data-status={booking.status}>
      <div className="oh-session-head">
        <Avatar member={other} size={44} />
        <div className="oh-session-who">
          <h3 id={titleId} className="oh-session-title">
            {other.slug ? (
              <a className="link" href={profilePath(other.memberType, other.slug)}>
                {other.name}
              </a>
            ) : (
              other.name
            )}
          </h3>
          <p className="muted small">{side === 'host' ? 'Booked your office hours' : 'Your session with them'}</p>
        </div>
        <span className={`badge oh-status oh-status-${booking.status}`}>{STATUS_LABEL[booking.status]}</span>
      </div>
      <p className="oh-session-time">
        <time dateTime={booking.start}>{rangeLabel(booking.start, booking.end, timeZone)}</time>
        <span className="muted small"> your time ({zoneLabel(timeZone)})</span>
        {otherZone !== timeZone && (
          <span className="muted small oh-other-zone">
            {' '}
            · {clockLabel(booking.start, otherZone)} for them ({zoneLabel(otherZone)})
          </span>
        )}
      </p>
      <p className="oh-topic">
        <span className="muted small">Topic</span> {booking.topic}
      </p>
      {booking.agenda && <p className="oh-agenda">{booking.agenda}</p>}
      {booking.meetingLink && (
        <p>
          <a className="link oh-meeting-link" href={booking.meetingLink} target="_blank" rel="noopener noreferrer">
            Join the meeting
          </a>
        </p>
      )}
      {booking.cancelReason && <p className="muted small oh-reason">Reason: {booking.cancelReason}</p>}
      {booking.rescheduledFrom && (
        <p className="muted small oh-moved">
          Moved from{' '}
          {rangeLabel(booking.rescheduledFrom, new Date(Date.parse(booking.rescheduledFrom) + Date.parse(booking.end) - Date.parse(booking.start)).toISOString(), timeZone)}
          {booking.rescheduleReason ? `: ${booking.rescheduleReason}` : ''}
        </p>
      )}
      {booking.noShowReason && <p className="muted small oh-reason">Note: {booking.noShowReason}</p>}
      {actions.length > 0 && (
        <div className="form-actions oh-actions">
          {actions.map((action) =>
            action.href ? (
              <a key={action.key} className={`btn btn-sm btn-${action.variant}`} href={action.href(booking)}>
                {action.label}
              </a>
            ) : (
              <button key={action.key} type="button" className={`btn btn-sm btn-${action.variant}`} disabled={busy} onClick={() => action.run?.(booking, ui)}>
                {action.label}
              </button>
            ),
          )}
        </div>
      )}
    </li>
  );
}

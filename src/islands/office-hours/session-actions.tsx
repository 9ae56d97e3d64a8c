/**
 * What a member can do with a session, one entry each: the card shows the entries whose
 * `when` holds, in this order. Reschedule, no-show and review join here as entries of their own.
 */
import type { Booking } from '../../lib/office-hours/types';

export type Side = 'host' | 'guest';

/** What an action may call on the screen. */
export interface SessionUi {
  approve: (booking: Booking) => void;
  decline: (booking: Booking) => void;
  askCancel: (booking: Booking) => void;
}

export interface SessionAction {
  key: string;
  label: string;
  variant: 'primary' | 'secondary' | 'danger';
  when: (booking: Booking, side: Side, now: number) => boolean;
  run: (booking: Booking, ui: SessionUi) => void;
}

const holding = (booking: Booking) => booking.status === 'requested' || booking.status === 'confirmed';
const ahead = (booking: Booking, now: number) => Date.parse(booking.start) > now;

export const SESSION_ACTIONS: readonly SessionAction[] = [
  {
    key: 'approve',
    label: 'Approve',
    variant: 'primary',
    when: (booking, side, now) => side === 'host' && booking.status === 'requested' && ahead(booking, now),
    run: (booking, ui) => ui.approve(booking),
  },
  {
    key: 'decline',
    label: 'Decline',
    variant: 'secondary',
    when: (booking, side) => side === 'host' && booking.status === 'requested',
    run: (booking, ui) => ui.decline(booking),
  },
  {
    // The cut-off is the server's to judge: after it, the dialog shows its 409 words.
    key: 'cancel',
    label: 'Cancel session',
    variant: 'danger',
    when: (booking, _side, now) => holding(booking) && ahead(booking, now),
    run: (booking, ui) => ui.askCancel(booking),
  },
];

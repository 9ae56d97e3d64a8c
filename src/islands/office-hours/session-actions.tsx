/**
 * What a member can do with a session, one entry each: the card shows the entries whose
 * `when` holds, in this order. An entry either opens something on the screen (`run`) or leads
 * to a page (`href`). The cut-off for moves and cancels is the server's to judge: after it,
 * the dialogs show its 409 words.
 */
import { REVIEW_WINDOW_DAYS } from '@api/shared/reviews';
import type { Booking } from '../../lib/office-hours/types';

export type Side = 'host' | 'guest';

/** What an action may call on the screen. */
export interface SessionUi {
  approve: (booking: Booking) => void;
  decline: (booking: Booking) => void;
  askCancel: (booking: Booking) => void;
  askMove: (booking: Booking) => void;
  askNoShow: (booking: Booking) => void;
}

export interface SessionAction {
  key: string;
  label: string;
  variant: 'primary' | 'secondary' | 'danger';
  when: (booking: Booking, side: Side, now: number) => boolean;
  run?: (booking: Booking, ui: SessionUi) => void;
  href?: (booking: Booking) => string;
}

const holding = (booking: Booking) => booking.status === 'requested' || booking.status === 'confirmed';
const ahead = (booking: Booking, now: number) => Date.parse(booking.start) > now;
const DAY = 24 * 60 * 60 * 1000;

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
    key: 'move',
    label: 'Move',
    variant: 'secondary',
    when: (booking, _side, now) => holding(booking) && ahead(booking, now),
    run: (booking, ui) => ui.askMove(booking),
  },
  {
    key: 'no-show',
    label: 'Mark no-show',
    variant: 'secondary',
    when: (booking, side, now) => side === 'host' && booking.status === 'confirmed' && !ahead(booking, now),
    run: (booking, ui) => ui.askNoShow(booking),
  },
  {
    // The review page says so when it was written already (the list does not carry it).
    key: 'review',
    label: 'Leave a review',
    variant: 'primary',
    when: (booking, side, now) => side === 'guest' && booking.status === 'confirmed' && Date.parse(booking.end) <= now && now - Date.parse(booking.end) <= REVIEW_WINDOW_DAYS * DAY,
    href: (booking) => `/sessions/${booking._id}/review`,
  },
  {
    key: 'cancel',
    label: 'Cancel session',
    variant: 'danger',
    when: (booking, _side, now) => holding(booking) && ahead(booking, now),
    run: (booking, ui) => ui.askCancel(booking),
  },
];

/**
 * Office-hours sessions on the live connection: the server sends `session` with the booking
 * whenever one of the member's sessions changes (booked, answered, cancelled, moved). This
 * handler only tells the page (`SESSION_CHANGED_EVENT`), so no member page loads the sessions
 * store unless it shows /sessions.
 */
import type { LiveHandlers } from '../live/handlers';
import type { Booking } from './types';

/** The document event carrying a changed session (`detail`: the booking). */
export const SESSION_CHANGED_EVENT = 'office-hours-session';

/** How the sessions screen hears about changes (subscribed by src/lib/live/wiring.ts). */
export const sessionsLive: LiveHandlers = {
  session: (event) => {
    if (typeof document !== 'undefined') document.dispatchEvent(new CustomEvent<Booking>(SESSION_CHANGED_EVENT, { detail: event.booking }));
  },
  reconnect: () => {
    if (typeof document !== 'undefined') document.dispatchEvent(new CustomEvent<null>(SESSION_CHANGED_EVENT, { detail: null }));
  },
};

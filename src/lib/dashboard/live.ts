/**
 * How the dashboard answers the live connection (subscribed by src/lib/live/wiring.ts on every
 * member page; it acts only where the cards are shown): a request, a message, a read in another
 * tab, a notification, a match or an office-hours session renders the cards again; so do the first
 * connect (what happened between the render and the socket) and each reconnect.
 */
import type { LiveHandlers } from '../live/handlers';
import { refreshDashboard } from './refresh';

const refresh = (): void => void refreshDashboard();

export const dashboardLive: LiveHandlers = {
  counts: refresh,
  notification: refresh,
  thread: refresh,
  read: refresh,
  session: refresh,
  match: refresh,
  firstConnect: refresh,
  reconnect: refresh,
};

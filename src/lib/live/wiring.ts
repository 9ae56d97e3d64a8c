/**
 * The one place that wires live updates (docs/product.md#live-connection). The member page shell calls
 * `startLive()` (src/components/shell/LiveUpdates.astro, rendered for members only), so
 * visitors load none of this, and socket.io-client itself is imported only when the socket
 * opens (./client.ts). It subscribes the stores' live handlers to the page's socket once,
 * takes each page's server-rendered header figures, and opens the socket for the page
 * (./session.ts), which then follows the pages.
 */
import { requestsCountLive } from '../connections/requests-live';
import { dashboardLive } from '../dashboard/live';
import { followHeaderAvatar } from '../members/header-avatar';
import { bindMessagesBadge } from '../notifications/messages-badge';
import { renderedNotificationsCount } from '../notifications/badge';
import { billingLive } from '../stores/billing';
import { inboxLive } from '../stores/inbox';
import { introductionsLive } from '../stores/introductions';
import { requestsLive } from '../stores/message-requests';
import { notificationsActions, notificationsLive } from '../stores/notifications';
import { liveClient, type LiveClient } from './client';
import type { LiveHandlers } from './handlers';
import { startLiveSession } from './session';
import { sessionsLive } from '../office-hours/sessions-live';

/** What the wiring needs of the live client. */
export type LiveSource = Pick<LiveClient, 'on' | 'onConnect' | 'onReconnect'>;

/** Subscribes one store's handlers to `source`; the first-connect handler runs once, then unsubscribes itself. */
function subscribe(source: LiveSource, handlers: LiveHandlers): Array<() => void> {
  const { notification, thread, read, counts, billing, session, match, firstConnect, reconnect } = handlers;
  const stops: Array<() => void> = [];
  if (notification) stops.push(source.on('notification', notification));
  if (thread) stops.push(source.on('thread', thread));
  if (read) stops.push(source.on('read', read));
  if (counts) stops.push(source.on('counts', counts));
  if (billing) stops.push(source.on('billing', billing));
  if (session) stops.push(source.on('session', session));
  if (match) stops.push(source.on('match', match));
  if (reconnect) stops.push(source.onReconnect(reconnect));
  if (firstConnect) {
    const stop = source.onConnect(() => {
      stop();
      firstConnect();
    });
    stops.push(stop);
  }
  return stops;
}

/** Subscribes each store's handlers to `source`, in order; returns the function that unsubscribes them all. */
export function wireLiveUpdates(source: LiveSource, stores: readonly LiveHandlers[]): () => void {
  const stops = stores.flatMap((handlers) => subscribe(source, handlers));
  return () => stops.forEach((stop) => stop());
}

/** The page whose figures were taken last: its first load both calls and fires `astro:page-load`. */
let figuresTakenFrom: HTMLElement | null = null;

/** Each server-rendered page brings fresher header figures than what the stores knew. */
function takePageFigures(): void {
  // The client router swaps <body>: a new body is a new page.
  if (document.body === figuresTakenFrom) return;
  figuresTakenFrom = document.body;
  const notifications = renderedNotificationsCount();
  if (notifications !== null) notificationsActions.hydrateUnseen(notifications);
  bindMessagesBadge();
}

let started = false;

/** Starts live updates for the member's pages: once per page session, later calls do nothing. */
export function startLive(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  wireLiveUpdates(liveClient, [notificationsLive, inboxLive, billingLive, requestsLive, requestsCountLive, sessionsLive, dashboardLive, introductionsLive]);
  // The figures come before the socket: its first connect refreshes them (see notificationsLive).
  takePageFigures();
  document.addEventListener('astro:page-load', takePageFigures);
  followHeaderAvatar();
  startLiveSession();
}

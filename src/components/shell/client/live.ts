/**
 * Starts and stops the live connection with the page (SPEC.md §4). The member's id comes
 * from <html data-user-id> (rendered for members only; the client router swaps it on each
 * navigation). The live client is imported only when a member is signed in, so visitors
 * load neither it nor socket.io-client. Closed on unload; a page restored from the
 * back-forward cache opens it again.
 */
import { liveTargetFrom } from '../../../lib/live/plan';

type LiveModule = typeof import('../../../lib/live/client');

let live: Promise<LiveModule> | null = null;

/** The unread-messages badge follows the live connection on every member page. */
function bindBadges(): void {
  import('../../../lib/notifications/messages-badge')
    .then((module) => module.bindMessagesBadge())
    .catch((error) => console.error('live: the messages badge could not be started', error));
}

function sync(): void {
  const userId = document.documentElement.dataset.userId;
  // A visitor who never signed in during this page session needs nothing loaded.
  if (!userId && !live) return;
  live ??= import('../../../lib/live/client');
  if (userId) bindBadges();
  live.then((module) => module.syncLive(liveTargetFrom(userId, location.search))).catch((error) => {
    console.error('live: the client could not be loaded', error);
    live = null;
  });
}

/** Closes the live connection if one was started (sign-out). */
export function stopLiveSession(): void {
  void live?.then((module) => module.stopLive());
}

export function initLive(onEachPage: (callback: () => void) => void): void {
  onEachPage(sync);
  // The inbox may select a thread through history alone; Back and Forward follow it.
  addEventListener('popstate', sync);
  addEventListener('pagehide', stopLiveSession);
  addEventListener('pageshow', (event) => {
    if (event.persisted) sync();
  });
}

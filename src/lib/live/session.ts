/**
 * Ties the live connection to the pages (docs/product.md#live-connection): started by ./wiring.ts, which only
 * members' pages load, so visitors load neither this nor socket.io-client. From
 * then on every page shown (client-router navigations included), Back and Forward, and a
 * page restored from the back-forward cache bring the socket in line with the page: the
 * member of <html data-user-id> and its `?personalInbox=`. Closed on sign-out and unload.
 * An API call answered 401 makes the page check whether its session ended elsewhere.
 */
import { AUTH_REFUSED_EVENT } from '../session/ended';
import { sessionWatch } from '../session/watch';
import { stopLive, syncLive } from './client';
import { liveTargetFrom } from './plan';
import { SIGNED_OUT_EVENT } from './signals';

let started = false;

function syncWithPage(): void {
  syncLive(liveTargetFrom(document.documentElement.dataset.userId, location.search));
}

/** Opens the live connection for this page and follows the pages after it (idempotent). */
export function startLiveSession(): void {
  if (typeof document === 'undefined') return;
  syncWithPage();
  if (started) return;
  started = true;
  document.addEventListener('astro:page-load', syncWithPage);
  // The inbox may select a thread through history alone.
  addEventListener('popstate', syncWithPage);
  addEventListener('pagehide', stopLive);
  addEventListener('pageshow', (event) => {
    if (event.persisted) syncWithPage();
  });
  addEventListener(SIGNED_OUT_EVENT, stopLive);
  addEventListener(AUTH_REFUSED_EVENT, () => void sessionWatch.check(null));
}

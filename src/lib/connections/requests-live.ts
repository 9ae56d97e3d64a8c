/**
 * Keeps the header's Connections badge live on every member page, the way the bell's count
 * is: the server sends `counts` with `connectionRequests` whenever the member's received
 * requests change (a request arrives or is withdrawn, one is answered in any tab, a block),
 * and after a reconnect the figure is fetched again. The connections screen hears the same
 * figure through `REQUESTS_COUNT_EVENT`, so this file never loads the connections store.
 */
import { api as sessionApi, data, type ApiClient } from '../api/client';
import type { LiveHandlers } from '../live/handlers';
import type { LiveEvents } from '../notifications/types';
import { updateRequestsBadge } from './badge';

/** The document event carrying a new received-requests count (`detail`: the count). */
export const REQUESTS_COUNT_EVENT = 'connection-requests-count';

/** Shows `count` in the header badge and tells the page (the connections screen) about it. */
function showCount(count: number): void {
  updateRequestsBadge(count);
  if (typeof document !== 'undefined') document.dispatchEvent(new CustomEvent<number>(REQUESTS_COUNT_EVENT, { detail: count }));
}

/** The live handlers over a client and what shows the figure (tests inject both). */
export function createRequestsCountLive(api: Pick<ApiClient, 'connection'>, show: (count: number) => void = showCount): LiveHandlers {
  /** GET connection/count: what changed while the socket was away; a failure keeps the badge. */
  async function refresh(): Promise<void> {
    try {
      const counts = await data(api.connection.count.$get());
      if (typeof counts?.received === 'number') show(counts.received);
    } catch (cause) {
      console.error('connections: the requests count could not be refreshed', cause);
    }
  }
  return {
    counts: (event: LiveEvents['counts']) => {
      if (typeof event.connectionRequests === 'number') show(event.connectionRequests);
    },
    // A request sent between the page's rendering and the first connect reached no socket.
    firstConnect: () => void refresh(),
    reconnect: () => void refresh(),
  };
}

/** How the header's Connections badge answers the live connection (subscribed by src/lib/live/wiring.ts). */
export const requestsCountLive: LiveHandlers = createRequestsCountLive(sessionApi);

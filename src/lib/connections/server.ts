/**
 * Server-side reads for the connections screens: the counts (asked once per request, as
 * the header's badge and the page both want them) and the first page of a tab.
 */
import { data } from '../api/client';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';
import { listPage } from './paths';
import type { InitialConnections } from './state';
import type { TabKey } from './tabs';
import type { ConnectionCounts } from './types';

const countsByRequest = new WeakMap<Request, Promise<ConnectionCounts | null>>();

/** GET /connection/count for the member of `request`, once per request; null when unavailable. */
export function connectionCountsFor(request: Request, options: ServerCallOptions): Promise<ConnectionCounts | null> {
  let counts = countsByRequest.get(request);
  if (!counts) {
    counts = options.token ? data(serverClient(options).connection.count.$get()).catch(() => null) : Promise.resolve(null);
    countsByRequest.set(request, counts);
  }
  return counts;
}

/** What the connections island starts from: the counts and the chosen tab's first page. */
export async function initialConnections(request: Request, tab: TabKey, options: ServerCallOptions): Promise<InitialConnections> {
  const [counts, page] = await Promise.all([connectionCountsFor(request, options), outcome(listPage(serverClient(options), tab, 1))]);
  if (!page.ok) return { tab, counts, page: null, error: page.error.message };
  return { tab, counts, page: { data: page.data.data, total: page.data.total ?? page.data.data.length }, error: null };
}

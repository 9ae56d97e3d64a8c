/**
 * Server-side reads for the connections screens: the counts (asked once per request, as
 * the header's badge and the page both want them) and the first page of a tab.
 */
import { callApi, type ApiCallOptions } from '../server/api';
import { listPath } from './paths';
import type { InitialConnections } from './state';
import type { TabKey } from './tabs';
import type { ConnectionCounts } from './types';

type CallOptions = Pick<ApiCallOptions, 'token' | 'clientIp' | 'fetchApi'>;

const countsByRequest = new WeakMap<Request, Promise<ConnectionCounts | null>>();

/** GET /connection/count for the member of `request`, once per request; null when unavailable. */
export function connectionCountsFor(request: Request, options: CallOptions): Promise<ConnectionCounts | null> {
  let counts = countsByRequest.get(request);
  if (!counts) {
    counts = options.token
      ? callApi<ConnectionCounts>('connection/count', options).then((result) => (result.ok ? result.data : null))
      : Promise.resolve(null);
    countsByRequest.set(request, counts);
  }
  return counts;
}

/** What the connections island starts from: the counts and the chosen tab's first page. */
export async function initialConnections(request: Request, tab: TabKey, options: CallOptions): Promise<InitialConnections> {
  const [path, search] = listPath(tab, 1).split('?') as [string, string];
  const [counts, page] = await Promise.all([
    connectionCountsFor(request, options),
    callApi<{ data: unknown[]; total?: number }>(path, { ...options, search }),
  ]);
  if (!page.ok) return { tab, counts, page: null, error: page.error.message };
  return { tab, counts, page: { data: page.data.data, total: page.data.total ?? page.data.data.length }, error: null };
}

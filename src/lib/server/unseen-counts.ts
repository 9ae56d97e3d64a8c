/**
 * The header's two unread figures (notifications and messages) for the member of a
 * request, asked once per request so the header shows them without a flash and the pages
 * that need one of them (/inbox) reuse the same answer.
 */
import { callApi, type ApiCallOptions } from './api';

type CallOptions = Pick<ApiCallOptions, 'token' | 'clientIp' | 'fetchApi'>;

/** The header's unread figures; 0 when the API cannot tell. */
export interface UnseenCounts {
  notifications: number;
  messages: number;
}

const countsByRequest = new WeakMap<Request, Promise<UnseenCounts>>();

async function countOf(path: string, options: CallOptions): Promise<number> {
  const result = await callApi<{ count: number }>(path, options);
  return result.ok && typeof result.data?.count === 'number' ? result.data.count : 0;
}

/** GET notifications/unseen-count and connections/messages/unseen-count for the member of `request`, once per request. */
export function unseenCountsFor(request: Request, options: CallOptions): Promise<UnseenCounts> {
  let counts = countsByRequest.get(request);
  if (!counts) {
    counts = options.token
      ? Promise.all([countOf('notifications/unseen-count', options), countOf('connections/messages/unseen-count', options)]).then(
          ([notifications, messages]) => ({ notifications, messages }),
        )
      : Promise.resolve({ notifications: 0, messages: 0 });
    countsByRequest.set(request, counts);
  }
  return counts;
}

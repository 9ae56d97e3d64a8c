/**
 * The header's two unread figures (notifications and messages) for the member of a
 * request, asked once per request so the header shows them without a flash and the pages
 * that need one of them (/inbox) reuse the same answer.
 */
import { data, type ApiClient } from '../api/client';
import { serverClient, type ServerCallOptions } from './api-client';

/** The header's unread figures; 0 when the API cannot tell. */
export interface UnseenCounts {
  notifications: number;
  messages: number;
}

const countsByRequest = new WeakMap<Request, Promise<UnseenCounts>>();

/** The count of an unseen-count answer; 0 when the call failed or the answer has none. */
function countOf(read: Promise<{ count: number } | null>): Promise<number> {
  return read.then(
    (answer) => (typeof answer?.count === 'number' ? answer.count : 0),
    () => 0,
  );
}

/** GET notifications/unseen-count and connections/messages/unseen-count, at once. */
async function readCounts(client: ApiClient): Promise<UnseenCounts> {
  const [notifications, messages] = await Promise.all([
    countOf(data(client.notifications['unseen-count'].$get())),
    countOf(data(client.connections.messages['unseen-count'].$get())),
  ]);
  return { notifications, messages };
}

/** The unread figures for the member of `request`, asked once per request (none for a visitor). */
export function unseenCountsFor(request: Request, options: ServerCallOptions): Promise<UnseenCounts> {
  let counts = countsByRequest.get(request);
  if (!counts) {
    counts = options.token ? readCounts(serverClient(options)) : Promise.resolve({ notifications: 0, messages: 0 });
    countsByRequest.set(request, counts);
  }
  return counts;
}
